package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.Chunk;
import dev.ispd.hadoop.fs.metadata.Journal;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.hadoop.fs.metadata.WriterLease;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.ReservedValues;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;

/**
 * Checks an osd:// file system against its drives, as {@code hdfs fsck} checks HDFS, and with
 * {@code repair} fixes what it can. It reports
 * <ul>
 *   <li>namespace damage: a journal record that does not replay from the oldest point the journal
 *       is kept from (the older checkpoint once it is cut), a kept checkpoint that cannot be read
 *       (repair: write a new checkpoint; with nothing damaged, repair cuts the journal);</li>
 *   <li>missing chunks: no replica on a drive that answers holds the chunk's bytes (nothing to
 *       repair from);</li>
 *   <li>under-replicated chunks: some replicas are lost (repair: copy the chunk from a live replica
 *       to drives that hold none, in placement order, and record the new replicas in the journal);</li>
 *   <li>orphans: DATA objects no file, writer's lease or journal store names (a writer that died
 *       before close, a delete that failed), and tasklet instances (left by a job that ended
 *       without deleting them: a cancelled query whose executions were still running, a client
 *       that died; a running job's are listed too, and kept by the grace period). Repair deletes an orphan only once it has been one for
 *       the grace period: the objects of a lease that ran out at least that long ago, and objects
 *       that an earlier fsck listed at least that long ago (kept in {@link #SUSPECTS}). Objects of a
 *       writer whose lease runs are never orphans, so an active writer is never harmed.</li>
 * </ul>
 * A namespace that names fewer of the drives' data objects than it leaves unnamed (an empty one,
 * or another file system's: the journal on a drive read for a namespace kept in ZooKeeper) is
 * reported as a NAMESPACE finding naming what it saw, and repair deletes no orphan then unless
 * told to trust the namespace.
 */
final class Fsck {
    /** Where fsck keeps the orphans it saw, with when it first saw each ({@code drive object first-seen-ms} lines). */
    static final String SUSPECTS = "/.ispd/fsck/orphans";

    private final OsdFileSystem fs;
    private final DriveSet drives;
    private final boolean repair;
    private final boolean trustNamespace;
    private final long graceMs;
    private final long now = System.currentTimeMillis();
    private final List<FsckReport.Finding> findings = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private Fsck(OsdFileSystem fs, DriveSet drives, boolean repair, long graceMs, boolean trustNamespace) {
        this.fs = fs;
        this.drives = drives;
        this.repair = repair;
        this.graceMs = graceMs;
        this.trustNamespace = trustNamespace;
    }

    /**
     * Checks (and repairs) {@code fs}. The drives are listed before the namespace is read, so an
     * object a writer creates meanwhile is either not listed or already named by its lease. With
     * {@code trustNamespace}, repair deletes orphans even when the namespace looks foreign.
     */
    static FsckReport run(OsdFileSystem fs, DriveSet drives, Journal journal, boolean repair, long graceMs,
                          boolean trustNamespace) throws IOException {
        Fsck f = new Fsck(fs, drives, repair, graceMs, trustNamespace);
        f.namespace(journal);
        List<Map<Long, ObjectStat>> objects = f.listDrives();
        Namespace ns = fs.namespace();
        Set<Replica> named = new HashSet<>(journal.storeObjects());
        int[] counts = new int[2];
        f.files(ns.root(), "", objects, named, counts);
        f.orphans(ns, objects, named, journal.describe() + " (" + counts[0] + " files)");
        return new FsckReport(counts[0], counts[1], f.findings, f.notes);
    }

    /** Reports namespace damage (repair: a new checkpoint); with nothing damaged, repair cuts the journal. */
    private void namespace(Journal journal) throws IOException {
        List<String> damages = journal.damage(notes);
        if (repair && damages.isEmpty()) {
            journal.cut();
        }
        for (String damage : damages) {
            boolean repaired = false;
            String detail = damage;
            if (repair && damage.contains("checkpoint")) {
                try {
                    journal.checkpointNow();
                    repaired = true;
                } catch (IOException e) {
                    detail += "; writing a new checkpoint failed: " + e.getMessage();
                }
            }
            findings.add(new FsckReport.Finding(FsckReport.Kind.NAMESPACE, detail, repaired));
        }
    }

    /** Each drive's objects by id; null for a drive that does not answer (reported once). */
    private List<Map<Long, ObjectStat>> listDrives() {
        List<Map<Long, ObjectStat>> out = new ArrayList<>();
        for (int d = 0; d < drives.size(); d++) {
            try (Drive drive = drives.open(d)) {
                Map<Long, ObjectStat> byId = new HashMap<>();
                drive.list().forEach(o -> byId.put(o.id(), o));
                out.add(byId);
            } catch (IOException e) {
                out.add(null);
                findings.add(new FsckReport.Finding(FsckReport.Kind.DRIVE_DOWN, "drive " + d + " ("
                        + drives.address(d) + ") does not answer: " + e.getMessage(), false));
            }
        }
        return out;
    }

