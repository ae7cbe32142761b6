package dev.ispd.hadoop.fs.metadata;

import dev.ispd.offload.storage.Replica;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The directory tree rebuilt from the journal. {@link #apply} is deterministic: every client
 * replays the same records in the same order and reaches the same tree, so a record that a
 * concurrent one made invalid (a create of a path that now exists, a rename onto a destination
 * that now exists) is rejected by all of them alike. Not thread-safe: the file system guards it.
 */
public final class Namespace {
    /** A file or directory. */
    public abstract static sealed class Node permits Dir, File {
        public final String owner;
        public final long mtimeMs;

        Node(String owner, long mtimeMs) {
            this.owner = owner;
            this.mtimeMs = mtimeMs;
        }
    }

    /** A directory; {@code id} tells it from every other directory that ever had its path (ids are never reused). */
    public static final class Dir extends Node {
        final long id;
        public final TreeMap<String, Node> children = new TreeMap<>();

        Dir(long id, String owner, long mtimeMs) {
            super(owner, mtimeMs);
            this.id = id;
        }
    }

    public static final class File extends Node {
        public final long chunkSize;
        public final long length;
        public final List<Chunk> chunks;
        /** Extended attributes by name, in name order (empty for most files). */
        public final Map<String, byte[]> xattrs;

        File(String owner, long mtimeMs, long chunkSize, long length, List<Chunk> chunks) {
            this(owner, mtimeMs, chunkSize, length, chunks, Map.of());
        }

        File(String owner, long mtimeMs, long chunkSize, long length, List<Chunk> chunks, Map<String, byte[]> xattrs) {
            super(owner, mtimeMs);
            this.chunkSize = chunkSize;
            this.length = length;
            this.chunks = List.copyOf(chunks);
            this.xattrs = Collections.unmodifiableMap(new TreeMap<>(xattrs));
        }

        /** This file with attribute {@code name} set to {@code value}. */
        File withXAttr(String name, byte[] value) {
            Map<String, byte[]> set = new TreeMap<>(xattrs);
            set.put(name, value.clone());
            return new File(owner, mtimeMs, chunkSize, length, chunks, set);
        }

        /** The fewest replicas any chunk has (1 for an empty file). */
        public int replication() {
            return chunks.stream().mapToInt(c -> c.replicas().size()).min().orElse(1);
        }
    }

    /** Why a record was rejected. */
    public enum Refusal { MISSING, EXISTS, PARENT_NOT_DIRECTORY, IS_DIRECTORY, NOT_EMPTY, INTO_ITSELF, ROOT, NOT_A_FILE, LEASED }

    /** A writer's hold on a path it is writing, and the objects it created so far ({@link JournalRecord.Lease}). */
    public record WriterLease(String holder, long untilMs, List<Replica> objects) {
    }

    /**
     * What a record did: {@code refusal} is null if it took effect; {@code freed} lists the chunks
     * of the files it removed or replaced (their objects are for the record's writer to delete).
     */
    public record Outcome(Refusal refusal, String detail, List<Chunk> freed) {
        static final Outcome APPLIED = new Outcome(null, "", List.of());

        static Outcome refused(Refusal r, String detail) {
            return new Outcome(r, detail, List.of());
        }

        public boolean applied() {
            return refusal == null;
        }
    }

    /** The root's directory id; the others are numbered from 1 in the order the journal creates them. */
    static final long ROOT_ID = 0;

    private final Dir root;
    private long lastDirId;
    /** Leases by path, in path order; a file's create record ends its lease. */
    private final Map<String, WriterLease> leases;

    /** An empty namespace: the root alone. */
    public Namespace() {
        this(new Dir(ROOT_ID, "", 0), ROOT_ID, Map.of());
    }

    /** A namespace restored from a checkpoint ({@link Checkpoint}). */
    Namespace(Dir root, long lastDirId, Map<String, WriterLease> leases) {
        this.root = root;
        this.lastDirId = lastDirId;
        this.leases = new TreeMap<>(leases);
    }

    /** The writers' leases by path, including those that ran out (whose writers never closed). */
    public Map<String, WriterLease> leases() {
        return Collections.unmodifiableMap(leases);
    }

    public Dir root() {
        return root;
    }

    /** The highest directory id given so far. */
    long lastDirId() {
        return lastDirId;
    }

    /** The node at an absolute normalised path, or null. */
    public Node lookup(String path) {
        Node n = root;
        for (String name : names(path)) {
            if (!(n instanceof Dir d)) {
                return null;
            }
            n = d.children.get(name);
            if (n == null) {
                return null;
            }
        }
        return n;
    }

    /** The nearest existing ancestor of {@code path} (or the node itself) that is a file, or null. */
    public String fileOnTheWay(String path) {
        Node n = root;
        StringBuilder at = new StringBuilder();
        for (String name : names(path)) {
            if (n instanceof File) {
                return at.toString();
            }
            n = ((Dir) n).children.get(name);
            if (n == null) {
                return null;
            }
            at.append('/').append(name);
        }
        return n instanceof File ? at.toString() : null;
    }

    /**
     * The nearest existing directory on the way to {@code path} (excluding the path itself): the
     * anchor of a {@link JournalRecord.CreateFile}.
     */
    public JournalRecord.Anchor anchorOf(String path) {
        Dir d = root;
        StringBuilder at = new StringBuilder();
        String[] names = names(path);
        for (int i = 0; i < names.length - 1 && d.children.get(names[i]) instanceof Dir next; i++) {
            at.append('/').append(names[i]);
            d = next;
        }
        return d == root ? JournalRecord.Anchor.ROOT : new JournalRecord.Anchor(at.toString(), d.id);
    }

    public Outcome apply(JournalRecord r) {
        if (r instanceof JournalRecord.Mkdir m) {
            return mkdir(m);
        } else if (r instanceof JournalRecord.CreateFile c) {
            return create(c);
        } else if (r instanceof JournalRecord.Delete d) {
            return delete(d);
        } else if (r instanceof JournalRecord.SetXAttr x) {
            return setXAttr(x);
        } else if (r instanceof JournalRecord.Lease l) {
            return lease(l);
        } else if (r instanceof JournalRecord.SetReplicas x) {
            return setReplicas(x);
        }
        return rename((JournalRecord.Rename) r);
    }

    private Outcome mkdir(JournalRecord.Mkdir m) {
        Object parent = parents(m.path(), m.owner(), m.timeMs());
        if (parent instanceof Outcome refused) {
            return refused;
        }
        if (m.path().equals("/")) {
            return Outcome.APPLIED;
        }
        Dir p = (Dir) parent;
        String name = name(m.path());
        Node existing = p.children.get(name);
        if (existing instanceof File) {
            return Outcome.refused(Refusal.PARENT_NOT_DIRECTORY, m.path() + " is a file");
        }
        if (existing == null) {
            p.children.put(name, new Dir(++lastDirId, m.owner(), m.timeMs()));
        }
        return Outcome.APPLIED;
    }

    private Outcome create(JournalRecord.CreateFile c) {
        if (c.path().equals("/")) {
            return Outcome.refused(Refusal.IS_DIRECTORY, "/ is the root directory");
        }
        if (!(lookup(c.anchor().path()) instanceof Dir anchor && anchor.id == c.anchor().dirId())) {
            return Outcome.refused(Refusal.MISSING, "the directory " + c.anchor().path()
                    + " was deleted or renamed while " + c.path() + " was open for writing");
        }
        Object parent = parents(c.path(), c.owner(), c.timeMs());
        if (parent instanceof Outcome refused) {
            return refused;
        }
        Dir p = (Dir) parent;
        String name = name(c.path());
        Node existing = p.children.get(name);
        if (existing instanceof Dir) {
            return Outcome.refused(Refusal.IS_DIRECTORY, c.path() + " is a directory");
        }
        if (existing != null && !c.overwrite()) {
            return Outcome.refused(Refusal.EXISTS, c.path() + " already exists");
        }
        p.children.put(name, new File(c.owner(), c.timeMs(), c.chunkSize(), c.length(), c.chunks()));
        leases.remove(c.path());
        return existing == null ? Outcome.APPLIED : new Outcome(null, "", ((File) existing).chunks);
    }

    private Outcome delete(JournalRecord.Delete d) {
        Node n = lookup(d.path());
        if (n == null) {
            return Outcome.refused(Refusal.MISSING, d.path() + " does not exist");
        }
        if (n instanceof Dir dir && !dir.children.isEmpty() && !d.recursive()) {
            return Outcome.refused(Refusal.NOT_EMPTY, d.path() + " is a non-empty directory");
        }
        List<Chunk> freed = new ArrayList<>();
        collectChunks(n, freed);
        if (n == root) {
            root.children.clear(); // the root itself always stays
        } else {
            ((Dir) lookup(parentOf(d.path()))).children.remove(name(d.path()));
        }
        return new Outcome(null, "", freed);
    }

    private Outcome setXAttr(JournalRecord.SetXAttr x) {
        Node n = lookup(x.path());
        if (n == null) {
            return Outcome.refused(Refusal.MISSING, x.path() + " does not exist");
        }
        if (!(n instanceof File f)) {
            return Outcome.refused(Refusal.NOT_A_FILE, x.path() + " is a directory: only files have attributes");
        }
        ((Dir) lookup(parentOf(x.path()))).children.put(name(x.path()), f.withXAttr(x.name(), x.value()));
        return Outcome.APPLIED;
    }

    /**
     * Takes or renews a lease, or ends it (a record whose lease ends when it is written); refused
     * while another holder's lease on the path runs at the record's time.
     */
    private Outcome lease(JournalRecord.Lease l) {
        WriterLease held = leases.get(l.path());
        boolean same = held != null && held.holder().equals(l.holder());
        if (held != null && !same && l.timeMs() < held.untilMs()) {
            return Outcome.refused(Refusal.LEASED, l.path() + " is being written by " + held.holder()
                    + " (lease until " + held.untilMs() + ")");
        }
        if (l.untilMs() <= l.timeMs()) { // a release
            if (same) {
                leases.remove(l.path());
            }
            return Outcome.APPLIED;
        }
        List<Replica> objects = new ArrayList<>(same ? held.objects() : List.of());
        objects.addAll(l.objects());
        leases.put(l.path(), new WriterLease(l.holder(), l.untilMs(), List.copyOf(objects)));
        return Outcome.APPLIED;
    }

    private Outcome setReplicas(JournalRecord.SetReplicas x) {
        if (!(lookup(x.path()) instanceof File f) || x.chunk() < 0 || x.chunk() >= f.chunks.size()
                || !f.chunks.get(x.chunk()).replicas().equals(x.was())) {
            return Outcome.refused(Refusal.MISSING, "chunk " + x.chunk() + " of " + x.path()
                    + " no longer has the replicas " + x.was());
        }
        List<Chunk> chunks = new ArrayList<>(f.chunks);
        chunks.set(x.chunk(), new Chunk(x.now(), f.chunks.get(x.chunk()).length()));
        ((Dir) lookup(parentOf(x.path()))).children.put(name(x.path()),
                new File(f.owner, f.mtimeMs, f.chunkSize, f.length, chunks, f.xattrs));
        return Outcome.APPLIED;
    }

    private Outcome rename(JournalRecord.Rename r) {
        if (r.src().equals("/")) {
            return Outcome.refused(Refusal.ROOT, "the root directory cannot be renamed");
        }
        Node n = lookup(r.src());
        if (n == null) {
            return Outcome.refused(Refusal.MISSING, r.src() + " does not exist");
        }
        if (r.dst().equals("/") || lookup(r.dst()) != null) {
            return Outcome.refused(Refusal.EXISTS, r.dst() + " already exists");
        }
        if (r.dst().startsWith(r.src() + "/")) {
            return Outcome.refused(Refusal.INTO_ITSELF, "cannot move " + r.src() + " under itself to " + r.dst());
        }
        Node dstParent = lookup(parentOf(r.dst()));
        if (dstParent == null) {
            return Outcome.refused(Refusal.MISSING, "the parent of " + r.dst() + " does not exist");
        }
        if (!(dstParent instanceof Dir to)) {
            return Outcome.refused(Refusal.PARENT_NOT_DIRECTORY, "the parent of " + r.dst() + " is a file");
        }
        ((Dir) lookup(parentOf(r.src()))).children.remove(name(r.src()));
        to.children.put(name(r.dst()), n);
        return Outcome.APPLIED;
    }

    /**
     * The parent directory of {@code path}, creating missing ones, or an Outcome refusing because a
     * file is in the way (found before anything is created: a created directory has no children).
     */
    private Object parents(String path, String owner, long timeMs) {
        Dir d = root;
        String[] names = names(path);
        StringBuilder at = new StringBuilder();
        for (int i = 0; i < names.length - 1; i++) {
            at.append('/').append(names[i]);
            Node n = d.children.get(names[i]);
            if (n == null) {
                n = new Dir(++lastDirId, owner, timeMs);
                d.children.put(names[i], n);
            }
            if (!(n instanceof Dir next)) {
                return Outcome.refused(Refusal.PARENT_NOT_DIRECTORY, at + " is a file, on the way to " + path);
            }
            d = next;
        }
        return d;
    }

    private static void collectChunks(Node n, List<Chunk> into) {
        if (n instanceof File f) {
            into.addAll(f.chunks);
        } else {
            for (Node c : ((Dir) n).children.values()) {
                collectChunks(c, into);
            }
        }
    }

    private static final String[] ROOT = new String[0];

    static String[] names(String path) {
        return path.equals("/") ? ROOT : path.substring(1).split("/");
    }

    public static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public static String parentOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash == 0 ? "/" : path.substring(0, slash);
    }
}
