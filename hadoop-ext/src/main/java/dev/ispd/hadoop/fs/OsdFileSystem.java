package dev.ispd.hadoop.fs;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.Chunk;
import dev.ispd.hadoop.fs.metadata.DriveJournalStore;
import dev.ispd.hadoop.fs.metadata.Journal;
import dev.ispd.hadoop.fs.metadata.JournalRecord;
import dev.ispd.hadoop.fs.metadata.JournalStore;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.hadoop.fs.metadata.WriterLease;
import dev.ispd.hadoop.fs.metadata.ZooKeeperJournalStore;
import dev.ispd.hadoop.parquet.ParquetAlignment;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Status;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.CommonPathCapabilities;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.ParentNotDirectoryException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.fs.PathIsNotEmptyDirectoryException;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.XAttrSetFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.util.Progressable;
import org.apache.hadoop.util.functional.RemoteIterators;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The object-based file system {@code osd://} over the drives of {@link IspdKeys#FS_DRIVES}.
 * A file is cut into chunks of its chunk size (the block size: {@link IspdKeys#FS_CHUNK_SIZE} or
 * the one given to create), each a DATA object on each of {@link IspdKeys#FS_REPLICATION} drives
 * ({@link ChunkPlacement}); reads use any replica that answers. The namespace is a journal of
 * changes ({@link Journal}) that every client replays, so several JVMs share one file system
 * without a metadata server; the journal is on the namespace drive
 * ({@link IspdKeys#FS_NAMESPACE_DRIVE}) or, for clusters, in ZooKeeper
 * ({@link IspdKeys#FS_NAMESPACE_ZOOKEEPER}). A file becomes visible when its writer closes it;
 * files cannot be appended to. The URI's authority is only a label: {@code osd:///a} and
 * {@code osd://x/a} name the same file of the configured drives (Hadoop caches one instance per
 * authority; {@link OsdFileSystems} gives a Configuration naming other drives an instance of its
 * own). See docs/hadoop.md, "Object file system".
 */
public class OsdFileSystem extends FileSystem {
    /** The IOStatistics counter of an osd:// input stream's reads that skipped a failed replica. */
    public static final String REPLICA_FAILOVERS = "stream_read_replica_failovers";

    public static final String SCHEME = "osd";
    private static final Logger LOG = LoggerFactory.getLogger(OsdFileSystem.class);
    /** Streams move at least this much per drive command. */
    private static final int MIN_IO_BUFFER = 1 << 20;
    /** Names the writers of this process apart in their leases. */
    private static final AtomicLong WRITERS = new AtomicLong();
    private static final String HOST = hostName();
    private static final int MAX_REPLICATION = OsdSettings.MAX_REPLICATION;

    private URI uri;
    private DriveSet drives;
    private Journal journal;
    private long defaultChunkSize;
    private int defaultReplication;
    private long leaseMs;
    private String user;
    private Path workingDir;
    private FsPermission filePermission;
    private FsPermission dirPermission;
    /** The client settings this instance was created with ({@link OsdFileSystems#settings}). */
    private Map<String, String> settings;
    /** Guards the journal and the namespace it rebuilds. */
    private final Object lock = new Object();
    /** Guards {@link #openStreams} and {@link #retired}. */
    private final Object usage = new Object();
    /** The streams this instance handed out that are not closed yet. */
    private int openStreams;
    /** Set when {@link OsdFileSystems} lets go of this instance: it closes with its last stream. */
    private boolean retired;
    private volatile boolean closed;

    @Override
    public String getScheme() {
        return SCHEME;
    }

    @Override
    public void initialize(URI name, Configuration conf) throws IOException {
        super.initialize(name, conf);
        setConf(conf);
        settings = OsdFileSystems.settings(conf);
        uri = URI.create(SCHEME + "://" + (name.getAuthority() == null ? "" : name.getAuthority()) + "/");
        ParquetAlignment.enable(SCHEME); // Parquet row groups padded to chunks (docs/parquet.md)
        try {
            drives = DriveSet.fromConfiguration(conf);
        } catch (IllegalArgumentException e) {
            throw new IOException("osd: " + e.getMessage(), e);
        }
        OsdSettings osd;
        try {
            osd = OsdSettings.of(conf, drives.size());
        } catch (IOException | RuntimeException e) {
            drives.close();
            throw e;
        }
        defaultChunkSize = osd.chunkSize();
        defaultReplication = osd.replication();
        leaseMs = osd.leaseMs();
        user = UserGroupInformation.getCurrentUser().getShortUserName();
        FsPermission umask = FsPermission.getUMask(conf); // permissions are not stored: report the defaults
        filePermission = FsPermission.getFileDefault().applyUMask(umask);
        dirPermission = FsPermission.getDirDefault().applyUMask(umask);
        workingDir = new Path("/").makeQualified(uri, null);
        JournalStore store = null;
        try {
            store = journalStore(osd);
            journal = Journal.open(store, drives.size(), osd.checkpointRecords());
        } catch (IOException | RuntimeException e) {
            if (store != null) {
                store.close();
            }
            drives.close();
            throw e;
        }
    }

    /**
     * Where the namespace journal is: in ZooKeeper if {@link IspdKeys#FS_NAMESPACE_ZOOKEEPER} names
     * an ensemble, else on the drive {@link IspdKeys#FS_NAMESPACE_DRIVE}.
     */
    private JournalStore journalStore(OsdSettings osd) throws IOException {
        if (!osd.zookeeper().isEmpty()) {
            return ZooKeeperJournalStore.open(osd.zookeeper(), osd.znode());
        }
        return DriveJournalStore.open(drives.sharedDrive(osd.namespaceDrive()), osd.segmentBytes());
    }

    @Override
    public URI getUri() {
        return uri;
    }

    /** The client settings ({@code ispd.fs.*}, {@code ispd.auth.*}) this instance was created with. */
    Map<String, String> settings() {
        return settings;
    }

    /** The drives this file system stores chunks on. */
    public DriveSet drives() {
        return drives;
    }

    /**
     * The chunks holding bytes [start, start + length) of a file (clipped to its end), in file
     * order, each clipped to the range, with every replica of each (the writer's first choice
     * first): any of them can serve the range.
     */
    public List<ChunkExtent> locate(Path file, long start, long length) throws IOException {
        if (start < 0 || length < 0) {
            throw new IllegalArgumentException("locate " + file + ": negative start " + start + " or length " + length);
        }
        Namespace.File f = file(file);
        long end = Math.min(f.length, start + length);
        List<ChunkExtent> out = new ArrayList<>();
        for (long at = start; at < end; ) {
            int index = (int) (at / f.chunkSize);
            Chunk c = f.chunks.get(index);
            long inChunk = at - index * f.chunkSize;
            long n = Math.min(end - at, c.length() - inChunk);
            out.add(new ChunkExtent(c.replicas(), inChunk, n, at));
            at += n;
        }
        return out;
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus status, long start, long len) throws IOException {
        if (status == null) {
            return null;
        }
        if (start < 0 || len < 0) {
            throw new IllegalArgumentException("Invalid start or len parameter: " + start + ", " + len);
        }
        if (status.isDirectory() || start >= status.getLen()) {
            return new BlockLocation[0];
        }
        Namespace.File f = file(status.getPath());
        long end = Math.min(f.length, start + Math.max(len, 1));
        List<BlockLocation> out = new ArrayList<>();
        for (int i = (int) (start / f.chunkSize); i < f.chunks.size() && i * f.chunkSize < end; i++) {
            Chunk c = f.chunks.get(i);
            List<Replica> replicas = c.replicas();
            String[] names = replicas.stream().map(r -> drives.address(r.drive())).toArray(String[]::new);
            String[] hosts = replicas.stream().map(r -> drives.host(r.drive())).distinct().toArray(String[]::new);
            out.add(new BlockLocation(names, hosts, i * f.chunkSize, c.length()));
        }
        return out.toArray(new BlockLocation[0]);
    }

    // ---- reading ----

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        Namespace.File f = file(path);
        OsdInputStream in = new OsdInputStream(drives, key(path), f, ioBuffer(bufferSize), statistics);
        StreamRelease release = streamOpened();
        return new FSDataInputStream(in) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    release.run();
                }
            }
        };
    }

    /** The composite CRC32C of the whole file ({@link FileChecksums}); it reads the file. */
    @Override
    public FileChecksum getFileChecksum(Path path) throws IOException {
        return getFileChecksum(path, Long.MAX_VALUE);
    }

    /** The composite CRC32C of the file's first {@code length} bytes. */
    @Override
    public FileChecksum getFileChecksum(Path path, long length) throws IOException {
        Namespace.File f = file(path);
        try (FSDataInputStream in = new FSDataInputStream(new OsdInputStream(drives, key(path), f, MIN_IO_BUFFER,
                null))) {
            return FileChecksums.compositeCrc(in, f, length);
        }
    }

    /** Checksums, extended attributes and etags (kept by rename) besides what every file system can do. */
    @Override
    public boolean hasPathCapability(Path path, String capability) throws IOException {
        return switch (capability.toLowerCase(Locale.ROOT)) {
            case CommonPathCapabilities.FS_CHECKSUMS, CommonPathCapabilities.FS_XATTRS,
                    CommonPathCapabilities.ETAGS_AVAILABLE, CommonPathCapabilities.ETAGS_PRESERVED_IN_RENAME -> true;
            case CommonPathCapabilities.FS_APPEND, CommonPathCapabilities.FS_CONCAT,
                    CommonPathCapabilities.FS_PERMISSIONS -> false;
            default -> super.hasPathCapability(path, capability);
        };
    }

    /**
     * The drives' capacity (DEVICE_INFO) and the bytes their objects hold (LIST), summed over the
     * drives that answer ({@code hadoop fs -df}); a drive that does not is left out, logged at
     * WARN, and an IOException names every drive if none answers.
     */
    @Override
    public FsStatus getStatus(Path path) throws IOException {
        long capacity = 0;
        long used = 0;
        List<String> down = new ArrayList<>();
        for (int d = 0; d < drives.size(); d++) {
            try (Drive drive = drives.open(d)) {
                long holds = 0;
                for (ObjectStat o : drive.list()) {
                    holds += o.size();
                }
                capacity += drive.deviceInfo().capacityBytes();
                used += holds;
            } catch (IOException e) {
                String why = "drive " + d + " (" + drives.address(d) + "): " + e.getMessage();
                LOG.warn("osd: capacity and use without {}", why);
                down.add(why);
            }
        }
        if (down.size() == drives.size()) {
            throw new IOException("osd: no drive answered for its capacity: " + String.join("; ", down));
        }
        return new FsStatus(capacity, used, Math.max(0, capacity - used));
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        Path q = makeQualified(path);
        synchronized (lock) {
            Namespace.Node n = journal.current().lookup(key(q));
            if (n == null) {
                throw new FileNotFoundException("No such file or directory: " + q);
            }
            return status(n, q);
        }
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        Path q = makeQualified(path);
        synchronized (lock) {
            Namespace.Node n = journal.current().lookup(key(q));
            if (n == null) {
                throw new FileNotFoundException("No such file or directory: " + q);
            }
            if (n instanceof Namespace.File) {
                return new FileStatus[] {status(n, q)};
            }
            List<FileStatus> out = new ArrayList<>();
            for (Map.Entry<String, Namespace.Node> e : ((Namespace.Dir) n).children.entrySet()) {
                out.add(status(e.getValue(), new Path(q, e.getKey())));
            }
            return out.toArray(new FileStatus[0]);
        }
    }

    /** As Hadoop's, but a file's located status keeps its etag. */
    @Override
    protected RemoteIterator<LocatedFileStatus> listLocatedStatus(Path path, PathFilter filter) throws IOException {
        List<LocatedFileStatus> out = new ArrayList<>();
        for (FileStatus st : listStatus(path)) {
            if (!filter.accept(st.getPath())) {
                continue;
            }
            BlockLocation[] where = st.isFile() ? getFileBlockLocations(st, 0, st.getLen()) : null;
            out.add(st instanceof OsdFileStatus f ? new OsdFileStatus.Located(f, where)
                    : new LocatedFileStatus(st, where));
        }
        return RemoteIterators.remoteIteratorFromIterable(out);
    }

    private FileStatus status(Namespace.Node n, Path qualified) {
        String owner = n.owner.isEmpty() ? user : n.owner;
        if (n instanceof Namespace.File f) {
            return new OsdFileStatus(f.length, f.replication(), f.chunkSize, f.mtimeMs, filePermission, owner,
                    qualified, OsdFileStatus.etag(f));
        }
        return new FileStatus(0, true, 1, 0, n.mtimeMs, n.mtimeMs, dirPermission, owner, owner,
                qualified);
    }

    /** The file at {@code path}, as the namespace has it now. */
    private Namespace.File file(Path path) throws IOException {
        Path q = makeQualified(path);
        synchronized (lock) {
            Namespace.Node n = journal.current().lookup(key(q));
            if (n == null) {
                throw new FileNotFoundException("No such file: " + q);
            }
            if (!(n instanceof Namespace.File f)) {
                throw new FileNotFoundException(q + " is a directory, not a file");
            }
            return f;
        }
    }

    // ---- writing ----

    @Override
    public FSDataOutputStream create(Path path, FsPermission permission, boolean overwrite, int bufferSize,
                                     short replication, long blockSize, Progressable progress) throws IOException {
        Path q = makeQualified(path);
        String key = key(q);
        JournalRecord.Anchor anchor;
        synchronized (lock) {
            Namespace ns = journal.current();
            Namespace.Node n = ns.lookup(key);
            if (n instanceof Namespace.Dir) {
                throw new FileAlreadyExistsException(q + " is a directory");
            }
            if (n != null && !overwrite) {
                throw new FileAlreadyExistsException(q + " already exists");
            }
            String file = ns.fileOnTheWay(Namespace.parentOf(key));
            if (file != null) {
                throw new ParentNotDirectoryException(file + " is a file, on the way to " + q);
            }
            anchor = ns.anchorOf(key);
        }
        long chunkSize = blockSize > 0 ? blockSize : defaultChunkSize;
        WriterLease lease = WriterLease.take(l -> commit(q, l), key, leaseHolder(), leaseMs);
        OsdOutputStream.Committer committer = (chunks, length) -> commit(q, new JournalRecord.CreateFile(key, overwrite,
                System.currentTimeMillis(), user, chunkSize, length, chunks, anchor));
        OsdOutputStream out = new OsdOutputStream(drives, key, chunkSize, replication(replication),
                ioBuffer(bufferSize), committer, lease, progress);
        StreamRelease release = streamOpened();
        return new FSDataOutputStream(out, statistics) {
            @Override
            public void close() throws IOException {
                try {
                    super.close();
                } finally {
                    release.run();
                }
            }
        };
    }

    /** A name for one writer: the user, this process and a number no other writer of this process has. */
    private String leaseHolder() {
        return user + "@" + ProcessHandle.current().pid() + "@" + HOST + "#" + WRITERS.incrementAndGet();
    }

    /** A file's replication: the one asked for (at most one per drive), else {@link IspdKeys#FS_REPLICATION}. */
    private int replication(short requested) {
        return requested > 0 ? Math.min(requested, Math.min(drives.size(), MAX_REPLICATION)) : defaultReplication;
    }

    @Override
    public FSDataOutputStream createNonRecursive(Path path, FsPermission permission, EnumSet<CreateFlag> flags,
                                                 int bufferSize, short replication, long blockSize,
                                                 Progressable progress) throws IOException {
        Path parent = makeQualified(path).getParent();
        if (parent != null && !getFileStatus(parent).isDirectory()) {
            throw new ParentNotDirectoryException(parent + " is a file");
        }
        return create(path, permission, flags.contains(CreateFlag.OVERWRITE), bufferSize, replication, blockSize,
                progress);
    }

    /** Not supported: a file is immutable once closed. */
    @Override
    public FSDataOutputStream append(Path path, int bufferSize, Progressable progress) {
        throw new UnsupportedOperationException("osd: append is not supported (" + path
                + "): a file's chunks are fixed when it is closed");
    }

    @Override
    public boolean mkdirs(Path path, FsPermission permission) throws IOException {
        Path q = makeQualified(path);
        String key = key(q);
        synchronized (lock) {
            Namespace ns = journal.current();
            Namespace.Node n = ns.lookup(key);
            if (n instanceof Namespace.Dir) {
                return true;
            }
            if (n != null) {
                throw new FileAlreadyExistsException(q + " is a file");
            }
            String file = ns.fileOnTheWay(key);
            if (file != null) {
                throw new ParentNotDirectoryException(file + " is a file, on the way to " + q);
            }
        }
        commit(q, new JournalRecord.Mkdir(key, System.currentTimeMillis(), user));
        return true;
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        Path q = makeQualified(path);
        String key = key(q);
        Namespace.Outcome o;
        synchronized (lock) {
            Namespace.Node n = journal.current().lookup(key);
            if (n == null) {
                return false;
            }
            if (n instanceof Namespace.Dir d && !d.children.isEmpty() && !recursive) {
                throw new PathIsNotEmptyDirectoryException(q.toString());
            }
            o = journal.commit(new JournalRecord.Delete(key, recursive, System.currentTimeMillis()));
        }
        if (o.refusal() == Namespace.Refusal.MISSING) {
            return false; // another client deleted it first
        }
        check(o, q);
        deleteChunks(o.freed());
        return true;
    }

    /**
     * Hadoop's rename: onto an existing directory moves the source into it; false (nothing
     * changes) if the source is missing or the root, the destination (or the path it would take
     * inside a directory) exists, its parent is missing or a file, or it lies under the source.
     */
    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        Path qs = makeQualified(src);
        String s = key(qs);
        String d = key(makeQualified(dst));
        synchronized (lock) {
            Namespace ns = journal.current();
            Namespace.Node from = ns.lookup(s);
            if (from == null || s.equals("/")) {
                return false;
            }
            if (d.equals(s)) {
                return from instanceof Namespace.File; // a file renamed onto itself: nothing to do
            }
            if (d.startsWith(s + "/")) {
                return false;
            }
            Namespace.Node to = ns.lookup(d);
            if (to instanceof Namespace.Dir) {
                d = (d.equals("/") ? "" : d) + "/" + Namespace.name(s);
                if (d.equals(s)) {
                    return true; // moved into its own parent: nothing to do
                }
                if (ns.lookup(d) != null) {
                    return false;
                }
            } else if (to != null) {
                return false;
            } else if (!(ns.lookup(Namespace.parentOf(d)) instanceof Namespace.Dir)) {
                return false;
            }
            return journal.commit(new JournalRecord.Rename(s, d, System.currentTimeMillis())).applied();
        }
    }

    /** Appends a record; throws the Hadoop exception for its refusal, or deletes the chunks it freed. */
    private void commit(Path path, JournalRecord r) throws IOException {
        Namespace.Outcome o;
        synchronized (lock) {
            o = journal.commit(r);
        }
        check(o, path);
        deleteChunks(o.freed());
    }

    private static void check(Namespace.Outcome o, Path path) throws IOException {
        if (o.applied()) {
            return;
        }
        String why = o.detail() + " (osd namespace: " + path + ")";
        throw switch (o.refusal()) {
            case EXISTS, IS_DIRECTORY, LEASED -> new FileAlreadyExistsException(why);
            case PARENT_NOT_DIRECTORY -> new ParentNotDirectoryException(why);
            case NOT_EMPTY -> new PathIsNotEmptyDirectoryException(why);
            case MISSING -> new FileNotFoundException(why);
            case INTO_ITSELF, ROOT, NOT_A_FILE -> new IOException(why);
        };
    }

    /** Deletes every replica of the chunks a committed record removed; a failure leaves an orphan object, logged. */
    private void deleteChunks(List<Chunk> freed) {
        for (Chunk c : freed) {
            for (Replica r : c.replicas()) {
                if (drives.unanswered(r.drive())) {
                    LOG.warn("osd: chunk object {} on drive {} ({}) is left to fsck as an orphan: the drive left a "
                            + "call unanswered lately", Long.toUnsignedString(r.objectId()), r.drive(),
                            drives.address(r.drive()));
                    continue;
                }
                try {
                    drives.onShared(r.drive(), d -> {
                        d.delete(r.objectId());
                        return null;
                    });
                } catch (IOException e) {
                    if (!(e instanceof DriveException de && de.status() == Status.NO_SUCH_OBJECT)) {
                        LOG.warn("osd: could not delete chunk object {} on drive {} ({}): {}",
                                Long.toUnsignedString(r.objectId()), r.drive(), drives.address(r.drive()),
                                e.getMessage());
                    }
                }
            }
        }
    }

    // ---- extended attributes: a file's record layout (LayoutAttribute) ----

    /**
     * Sets a file's attribute in the journal, as one record. {@code flags} as in HDFS: CREATE
     * alone refuses an attribute the file has, REPLACE alone one it lacks.
     */
    @Override
    public void setXAttr(Path path, String name, byte[] value, EnumSet<XAttrSetFlag> flags) throws IOException {
        Path q = makeQualified(path);
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("an extended attribute needs a name (" + q + ")");
        }
        boolean has = file(q).xattrs.containsKey(name);
        if (has && !flags.contains(XAttrSetFlag.REPLACE)) {
            throw new IOException("attribute " + name + " of " + q + " already exists");
        }
        if (!has && !flags.contains(XAttrSetFlag.CREATE)) {
            throw new IOException("attribute " + name + " of " + q + " does not exist, nothing to replace");
        }
        commit(q, new JournalRecord.SetXAttr(key(q), name, value, System.currentTimeMillis()));
    }

    @Override
    public byte[] getXAttr(Path path, String name) throws IOException {
        byte[] value = getXAttrs(path).get(name);
        if (value == null) {
            throw new IOException("attribute " + name + " of " + makeQualified(path) + " not found");
        }
        return value;
    }

    /** A file's attributes by name; a directory has none. */
    @Override
    public Map<String, byte[]> getXAttrs(Path path) throws IOException {
        Path q = makeQualified(path);
        synchronized (lock) {
            Namespace.Node n = journal.current().lookup(key(q));
            if (n == null) {
                throw new FileNotFoundException("No such file or directory: " + q);
            }
            Map<String, byte[]> copy = new TreeMap<>();
            if (n instanceof Namespace.File f) {
                f.xattrs.forEach((k, v) -> copy.put(k, v.clone()));
            }
            return copy;
        }
    }

    @Override
    public Map<String, byte[]> getXAttrs(Path path, List<String> names) throws IOException {
        Map<String, byte[]> all = getXAttrs(path);
        all.keySet().retainAll(names);
        return all;
    }

    @Override
    public List<String> listXAttrs(Path path) throws IOException {
        return new ArrayList<>(getXAttrs(path).keySet());
    }

    // ---- fsck ----

    /**
     * Checks the file system against its drives and, with {@code repair}, fixes what can be fixed
     * ({@link Fsck}); orphans are deleted only after {@code graceMs}, and not at all while the
     * namespace looks empty or foreign.
     */
    public FsckReport fsck(boolean repair, long graceMs) throws IOException {
        return fsck(repair, graceMs, false);
    }

    /**
     * {@link #fsck(boolean, long)}; with {@code trustNamespace} repair deletes orphans even when the
     * namespace names fewer of the drives' objects than it leaves unnamed.
     */
    public FsckReport fsck(boolean repair, long graceMs, boolean trustNamespace) throws IOException {
        synchronized (lock) {
            return Fsck.run(this, drives, journal, repair, graceMs, trustNamespace);
        }
    }

    /** The namespace with every record appended so far. */
    Namespace namespace() throws IOException {
        synchronized (lock) {
            return journal.current();
        }
    }

    /** Records new replicas of a chunk; false if the file no longer has the old ones there. */
    boolean recordReplicas(String key, int chunk, List<Replica> was, List<Replica> now) throws IOException {
        synchronized (lock) {
            return journal.commit(new JournalRecord.SetReplicas(key, chunk, was, now, System.currentTimeMillis()))
                    .applied();
        }
    }

    // ---- settings ----

    @Override
    public Path getWorkingDirectory() {
        return workingDir;
    }

    @Override
    public void setWorkingDirectory(Path dir) {
        workingDir = makeQualified(dir);
    }

    @Override
    public long getDefaultBlockSize() {
        return defaultChunkSize;
    }

    @Override
    public long getDefaultBlockSize(Path f) {
        return defaultChunkSize;
    }

    @Override
    public short getDefaultReplication() {
        return (short) defaultReplication;
    }

    @Override
    public short getDefaultReplication(Path path) {
        return (short) defaultReplication;
    }

    // ---- metadata that is not stored: the path must exist all the same ----

    /** Times are the journal record's: nothing changes, but a missing path is a FileNotFoundException. */
    @Override
    public void setTimes(Path path, long mtime, long atime) throws IOException {
        getFileStatus(path);
    }

    /** Permissions are not stored: nothing changes, but a missing path is a FileNotFoundException. */
    @Override
    public void setPermission(Path path, FsPermission permission) throws IOException {
        getFileStatus(path);
    }

    /** Owners are the creator's: nothing changes, but a missing path is a FileNotFoundException. */
    @Override
    public void setOwner(Path path, String owner, String group) throws IOException {
        getFileStatus(path);
    }

    /** No delegation tokens: drives are reached directly. */
    @Override
    public String getCanonicalServiceName() {
        return null;
    }

    /** Counts a stream as open until its release runs (once, however often the stream is closed). */
    private StreamRelease streamOpened() throws IOException {
        synchronized (usage) {
            if (closed) {
                throw new IOException(this + " is closed");
            }
            openStreams++;
        }
        return new StreamRelease();
    }

    private final class StreamRelease {
        private final AtomicBoolean done = new AtomicBoolean();

        void run() throws IOException {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            boolean last;
            synchronized (usage) {
                last = --openStreams == 0 && retired;
            }
            if (last) {
                close();
            }
        }
    }

    /** Closes this instance now if none of its streams is open, else when the last of them closes. */
    void retire() throws IOException {
        boolean idle;
        synchronized (usage) {
            retired = true;
            idle = openStreams == 0;
        }
        if (idle) {
            close();
        }
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        OsdFileSystems.closing(this);
        try {
            super.close();
        } finally {
            try {
                if (journal != null) {
                    journal.close();
                }
            } finally {
                if (drives != null) {
                    drives.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "OsdFileSystem[" + uri + ", " + drives + "]";
    }

    /** The namespace key of a path: absolute, normalised, "/" for the root. */
    private String key(Path path) {
        String p = makeQualified(path).toUri().getPath();
        if (p.isEmpty()) {
            return "/";
        }
        return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown-host";
        }
    }

    private static int ioBuffer(int bufferSize) {
        return Math.min(Limits.MAX_IO, Math.max(bufferSize, MIN_IO_BUFFER));
    }
}