    private void files(Namespace.Node n, String path, List<Map<Long, ObjectStat>> objects, Set<Replica> named,
                       int[] counts) throws IOException {
        if (n instanceof Namespace.Dir d) {
            for (Map.Entry<String, Namespace.Node> c : d.children.entrySet()) {
                files(c.getValue(), path + "/" + c.getKey(), objects, named, counts);
            }
            return;
        }
        Namespace.File f = (Namespace.File) n;
        counts[0]++;
        for (int i = 0; i < f.chunks.size(); i++) {
            counts[1]++;
            Chunk c = f.chunks.get(i);
            named.addAll(c.replicas());
            List<Replica> live = new ArrayList<>();
            List<String> lost = new ArrayList<>();
            for (Replica r : c.replicas()) {
                Map<Long, ObjectStat> on = objects.get(r.drive());
                ObjectStat o = on == null ? null : on.get(r.objectId());
                if (o != null && o.size() >= c.length()) {
                    live.add(r);
                } else {
                    lost.add("drive " + r.drive() + " object " + Long.toUnsignedString(r.objectId()) + ": "
                            + (on == null ? "drive down" : o == null ? "object gone" : "object holds " + o.size()
                            + " of " + c.length() + " bytes"));
                }
            }
            String where = path + " chunk " + i + " (file bytes " + i * f.chunkSize + " to "
                    + (i * f.chunkSize + c.length()) + ")";
            if (live.isEmpty()) {
                findings.add(new FsckReport.Finding(FsckReport.Kind.MISSING, where + ": no replica holds it ("
                        + String.join("; ", lost) + ")", false));
            } else if (!lost.isEmpty()) {
                String detail = where + ": " + live.size() + " of " + c.replicas().size() + " replicas ("
                        + String.join("; ", lost) + ")";
                boolean repaired = false;
                if (repair) {
                    String result = rereplicate(path, i, c, live, objects, named);
                    repaired = result.startsWith("copied");
                    detail += "; " + result;
                }
                findings.add(new FsckReport.Finding(FsckReport.Kind.UNDER_REPLICATED, detail, repaired));
            }
        }
    }

    /** Copies chunk {@code index} from a live replica to drives holding none, and records the new replicas. */
    private String rereplicate(String path, int index, Chunk c, List<Replica> live, List<Map<Long, ObjectStat>> objects,
                               Set<Replica> named) throws IOException {
        byte[] bytes = null;
        for (Replica r : live) {
            try (Drive d = drives.open(r.drive())) {
                bytes = d.read(r.objectId(), 0, (int) c.length());
                break;
            } catch (IOException e) {
                // the next live replica
            }
        }
        if (bytes == null) {
            return "not repaired: no live replica could be read";
        }
        Set<Integer> holding = new HashSet<>();
        live.forEach(r -> holding.add(r.drive()));
        List<Replica> now = new ArrayList<>(live);
        for (int drive : ChunkPlacement.candidates(path, index, drives)) {
            if (now.size() == c.replicas().size()) {
                break;
            }
            if (holding.contains(drive) || objects.get(drive) == null) {
                continue;
            }
            try (Drive d = drives.open(drive)) {
                long id = d.createObject();
                d.write(id, 0, bytes);
                now.add(new Replica(drive, id));
            } catch (IOException e) {
                // the next candidate
            }
        }
        if (now.size() == live.size()) {
            return "not repaired: no other drive took a copy";
        }
        List<Replica> added = now.subList(live.size(), now.size());
        if (!fs.recordReplicas(path, index, c.replicas(), now)) {
            added.forEach(this::deleteQuietly);
            return "not repaired: the file changed meanwhile";
        }
        named.addAll(added);
        return "copied to " + added;
    }

    /** An object on a drive (data or a tasklet instance) that no file or running writer names. */
    private record Unnamed(Replica replica, ObjectStat object) {
    }

