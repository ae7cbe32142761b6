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
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * A drive's objects: each DATA object in its own backing file under {@code <dir>/data}, and
 * every metadata change (create, size, replace, delete) in an append-only {@link MetadataLog}
 * replayed on start. A write is acknowledged only once its bytes are in the file and a changed
 * size is in the log, so it survives a crash of the drive process; with
 * {@link Durability#FSYNC} both are forced to disk first. Reads and writes use positional
 * FileChannel I/O on the caller's (direct) buffers.
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
    private final FileHandles files;
    private final ConcurrentSkipListMap<Long, StoredObject> objects = new ConcurrentSkipListMap<>(Long::compareUnsigned);
    private final AtomicLong usedBytes = new AtomicLong();
    private final Object createLock = new Object();
    private long nextId;

    private ObjectStore(FileLock lock, Path dir, long capacityBytes, Durability durability, MetadataLog log,
                        long nextId, int maxOpenFiles) {
        this.files = new FileHandles(maxOpenFiles);
        this.lock = lock;
        this.dataDir = dir.resolve(DATA_DIR);
        this.capacityBytes = capacityBytes;
        this.durability = durability;
        this.log = log;
        this.nextId = nextId;
    }

    /**
     * Opens the store in {@code dir} (created if absent), replaying its metadata log. The directory
     * is locked until {@link #close}: a second drive on it, in this process or another, is refused.
     * Keeps at most {@link FileHandles#DEFAULT_MAX_OPEN} backing files open.
     */
    public static ObjectStore open(Path dir, long capacityBytes, Durability durability) throws IOException {
        return open(dir, capacityBytes, durability, FileHandles.DEFAULT_MAX_OPEN);
    }

    /** As {@link #open(Path, long, Durability)}, keeping at most {@code maxOpenFiles} backing files open. */
    public static ObjectStore open(Path dir, long capacityBytes, Durability durability, int maxOpenFiles)
            throws IOException {
        Files.createDirectories(dir.resolve(DATA_DIR));
        FileLock lock = lock(dir.resolve(LOCK_FILE));
        ReplayedState state = new ReplayedState();
        MetadataLog log;
        try {
            log = MetadataLog.open(dir.resolve(LOG_FILE), durability, state::apply);
        } catch (IOException | RuntimeException e) {
            lock.channel().close();
            throw e;
        }
        ObjectStore store = new ObjectStore(lock, dir, capacityBytes, durability, log, state.nextId, maxOpenFiles);
        try {
            store.load(state);
            store.removeOrphanFiles();
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
                if (fileLen > size) {
                    file.channel().truncate(size); // bytes of a write that was never acknowledged
                }
            }
            if (fileLen < size) {
                // only a power loss without --durability=fsync can do this
                LOG.warning("object " + Long.toUnsignedString(id) + ": backing file " + f.path() + " holds "
                        + fileLen + " bytes but the log says " + size + "; keeping " + fileLen);
                size = fileLen;
                log.append(new LogRecord.Size(id, size));
            }
            objects.put(id, new StoredObject(id, ObjectKind.DATA, null, f, size));
            usedBytes.addAndGet(size);
        }
    }

    /** Deletes backing files no live object uses (left by a crash between a file change and its log record). */
    private void removeOrphanFiles() throws IOException {
        Set<Path> live = new HashSet<>();
        for (StoredObject o : objects.values()) {
            if (o.file != null) {
                live.add(o.file.path());
            }
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dataDir)) {
            for (Path p : files) {
                if (!live.contains(p)) {
                    Files.delete(p);
                }
            }
        }
    }

    /** The fewest records that rebuild the current state. */
    private List<LogRecord> liveRecords() {
        List<LogRecord> records = new ArrayList<>();
        records.add(new LogRecord.NextId(nextId));
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
        return records;
    }

    public long capacityBytes() {
        return capacityBytes;
    }

    /** Bytes held by DATA objects. */
    public long usedBytes() {
        return usedBytes.get();
    }

    /** Creates an empty DATA object with {@code requestedId}, or an id the store picks if it is 0. */
    public long createData(long requestedId) throws StoreException, IOException {
        synchronized (createLock) {
            long id = claimId(requestedId);
            BackingFile f = backingFile(id, 0);
            createFile(f).close();
            try {
                log.append(new LogRecord.CreateData(id));
            } catch (IOException e) {
                discard(f);
                throw e;
            }
            objects.put(id, new StoredObject(id, ObjectKind.DATA, null, f, 0));
            return id;
        }
    }

    /** Creates a tasklet instance (an object of kind TASKLET, size 0) with an id the store picks. */
    public long createTasklet(TaskletDefinition definition) throws IOException {
        synchronized (createLock) {
            long id = pickId();
            log.append(new LogRecord.CreateTasklet(id, definition));
            objects.put(id, new StoredObject(id, ObjectKind.TASKLET, definition, null, 0));
            return id;
        }
    }

    private long claimId(long requestedId) throws StoreException {
        if (requestedId == 0) {
            return pickId();
        }
        if (objects.containsKey(requestedId)) {
            throw new StoreException(Reason.OBJECT_EXISTS, "object " + Long.toUnsignedString(requestedId)
                    + " already exists");
        }
        advanceNextId(requestedId);
        return requestedId;
    }

    private long pickId() {
        long id = nextId;
        while (id == 0 || ReservedValues.isWellKnownId(id) || objects.containsKey(id)) {
            id = ReservedValues.isWellKnownId(id) ? 1 : id + 1;
        }
        advanceNextId(id);
        return id;
    }

    private void advanceNextId(long id) {
        if (!ReservedValues.isWellKnownId(id) && Long.compareUnsigned(id + 1, nextId) > 0) {
            nextId = id + 1;
        }
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
            if (offset == ReservedValues.APPEND) {
                offset = size;
            }
            if (offset < 0 || offset > size) {
                throw new StoreException(Reason.OUT_OF_RANGE, "write to " + o.name() + " at offset "
                        + Long.toUnsignedString(offset) + " would leave a hole: its size is " + size
                        + " (a write may overwrite or append, not skip ahead)");
            }
            long newSize = Math.max(size, offset + len);
            reserve(newSize - size, o.name(), "a write of " + len + " bytes");
            try {
                try (FileHandles.Lease file = files.lease(o.file.path())) {
                    writeFully(file.channel(), data.duplicate(), offset);
                    if (durability == Durability.FSYNC) {
                        file.channel().force(false);
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
     * OUT_OF_RANGE if they go past its size.
     */
    public void read(long id, long offset, ByteBuffer dst) throws StoreException, IOException {
        StoredObject o = dataObject(id, "read");
        int start = dst.position();
        int len = dst.remaining();
        while (true) {
            long size = o.size;
            if (offset < 0 || len > size - offset) {
                throw new StoreException(Reason.OUT_OF_RANGE, "read of " + o.name() + " at offset "
                        + Long.toUnsignedString(offset) + ", length " + len + " goes past its size " + size);
            }
            BackingFile f = o.file;
            try {
                readFully(f, dst, offset);
                return;
            } catch (NoSuchFileException e) {
                checkNotDeleted(o);
                if (o.file == f) {
                    throw e;
                }
                dst.position(start); // replaced while we read: read the new contents
            }
        }
    }

    /**
     * The {@code length} bytes of a DATA object from {@code offset} as a read-only buffer over its
     * backing file mapped into memory, for a scan to read in place instead of copying them out;
     * OUT_OF_RANGE if they go past its size. The buffer shows later overwrites of those bytes; a
     * REPLACE or DELETE leaves it on the old contents. Backing files are never shortened while the
     * store is open, so a view's bytes stay readable.
     */
    public ByteBuffer view(long id, long offset, int length) throws StoreException, IOException {
        StoredObject o = dataObject(id, "read");
        while (true) {
            long size = o.size;
            if (offset < 0 || length < 0 || length > size - offset) {
                throw new StoreException(Reason.OUT_OF_RANGE, "read of " + o.name() + " at offset "
                        + Long.toUnsignedString(offset) + ", length " + length + " goes past its size " + size);
            }
            BackingFile f = o.file;
            StoredObject.Mapping m = o.mapping;
            if (m == null || !m.covers(f, offset, length)) {
                try (FileHandles.Lease file = files.lease(f.path())) {
                    m = StoredObject.Mapping.of(f, file.channel(), offset, length, size);
                } catch (NoSuchFileException e) {
                    checkNotDeleted(o);
                    if (o.file == f) {
                        throw e;
                    }
                    continue; // replaced while we mapped: map the new contents
                }
                o.mapping = m;
            }
            return m.slice(offset, length);
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
                try (FileHandles.Lease file = createFile(f)) {
                    writeFully(file.channel(), data.duplicate(), 0);
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
        List<ObjectInfo> out = new ArrayList<>(Math.min(max, 1024));
        Iterator<StoredObject> it = objects.tailMap(afterId, false).values().iterator();
        while (it.hasNext() && out.size() < max) {
            out.add(it.next().info());
        }
        return new Listing(out, it.hasNext());
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

    /** Creates (or empties) a backing file, its directory entry durable under FSYNC, and leases its channel. */
    private FileHandles.Lease createFile(BackingFile f) throws IOException {
        FileHandles.Lease lease = files.create(f.path());
        if (durability == Durability.FSYNC) {
            try {
                MetadataLog.forceDirectory(dataDir);
            } catch (IOException e) {
                lease.close();
                throw e;
            }
        }
        return lease;
    }

    /** Closes and deletes a backing file no longer used; a failure leaves an orphan the next start removes. */
    private void discard(BackingFile f) {
        try {
            files.forget(f.path());
            Files.deleteIfExists(f.path());
        } catch (IOException e) {
            LOG.warning("could not remove backing file " + f.path() + ": " + e);
        }
    }

    private static void writeFully(FileChannel ch, ByteBuffer src, long at) throws IOException {
        while (src.hasRemaining()) {
            at += ch.write(src, at);
        }
    }

    private void readFully(BackingFile f, ByteBuffer dst, long at) throws IOException {
        try (FileHandles.Lease file = files.lease(f.path())) {
            while (dst.hasRemaining()) {
                int n = file.channel().read(dst, at);
                if (n < 0) {
                    throw new IOException("backing file " + f.path() + " ends at " + at + ", before the object's size");
                }
                at += n;
            }
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
