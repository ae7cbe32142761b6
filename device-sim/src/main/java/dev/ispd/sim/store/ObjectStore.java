package dev.ispd.sim.store;

import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.sim.store.StoreException.Reason;
import dev.ispd.sim.store.StoredObject.BackingFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongPredicate;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * A drive's objects: each DATA object in its own backing file under {@code <dir>/data}, with the
 * CRC32C of each of its pages in a side file ({@link PageChecksums}), and every metadata change
 * (create, size, replace, delete) in an append-only {@link MetadataLog} replayed on start. A write
 * is acknowledged only once its bytes and checksums are in the files and a changed size is in the
 * log, so it survives a crash of the drive process; with {@link Durability#FSYNC} all are forced
 * to disk first. Every read and every view a scan takes is checked against the page checksums: a
 * mismatch, or bytes missing from a shortened file, is a {@link MediaErrorException} and the bytes
 * are never handed out. A read checks every page it copies; a view passes over the pages an earlier
 * view found good while neither of the object's files could have changed since ({@link CheckedPages});
 * a scrub checks every page. Reads and writes use positional FileChannel I/O on the caller's
 * (direct) buffers.
 *
 * <p>Loaded user tasklet modules are kept too ({@link StoredModules}), in the same log.
 *
 * <p>Opening never deletes what the log cannot account for: see {@link DataFolder},
 * {@link StoredModules} and {@link RecoveryMode}.
 *
 * <p>Thread-safe. Callers must not interrupt threads that use the store: an interrupt during
 * FileChannel I/O closes the channel.
 */
public final class ObjectStore implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(ObjectStore.class.getName());
    private static final String LOG_FILE = "objects.log";
    private static final String LOCK_FILE = "lock";
    private static final String DATA_DIR = "data";
    private static final String SUFFIX = ".obj";
    /** Compact on start when the log holds this many times more records than the live state needs... */
    private static final int COMPACT_RATIO = 4;
    /** ...and at least this many records. */
    private static final long COMPACT_MIN_RECORDS = 1024;

    private final FileLock lock;
    private final Path dataDir;
    private final long capacityBytes;
    private final Durability durability;
    private final MetadataLog log;
    private final StoredModules modules;
    private final FileHandles files;
    private final ConcurrentSkipListMap<Long, StoredObject> objects = new ConcurrentSkipListMap<>(Long::compareUnsigned);
    private final AtomicLong usedBytes = new AtomicLong();
    private final AtomicLong mediaErrors = new AtomicLong();
    private final AtomicLong pagesViewChecked = new AtomicLong();
    private final Object createLock = new Object();
    /** When a file last changed is compared with, to know whether views may keep what they checked. */
    private final Clock clock;
    /** Ids ever given to objects; guarded by {@link #createLock}. */
    private final SpentIds spent;

    private ObjectStore(FileLock lock, Path dir, long capacityBytes, Durability durability, MetadataLog log,
                        StoredModules modules, SpentIds spent, int maxOpenFiles, Clock clock) {
        this.files = new FileHandles(maxOpenFiles);
        this.clock = clock;
        this.lock = lock;
        this.dataDir = dir.resolve(DATA_DIR);
        this.capacityBytes = capacityBytes;
        this.durability = durability;
        this.log = log;
        this.modules = modules;
        this.spent = spent;
    }

    /** {@link #open(Path, long, Durability, RecoveryMode)} refusing to open a store it cannot account for. */
    public static ObjectStore open(Path dir, long capacityBytes, Durability durability) throws IOException {
        return open(dir, capacityBytes, durability, RecoveryMode.REFUSE);
    }

    /** {@link #open(Path, long, Durability, RecoveryMode, int)} keeping {@link FileHandles#DEFAULT_MAX_OPEN} files open. */
    public static ObjectStore open(Path dir, long capacityBytes, Durability durability, RecoveryMode recovery)
            throws IOException {
        return open(dir, capacityBytes, durability, recovery, FileHandles.DEFAULT_MAX_OPEN);
    }

    /**
     * Opens the store in {@code dir} (created if absent), replaying its metadata log and checking
     * the data folder against it ({@link DataFolder}); a log without page checksums (written by an
     * earlier version) is migrated: checksums are computed from the files as they are. The
     * directory is locked until {@link #close}: a second drive on it, in this process or another,
     * is refused. At most {@code maxOpenFiles} backing files are kept open at once ({@link FileHandles}).
     */
    public static ObjectStore open(Path dir, long capacityBytes, Durability durability, RecoveryMode recovery,
                                   int maxOpenFiles) throws IOException {
        return open(dir, capacityBytes, durability, recovery, maxOpenFiles, Clock.systemUTC());
    }

    /** {@link #open(Path, long, Durability, RecoveryMode, int)} telling the time by {@code clock}. */
    static ObjectStore open(Path dir, long capacityBytes, Durability durability, RecoveryMode recovery,
                            int maxOpenFiles, Clock clock) throws IOException {
        DataFolder data = new DataFolder(dir.resolve(DATA_DIR));
        Files.createDirectories(dir);
        FileLock lock = lock(dir.resolve(LOCK_FILE));
        Path logFile = dir.resolve(LOG_FILE);
        Quarantine quarantine = recovery == RecoveryMode.QUARANTINE ? new Quarantine(dir) : null;
        ReplayedState state = new ReplayedState();
        MetadataLog log = null;
        StoredModules modules;
        try {
            List<Path> files = new ArrayList<>(data.files());
            files.addAll(new DataFolder(dir.resolve(StoredModules.DIR)).files());
            if (!Files.exists(logFile) && !files.isEmpty() && quarantine == null) {
                throw new IOException("metadata log " + logFile + " is missing (nothing to read at offset 0) but "
                        + dir + " holds " + files.size() + " file(s) in data/ and modules/, " + files.get(0).getFileName()
                        + " first; refusing to start rather than delete them (--recover quarantine starts empty "
                        + "and moves them into quarantine/)");
            }
            Files.createDirectories(dir.resolve(DATA_DIR));
            log = MetadataLog.open(logFile, durability, state::apply, quarantine);
            modules = StoredModules.open(dir, state, log, durability, quarantine, logFile);
        } catch (IOException | RuntimeException e) {
            if (log != null) {
                log.close();
            }
            lock.channel().close();
            throw e;
        }
        ObjectStore store = new ObjectStore(lock, dir, capacityBytes, durability, log, modules, state.spent,
                maxOpenFiles, clock);
        try {
            data.reconcile(state, logFile, log.size(), quarantine);
            store.load(state);
            if (state.checksumPageSize == 0) {
                store.computeChecksums();
            }
            if (quarantine != null && quarantine.count() > 0) {
                LOG.warning("recovery of " + dir + " moved " + quarantine.count() + " file(s) into "
                        + quarantine.folder());
            }
            List<LogRecord> live = store.liveRecords();
            if (state.records > COMPACT_MIN_RECORDS && state.records > (long) COMPACT_RATIO * live.size()) {
                log.compact(live);
            }
        } catch (IOException | RuntimeException e) {
            store.close();
            throw e;
        }
        return store;
    }

    private static FileLock lock(Path file) throws IOException {
        FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another drive in this JVM
        }
        if (lock == null) {
            ch.close();
            throw new IOException("drive directory " + file.getParent() + " is in use by another running drive");
        }
        return lock;
    }

    private void load(ReplayedState state) throws IOException {
        for (Map.Entry<Long, ReplayedState.Entry> en : state.objects.entrySet()) {
            long id = en.getKey();
            ReplayedState.Entry e = en.getValue();
            if (e.kind == ObjectKind.TASKLET) {
                objects.put(id, new StoredObject(id, ObjectKind.TASKLET, e.tasklet, null, 0));
                continue;
            }
            BackingFile f = backingFile(id, e.generation);
            long size = e.size;
            long fileLen;
            try (FileHandles.Lease file = files.leaseOrCreate(f.path())) {
                fileLen = file.channel().size();
                int settled = new PageChecksums(id, f.path()).settle(file.channel(), durability == Durability.FSYNC);
                if (settled > 0) {
                    LOG.info("object " + Long.toUnsignedString(id) + ": an overwrite interrupted by a crash had "
                            + "written " + settled + " page(s); they keep its bytes and their new checksums");
                }
            }
            if (fileLen < size) {
                // a power loss without --durability=fsync, or damage: the missing pages read as MEDIA_ERROR
                LOG.warning("object " + Long.toUnsignedString(id) + ": data file " + f.path() + " holds " + fileLen
                        + " bytes but the log says " + size + "; reads from offset "
                        + fileLen / PageChecksums.PAGE * PageChecksums.PAGE + " on fail as damaged");
            }
            // bytes past the size are a write never acknowledged: never served, overwritten by the next append
            objects.put(id, new StoredObject(id, ObjectKind.DATA, null, f, size));
            usedBytes.addAndGet(size);
        }
    }

    /** Migrates a store written before page checksums: computes them from the files as they are. */
    private void computeChecksums() throws IOException {
        int n = 0;
        for (StoredObject o : objects.values()) {
            if (o.kind == ObjectKind.DATA) {
                try (FileHandles.Lease file = files.lease(o.file.path())) {
                    o.checksums(o.file).rebuild(file.channel(), o.size, durability == Durability.FSYNC);
                }
                n++;
            }
        }
        log.append(new LogRecord.ChecksumFormat(PageChecksums.PAGE));
        if (n > 0) {
            LOG.info("computed page checksums for " + n + " object(s) stored before checksums");
        }
    }

    /** The fewest records that rebuild the current state. */
    private List<LogRecord> liveRecords() {
        List<LogRecord> records = new ArrayList<>();
        records.addAll(spent.records());
        records.add(new LogRecord.ChecksumFormat(PageChecksums.PAGE));
        for (StoredObject o : objects.values()) {
            if (o.kind == ObjectKind.TASKLET) {
                records.add(new LogRecord.CreateTasklet(o.id, o.tasklet));
                continue;
            }
            records.add(new LogRecord.CreateData(o.id));
            if (o.file.generation() > 0) {
                records.add(new LogRecord.Replace(o.id, o.file.generation(), o.size));
            } else if (o.size > 0) {
                records.add(new LogRecord.Size(o.id, o.size));
            }
        }
        records.addAll(modules.liveRecords());
        return records;
    }

    /** The user tasklet modules this drive keeps across restarts. */
    public StoredModules modules() {
        return modules;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    /** Objects stored, of every kind (counted, so in time proportional to their number). */
    public int objectCount() {
        return objects.size();
    }

    /** Bytes held by DATA objects. */
    public long usedBytes() {
        return usedBytes.get();
    }

    /** Creates an empty DATA object with {@code requestedId}, or an ordinary id the store picks if it is 0. */
    public long createData(long requestedId) throws StoreException, IOException {
        return createData(requestedId, List.of(IdRange.ORDINARY));
    }

    /**
     * Creates an empty DATA object with {@code requestedId}, or, if it is 0, with the lowest id of
     * {@code pickFrom} (ranges in order) that no object ever had.
     */
    public long createData(long requestedId, List<IdRange> pickFrom) throws StoreException, IOException {
        synchronized (createLock) {
            long id = requestedId == 0 ? pickId(pickFrom) : claimId(requestedId);
            BackingFile f = backingFile(id, 0);
            createFile(id, f).close();
            try {
                log.append(new LogRecord.CreateData(id));
            } catch (IOException e) {
                discard(f);
                throw e;
            }
            spent.spend(id);
            objects.put(id, new StoredObject(id, ObjectKind.DATA, null, f, 0));
            return id;
        }
    }

    /** Creates a tasklet instance (an object of kind TASKLET, size 0) with an ordinary id the store picks. */
    public long createTasklet(TaskletDefinition definition) throws StoreException, IOException {
        return createTasklet(definition, List.of(IdRange.ORDINARY));
    }

    /** Creates a tasklet instance with the lowest id of {@code pickFrom} that no object ever had. */
    public long createTasklet(TaskletDefinition definition, List<IdRange> pickFrom) throws StoreException, IOException {
        synchronized (createLock) {
            long id = pickId(pickFrom);
            log.append(new LogRecord.CreateTasklet(id, definition));
            spent.spend(id);
            objects.put(id, new StoredObject(id, ObjectKind.TASKLET, definition, null, 0));
            return id;
        }
    }

    private long claimId(long requestedId) throws StoreException {
        if (objects.containsKey(requestedId)) {
            throw new StoreException(Reason.OBJECT_EXISTS, "object " + Long.toUnsignedString(requestedId)
                    + " already exists");
        }
        return requestedId;
    }

    private long pickId(List<IdRange> pickFrom) throws StoreException {
        for (IdRange r : pickFrom) {
            long id = spent.lowestFree(r);
            if (id != 0) {
                return id;
            }
        }
        throw new StoreException(Reason.IDS_EXHAUSTED, "no id left to pick in " + (pickFrom.isEmpty() ? "no range"
                : pickFrom.stream().map(IdRange::toString).collect(Collectors.joining(", ")))
                + ": every one was given to an object (perhaps deleted since), and the drive never gives an id twice; "
                + "name an id, or ask the drive's admin for a larger range");
    }

    /**
     * Writes the remaining bytes of {@code data} at {@code offset} (at most the current size: no
     * holes; {@link ReservedValues#APPEND} for the current end, picked under the object's lock so
     * that appends from several connections never overlap) of a DATA object; returns its size afterwards.
     * Writes to one object are serialised. Durable as the class comment says.
     */
    public long write(long id, long offset, ByteBuffer data) throws StoreException, IOException {
        StoredObject o = dataObject(id, "written");
        int len = data.remaining();
        synchronized (o) {
            checkNotDeleted(o);
            long size = o.size;
            long at = offset == ReservedValues.APPEND ? size : offset;
            if (at < 0 || at > size) {
                throw new StoreException(Reason.OUT_OF_RANGE, "write to " + o.name() + " at offset "
                        + Long.toUnsignedString(at) + " would leave a hole: its size is " + size
                        + " (a write may overwrite or append, not skip ahead)");
            }
            long newSize = Math.max(size, at + len);
            reserve(newSize - size, o.name(), "a write of " + len + " bytes");
            o.forgetChecks();
            try {
                try (FileHandles.Lease file = files.lease(o.file.path())) {
                    FileChannel ch = file.channel();
                    PageChecksums sums = o.checksums(o.file);
                    PageChecksums.Update update = counted(() -> sums.prepare(ch, size, at, data));
                    // changing acknowledged bytes: a crash before the checksums must not leave pages that fail them
                    boolean overwrite = at < size;
                    if (overwrite) {
                        sums.intend(update, durability == Durability.FSYNC);
                    }
                    writeFully(ch, data.duplicate(), at);
                    sums.apply(update, durability == Durability.FSYNC);
                    if (durability == Durability.FSYNC) {
                        ch.force(false);
                    }
                    if (overwrite) {
                        sums.carriedOut();
                    }
                }
                if (newSize != size) {
                    log.append(new LogRecord.Size(id, newSize));
                }
            } catch (IOException e) {
                usedBytes.addAndGet(size - newSize);
                throw e;
            }
            o.size = newSize;
            return newSize;
        }
    }

    /**
     * Fills {@code dst} (position to limit) with the bytes of a DATA object from {@code offset};
     * OUT_OF_RANGE if they go past its size, a MediaErrorException if a page fails its checksum.
     * Under the object's lock, so that no write is between its bytes and its checksums.
     */
    public void read(long id, long offset, ByteBuffer dst) throws StoreException, IOException {
        StoredObject o = dataObject(id, "read");
        int start = dst.position();
        int len = dst.remaining();
        synchronized (o) {
            checkNotDeleted(o);
            long size = o.size;
            if (offset < 0 || len > size - offset) {
                throw new StoreException(Reason.OUT_OF_RANGE, "read of " + o.name() + " at offset "
                        + Long.toUnsignedString(offset) + ", length " + len + " goes past its size " + size);
            }
            BackingFile f = o.file;
            counted(() -> {
                try (FileHandles.Lease file = files.lease(f.path())) {
                    readFully(o, f, file.channel(), dst, offset);
                    o.checksums(f).verify(file.channel(), size, offset, len, dst.duplicate().flip().position(start));
                }
                return null;
            });
        }
    }

    /**
     * The {@code length} bytes of a DATA object from {@code offset} as a read-only buffer over its
     * backing file mapped into memory, for a scan to read in place instead of copying them out;
     * OUT_OF_RANGE if they go past its size, a MediaErrorException if a page fails its checksum
     * (checked when the view is taken, unless an earlier view found it good and neither the store
     * nor anything else has changed the object's files since: {@link CheckedPages}). The buffer
     * shows later overwrites of those bytes; a REPLACE or DELETE leaves it on the old contents.
     * Backing files are never shortened while the store is open, so a view's bytes stay readable.
     */
    public ByteBuffer view(long id, long offset, int length) throws StoreException, IOException {
        StoredObject o = dataObject(id, "read");
        synchronized (o) {
            checkNotDeleted(o);
            long size = o.size;
            if (offset < 0 || length < 0 || length > size - offset) {
                throw new StoreException(Reason.OUT_OF_RANGE, "read of " + o.name() + " at offset "
                        + Long.toUnsignedString(offset) + ", length " + length + " goes past its size " + size);
            }
            BackingFile f = o.file;
            return counted(() -> {
                try (FileHandles.Lease file = files.lease(f.path())) {
                    // one stat for both the length and the change check (CheckedPages)
                    FileStamp stamp = FileStamp.of(f.path());
                    checkHolds(id, size, offset, length, stamp != null ? stamp.size() : file.channel().size());
                    StoredObject.Mapping m = o.mapping;
                    if (m == null || !m.covers(f, offset, length)) {
                        // the open file's own length: by now its name could be another file's
                        long fileLen = file.channel().size();
                        checkHolds(id, size, offset, length, fileLen);
                        m = StoredObject.Mapping.of(f, file.channel(), offset, length, Math.min(size, fileLen));
                        o.mapping = m;
                    }
                    ByteBuffer slice = m.slice(offset, length);
                    pagesViewChecked.addAndGet(o.checkedPages(clock).verify(file.channel(), stamp, size, offset,
                            slice.duplicate(), m));
                    return slice;
                }
            });
        }
    }

    /**
     * A MediaErrorException unless a data file of {@code fileLen} bytes holds the view's bytes:
     * mapped past its end they would fault.
     */
    private static void checkHolds(long id, long size, long offset, int length, long fileLen)
            throws MediaErrorException {
        if (fileLen < offset + length) {
            throw new MediaErrorException(id, Math.max(offset, fileLen / PageChecksums.PAGE * PageChecksums.PAGE),
                    "the data file ends at " + fileLen + ", inside the object's " + size + " bytes");
        }
    }

    /** Bytes a scrub checks under one object's lock, so that writes to it wait for at most that much. */
    private static final long SCRUB_STEP = 16L << 20;

    /**
     * Checks every page of DATA object {@code id}, or of every DATA object if {@code id} is 0,
     * against its checksums; reports the first damaged page of each damaged object.
     */
    public ScrubReport scrub(long id) throws StoreException, IOException {
        List<StoredObject> targets = id == 0 ? List.copyOf(objects.values()) : List.of(dataObject(id, "scrubbed"));
        long checked = 0;
        long bytes = 0;
        List<MediaErrorException> damaged = new ArrayList<>();
        for (StoredObject o : targets) {
            if (o.kind != ObjectKind.DATA) {
                continue;
            }
            try {
                bytes += scrub(o);
                checked++;
            } catch (MediaErrorException e) {
                mediaErrors.incrementAndGet();
                damaged.add(e);
                checked++;
            }
        }
        return new ScrubReport(checked, bytes, damaged);
    }

    /** What {@link #scrub} found: objects and bytes checked, and the first damaged page of each damaged object. */
    public record ScrubReport(long objects, long bytes, List<MediaErrorException> damaged) { }

    /** Checks one object step by step; returns its size, or 0 if it was deleted meanwhile. */
    private long scrub(StoredObject o) throws IOException {
        for (long at = 0; ; at += SCRUB_STEP) {
            synchronized (o) {
                if (o.deleted) {
                    return 0;
                }
                long size = o.size;
                if (at >= size) {
                    return size;
                }
                try (FileHandles.Lease file = files.lease(o.file.path())) {
                    o.checksums(o.file).verify(file.channel(), size, at, Math.min(SCRUB_STEP, size - at), null);
                }
            }
        }
    }

    /** Media errors found by reads, views, writes and scrubs since the store opened. */
    public long mediaErrors() {
        return mediaErrors.get();
    }

    /** Pages views have checked against their checksums since the store opened (those they passed over not counted). */
    long pagesViewChecked() {
        return pagesViewChecked.get();
    }

    /** An I/O step that counts the media errors it finds. */
    private interface Io<T> {
        T run() throws IOException;
    }

    private <T> T counted(Io<T> io) throws IOException {
        try {
            return io.run();
        } catch (MediaErrorException e) {
            mediaErrors.incrementAndGet();
            throw e;
        }
    }

    /** Replaces a DATA object's contents by the remaining bytes of {@code data}, atomically and durably. */
    public void replace(long id, ByteBuffer data) throws StoreException, IOException {
        StoredObject o = dataObject(id, "replaced");
        long newSize = data.remaining();
        synchronized (o) {
            checkNotDeleted(o);
            long size = o.size;
            reserve(newSize - size, o.name(), "replacing its " + size + " bytes by " + newSize);
            BackingFile old = o.file;
            BackingFile f = null;
            try {
                f = backingFile(id, old.generation() + 1);
                try (FileHandles.Lease file = createFile(id, f)) {
                    writeFully(file.channel(), data.duplicate(), 0);
                    PageChecksums sums = o.checksums(f);
                    sums.apply(sums.prepare(file.channel(), 0, 0, data), durability == Durability.FSYNC);
                    if (durability == Durability.FSYNC) {
                        file.channel().force(true);
                    }
                }
                log.append(new LogRecord.Replace(id, f.generation(), newSize));
            } catch (IOException e) {
                usedBytes.addAndGet(-Math.max(0, newSize - size)); // give back what reserve() took
                if (f != null) {
                    discard(f);
                }
                throw e;
            }
            o.file = f;
            o.mapping = null; // the old file's pages go once no scan holds a view of them
            o.size = newSize;
            if (newSize < size) {
                usedBytes.addAndGet(newSize - size);
            }
            discard(old);
        }
    }

    public ObjectInfo stat(long id) throws StoreException {
        return object(id).info();
    }

    /** Up to {@code max} objects with ids above {@code afterId} (unsigned order); {@code more} if others follow. */
    public Listing list(long afterId, int max) {
        return list(afterId, max, id -> true);
    }

    /**
     * Up to {@code max} objects after {@code afterId} whose ids {@code visible} accepts, in id
     * order; {@code more} if a further visible one follows (the others are passed over).
     */
    public Listing list(long afterId, int max, LongPredicate visible) {
        List<ObjectInfo> out = new ArrayList<>(Math.min(max, 1024));
        for (Map.Entry<Long, StoredObject> e : objects.tailMap(afterId, false).entrySet()) {
            if (!visible.test(e.getKey())) {
                continue;
            }
            if (out.size() == max) {
                return new Listing(out, true);
            }
            out.add(e.getValue().info());
        }
        return new Listing(out, false);
    }

    /** A page of {@link #list}. */
    public record Listing(List<ObjectInfo> objects, boolean more) { }

    /** The definition of a tasklet instance; WRONG_KIND for a DATA object. */
    public TaskletDefinition tasklet(long id) throws StoreException {
        StoredObject o = object(id);
        if (o.kind != ObjectKind.TASKLET) {
            throw new StoreException(Reason.WRONG_KIND, o.name() + " is a DATA object, not a tasklet instance");
        }
        return o.tasklet;
    }

    public void delete(long id) throws StoreException, IOException {
        StoredObject o = object(id);
        synchronized (o) {
            checkNotDeleted(o);
            log.append(new LogRecord.Delete(id));
            o.deleted = true;
            o.mapping = null;
            if (o.file != null) {
                discard(o.file); // before the id is free again, so a new object of that id keeps its file
            }
            usedBytes.addAndGet(-o.size);
            objects.remove(id);
        }
    }

    private StoredObject object(long id) throws StoreException {
        StoredObject o = objects.get(id);
        if (o == null) {
            throw new StoreException(Reason.NO_SUCH_OBJECT, "object " + Long.toUnsignedString(id) + " does not exist");
        }
        return o;
    }

    private StoredObject dataObject(long id, String verb) throws StoreException {
        StoredObject o = object(id);
        if (o.kind != ObjectKind.DATA) {
            throw new StoreException(Reason.WRONG_KIND, o.name() + " is a tasklet instance; only DATA objects can be "
                    + verb);
        }
        return o;
    }

    private static void checkNotDeleted(StoredObject o) throws StoreException {
        if (o.deleted) {
            throw new StoreException(Reason.NO_SUCH_OBJECT, o.name() + " was deleted");
        }
    }

    private void reserve(long grow, String name, String what) throws StoreException {
        if (grow <= 0) {
            return;
        }
        while (true) {
            long used = usedBytes.get();
            if (used + grow > capacityBytes) {
                throw new StoreException(Reason.NO_SPACE, what + " to " + name + " needs " + grow
                        + " more bytes, but the drive holds " + used + " of its capacity of " + capacityBytes + " bytes");
            }
            if (usedBytes.compareAndSet(used, used + grow)) {
                return;
            }
        }
    }

    private BackingFile backingFile(long id, long generation) {
        return new BackingFile(generation, dataDir.resolve(Long.toUnsignedString(id) + "-" + generation + SUFFIX));
    }

    /**
     * Creates (or empties) backing file {@code f} of object {@code id} and its page checksums, their
     * directory entries durable under FSYNC, and leases the backing file's channel.
     */
    private FileHandles.Lease createFile(long id, BackingFile f) throws IOException {
        FileHandles.Lease lease = files.create(f.path());
        try {
            new PageChecksums(id, f.path()).create(durability == Durability.FSYNC);
            if (durability == Durability.FSYNC) {
                MetadataLog.forceDirectory(dataDir);
            }
        } catch (IOException e) {
            lease.close();
            throw e;
        }
        return lease;
    }

    /** Closes and deletes a backing file and its checksums; a failure leaves a leftover the next start removes. */
    private void discard(BackingFile f) {
        try {
            files.forget(f.path());
            Files.deleteIfExists(f.path());
            Files.deleteIfExists(PageChecksums.sideFile(f.path()));
        } catch (IOException e) {
            LOG.warning("could not remove backing file " + f.path() + ": " + e);
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer src, long at) throws IOException {
        while (src.hasRemaining()) {
            at += ch.write(src, at);
        }
    }

    private static void readFully(StoredObject o, BackingFile f, FileChannel ch, ByteBuffer dst, long at)
            throws IOException {
        while (dst.hasRemaining()) {
            int n = ch.read(dst, at);
            if (n < 0) {
                throw new MediaErrorException(o.id, at / PageChecksums.PAGE * PageChecksums.PAGE, "the data file "
                        + f.path() + " ends at " + at + ", inside the object's " + o.size + " bytes");
            }
            at += n;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            files.close();
            log.close();
        } finally {
            lock.channel().close(); // releases the lock
        }
    }
}