    private void orphans(Namespace ns, List<Map<Long, ObjectStat>> objects, Set<Replica> named, String namespace)
            throws IOException {
        Set<Replica> leaseExpired = new HashSet<>();
        for (Namespace.WriterLease l : ns.leases().values()) {
            if (l.untilMs() + graceMs > now) {
                named.addAll(l.objects()); // a writer that may still be at work
            } else {
                leaseExpired.addAll(l.objects());
            }
        }
        List<Unnamed> unnamed = new ArrayList<>();
        int accounted = 0;
        int strangers = 0;
        long strangerBytes = 0;
        for (int d = 0; d < objects.size(); d++) {
            if (objects.get(d) == null) {
                continue;
            }
            for (ObjectStat o : objects.get(d).values()) {
                Replica r = new Replica(d, o.id());
                if (ReservedValues.isWellKnownId(o.id())) {
                    continue;
                }
                if (o.kind() != ObjectKind.DATA) {
                    // a tasklet instance no job deleted (a cancelled query's): an orphan, not data
                    if (!named.contains(r)) {
                        unnamed.add(new Unnamed(r, o));
                    }
                    continue;
                }
                if (named.contains(r) || leaseExpired.contains(r)) {
                    accounted++;
                }
                if (!named.contains(r)) {
                    unnamed.add(new Unnamed(r, o));
                    if (!leaseExpired.contains(r)) {
                        strangers++;
                        strangerBytes += o.size();
                    }
                }
            }
        }
        boolean foreign = looksForeign(namespace, accounted, strangers, strangerBytes);
        Map<Replica, Long> seen = readSuspects();
        Map<Replica, Long> stillSuspect = new HashMap<>();
        for (Unnamed u : unnamed) {
            Replica r = u.replica();
            ObjectStat o = u.object();
            long since = leaseExpired.contains(r) ? 0 : seen.getOrDefault(r, now);
            boolean due = since + graceMs <= now;
            String detail = "drive " + r.drive() + " object " + Long.toUnsignedString(o.id()) + (o.kind() == ObjectKind.DATA
                    ? " (" + o.size() + " bytes): no file names it, "
                    : " (a tasklet instance): no job deleted it, ") + (leaseExpired.contains(r)
                    ? "its writer's lease ran out" : "an orphan since " + (now - since) / 1000 + " s");
            boolean deleted = false;
            if (repair && foreign) {
                detail += "; kept: the namespace looks foreign";
            } else if (repair && due) {
                deleted = deleteQuietly(r);
                detail += deleted ? "; deleted" : "; could not be deleted";
            } else if (repair) {
                detail += "; kept until its grace period of " + graceMs / 1000 + " s is over";
            }
            if (!deleted) {
                stillSuspect.put(r, since == 0 ? now : since);
            }
            findings.add(new FsckReport.Finding(FsckReport.Kind.ORPHAN, detail, deleted));
        }
        if (repair && !foreign) {
            writeSuspects(stillSuspect);
        }
    }

    /** The orphans an earlier fsck saw, with when it first saw each ({@link #SUSPECTS}); empty if none. */
    private Map<Replica, Long> readSuspects() throws IOException {
        Map<Replica, Long> out = new HashMap<>();
        Path file = new Path(SUSPECTS);
        if (!fs.exists(file)) {
            return out;
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                String[] f = line.trim().split(" ");
                if (f.length != 3) {
                    throw new IOException(fs.makeQualified(file) + ": bad line '" + line
                            + "', want 'drive object first-seen-ms'");
                }
                out.put(new Replica(Integer.parseInt(f[0]), Long.parseUnsignedLong(f[1])), Long.parseLong(f[2]));
            }
        } catch (NumberFormatException e) {
            throw new IOException(fs.makeQualified(file) + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Replaces the list of orphans fsck saw. */
    private void writeSuspects(Map<Replica, Long> suspects) throws IOException {
        StringBuilder text = new StringBuilder();
        suspects.forEach((r, since) -> text.append(r.drive()).append(' ').append(Long.toUnsignedString(r.objectId()))
                .append(' ').append(since).append('\n'));
        try (FSDataOutputStream out = fs.create(new Path(SUSPECTS), true)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * Whether the namespace read looks empty or foreign: it accounts for fewer of the drives'
     * data objects ({@code accounted}: named by its files, leases or store) than the drives hold
     * objects it knows nothing of ({@code strangers}, not even as a dead writer's). Then it is
     * reported, naming what fsck saw, and (unless trusted) repair deletes no orphan: deleting what
     * another namespace names would destroy its files.
     */
    private boolean looksForeign(String namespace, int accounted, int strangers, long strangerBytes) {
        if (strangers == 0 || strangers <= accounted) {
            return false;
        }
        String saw = "the namespace read, " + namespace + ", accounts for " + accounted + " data object(s) on the "
                + "drives, while " + strangers + " other data object(s) (" + strangerBytes + " bytes) are named by "
                + "none of its files or writers: it looks empty or another file system's (is the namespace kept "
                + "elsewhere, e.g. in ZooKeeper: " + IspdKeys.FS_NAMESPACE_ZOOKEEPER.name() + "?)";
        if (trustNamespace) {
            notes.add(saw + "; trusted as asked, orphans are handled as usual");
            return false;
        }
        findings.add(new FsckReport.Finding(FsckReport.Kind.NAMESPACE, saw + "; no orphan is deleted unless "
                + "fsck is told to trust this namespace (--trust-namespace)", false));
        return true;
    }

    private boolean deleteQuietly(Replica r) {
        try (Drive d = drives.open(r.drive())) {
            d.delete(r.objectId());
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
