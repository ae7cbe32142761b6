package dev.ispd.client;

import static dev.ispd.client.CallBuffers.SLOT_A;
import static dev.ispd.client.CallBuffers.SLOT_B;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import java.lang.ref.Cleaner;
import java.lang.ref.Reference;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection to one drive, with a method per command of the ispd protocol (docs/protocol.md).
 * This is the way Java code reaches a drive; it goes through the C library by {@link Binding#JNI}
 * (the default) or {@link Binding#JNA}. Every non-OK status becomes a {@link DriveException}
 * carrying the status and the drive's message.
 *
 * <p><b>Threads.</b> A connection carries one request at a time, so every method takes this
 * handle's lock: a Drive is safe to share, but calls from several threads run one after another.
 * For parallelism open one Drive per thread; the drive serves connections concurrently.
 *
 * <p><b>Buffers.</b> Methods taking a {@link ByteBuffer} require a <em>direct</em> buffer and move
 * {@code remaining()} bytes from its {@code position()} straight between the drive and that memory
 * (the C library reads and writes it in place: no copy in Java or JNI). They advance the position
 * by the bytes transferred, also when a later chunk fails. A heap buffer is rejected with
 * IllegalArgumentException rather than copied silently; the {@code byte[]} overloads copy through a
 * per-connection direct buffer because the caller gave an array.
 *
 * <p><b>Chunks.</b> Transfers larger than {@link Limits#MAX_IO} are split into several commands
 * transparently; a large write is therefore not atomic (a failure leaves the earlier chunks written).
 *
 * <p><b>Closing.</b> {@link #close()} is idempotent and refuses (IllegalStateException) while a call
 * is in progress. Calls on a closed Drive throw IllegalStateException. A {@link Cleaner} closes the
 * connection of a Drive that was dropped without closing, as a safety net only.
 */
public final class Drive implements AutoCloseable {
    /** The first READ_RESULT asks for this much, before the total length is known. */
    private static final int FIRST_RESULT_CHUNK = 64 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(Drive.class);
    private static final Cleaner CLEANER = Cleaner.create();
    private static final int SHA256_BYTES = 32;

    private final String address;
    private final DriveBinding binding;
    private final CallBuffers buffers = new CallBuffers();
    private final ByteBuffer out = buffers.out;
    private final ReentrantLock lock = new ReentrantLock();
    private final long conn;
    private final Cleaner.Cleanable cleanable;
    private volatile boolean closed; // written under lock
    /** Reopenings of the connection after the drive closed it while idle, as last logged (under lock). */
    private int reconnects;

    private Drive(String address, DriveBinding binding) throws DriveException {
        this.address = Objects.requireNonNull(address, "address");
        this.binding = Objects.requireNonNull(binding, "binding");
        int at = buffers.clearText().addText(address, "drive address");
        out.putLong(SLOT_A, 0);
        int status = binding.connect(buffers.text(), at, out, SLOT_A);
        long c = out.getLong(SLOT_A);
        if (status != 0) {
            String message = c != 0 ? binding.lastError(c) : "cannot connect to '" + address + "'";
            binding.close(c);
            throw new DriveException("CONNECT", address, status, binding.statusName(status), message);
        }
        this.conn = c;
        this.cleanable = CLEANER.register(this, new Disconnect(binding, c));
    }

    /**
     * Connects through the JNI binding.
     *
     * @param address {@code unix:/path/to/socket} or {@code tcp:host:port}
     * @throws DriveException CONNECT (with the system's reason) or ARGUMENT (a malformed address)
     */
    public static Drive connect(String address) throws DriveException {
        return connect(address, Binding.JNI);
    }

    /**
     * Connects through the given binding.
     *
     * @param address {@code unix:/path/to/socket} or {@code tcp:host:port}
     */
    public static Drive connect(String address, Binding binding) throws DriveException {
        return new Drive(address, binding.get());
    }

    /**
     * Connects through a binding object of the caller's, for example a decorator around
     * {@link Binding#get()} that counts or times the C calls.
     */
    public static Drive connect(String address, DriveBinding binding) throws DriveException {
        return new Drive(address, binding);
    }

    /**
     * Connects through the JNI binding and authenticates as {@code credentials}' identity
     * (docs/security.md): from then on every request is tagged and every answer verified.
     *
     * @throws DriveException CONNECT, or AUTH_FAILED if the drive does not know the identity or key
     */
    public static Drive connect(String address, Credentials credentials) throws DriveException {
        Drive d = connect(address);
        try {
            d.authenticate(credentials);
        } catch (DriveException | RuntimeException e) {
            d.close();
            throw e;
        }
        return d;
    }

    /**
     * Authenticates this connection ({@code ispd_authenticate}): sends the hello as the identity,
     * then tags every request and verifies every answer with its key.
     */
    public void authenticate(Credentials credentials) throws DriveException {
        long c = begin();
        ByteBuffer key = ByteBuffer.allocateDirect(credentials.keyLength());
        try {
            credentials.copyKeyTo(key);
            check(binding.authenticate(c, credentials.identity(), key, 0, key.capacity()), "AUTHENTICATE");
        } finally {
            key.clear().put(new byte[key.capacity()]); // wipe the copy
            end();
        }
    }

    public String address() {
        return address;
    }

    /**
     * Times a call reopened this connection because the drive had closed it while it was idle
     * (before the call sent anything: the call went on, on the new connection); each is logged at
     * INFO.
     */
    public int reconnects() {
        long c = begin();
        try {
            return binding.reconnects(c);
        } finally {
            end();
        }
    }

    public DriveBinding binding() {
        return binding;
    }

    public boolean isOpen() {
        return !closed;
    }

    // ---- device ----

    public DeviceInfo deviceInfo() throws DriveException {
        long c = begin();
        try {
            check(binding.deviceInfo(c, out, 0), "DEVICE_INFO");
            return Structs.deviceInfo(out);
        } finally {
            end();
        }
    }

    public DeviceLog deviceLog() throws DriveException {
        long c = begin();
        try {
            check(binding.deviceLog(c, out, 0), "DEVICE_LOG");
            return Structs.deviceLog(out);
        } finally {
            end();
        }
    }

    /**
     * SCRUB: checks every page of object {@code objectId} against its checksums, or of every
     * object if it is 0. The drive reads all of it, so this takes as long as reading it.
     */
    public ScrubReport scrub(long objectId) throws DriveException {
        long c = begin();
        try {
            check(binding.scrub(c, objectId, out, 0), "SCRUB");
            return Structs.scrub(out);
        } finally {
            end();
        }
    }

    // ---- objects ----

    /** Creates an empty DATA object; the drive picks its id. */
    public long createObject() throws DriveException {
        return createObject(0);
    }

    /** Creates an empty DATA object with the given id (0 = the drive picks); OBJECT_EXISTS if taken. */
    public long createObject(long requestedId) throws DriveException {
        long c = begin();
        try {
            check(binding.createObject(c, requestedId, out, SLOT_A), "CREATE_OBJECT");
            return out.getLong(SLOT_A);
        } finally {
            end();
        }
    }

    /**
     * Writes {@code src.remaining()} bytes at {@code offset} (at most the object's size: overwrite
     * or append, no holes), straight from the direct buffer.
     *
     * @return the object's size after the write
     */
    public long write(long id, long offset, ByteBuffer src) throws DriveException {
        requireDirect(src, "write");
        long c = begin();
        try {
            int pos = src.position();
            int len = src.remaining();
            int done = 0;
            do {
                int n = Math.min(Limits.MAX_IO, len - done);
                check(binding.writeObject(c, id, offset + done, src, pos + done, n, out, SLOT_A), "WRITE_OBJECT");
                done += n;
                src.position(pos + done);
            } while (done < len);
            return out.getLong(SLOT_A);
        } finally {
            end();
        }
    }

    /**
     * Appends {@code src.remaining()} bytes (at most {@link Limits#MAX_IO}: one command, so that the
     * append is atomic) at the object's current end, straight from the direct buffer. Appends from
     * any number of connections never overlap (WRITE_OBJECT at ISPD_APPEND, docs/protocol.md).
     *
     * @return the offset where the bytes landed
     */
    public long append(long id, ByteBuffer src) throws DriveException {
        requireDirect(src, "append");
        int len = src.remaining();
        if (len > Limits.MAX_IO) {
            throw new IllegalArgumentException("append to object " + Long.toUnsignedString(id) + ": " + len
                    + " bytes is over MAX_IO (" + Limits.MAX_IO + "); an append is one command so that it stays atomic");
        }
        long c = begin();
        try {
            int pos = src.position();
            check(binding.writeObject(c, id, ReservedValues.APPEND, src, pos, len, out, SLOT_A), "WRITE_OBJECT");
            src.position(pos + len);
            return out.getLong(SLOT_A) - len;
        } finally {
            end();
        }
    }

    /**
     * Writes the whole array (copied through a direct buffer).
     *
     * @return the object's size after the write
     */
    public long write(long id, long offset, byte[] data) throws DriveException {
        return write(id, offset, data, 0, data.length);
    }

    /** Writes {@code length} bytes of {@code data} from {@code from} (copied through a direct buffer). */
    public long write(long id, long offset, byte[] data, int from, int length) throws DriveException {
        Objects.checkFromIndexSize(from, length, data.length);
        long c = begin();
        try {
            ByteBuffer stage = buffers.staging(Math.min(length, Limits.MAX_IO));
            int chunk = Math.min(Limits.MAX_IO, stage.capacity());
            int done = 0;
            do {
                int n = Math.min(chunk, length - done);
                stage.put(0, data, from + done, n);
                check(binding.writeObject(c, id, offset + done, stage, 0, n, out, SLOT_A), "WRITE_OBJECT");
                done += n;
            } while (done < length);
            return out.getLong(SLOT_A);
        } finally {
            end();
        }
    }

    /**
     * Reads exactly {@code dst.remaining()} bytes from {@code offset} straight into the direct
     * buffer; OUT_OF_RANGE if they reach past the object's end.
     */
    public void read(long id, long offset, ByteBuffer dst) throws DriveException {
        requireWritableDirect(dst, "read");
        long c = begin();
        try {
            int pos = dst.position();
            int len = dst.remaining();
            int done = 0;
            do {
                int n = Math.min(Limits.MAX_IO, len - done);
                check(binding.readObject(c, id, offset + done, dst, pos + done, n), "READ_OBJECT");
                done += n;
                dst.position(pos + done);
            } while (done < len);
        } finally {
            end();
        }
    }

    /** Reads {@code length} bytes from {@code offset} into a new array. */
    public byte[] read(long id, long offset, int length) throws DriveException {
        byte[] bytes = new byte[length];
        read(id, offset, bytes, 0, length);
        return bytes;
    }

    /** Reads {@code length} bytes into {@code dst} from {@code from} (copied through a direct buffer). */
    public void read(long id, long offset, byte[] dst, int from, int length) throws DriveException {
        Objects.checkFromIndexSize(from, length, dst.length);
        long c = begin();
        try {
            ByteBuffer stage = buffers.staging(Math.min(length, Limits.MAX_IO));
            int chunk = Math.min(Limits.MAX_IO, stage.capacity());
            int done = 0;
            do {
                int n = Math.min(chunk, length - done);
                check(binding.readObject(c, id, offset + done, stage, 0, n), "READ_OBJECT");
                stage.get(0, dst, from + done, n);
                done += n;
            } while (done < length);
        } finally {
            end();
        }
    }

    public ObjectStat stat(long id) throws DriveException {
        long c = begin();
        try {
            check(binding.statObject(c, id, out, 0), "STAT_OBJECT");
            return Structs.objectStat(out, 0);
        } finally {
            end();
        }
    }

    /** One LIST_OBJECTS command: up to {@code max} (1..{@link Limits#MAX_LIST}) objects with ids above {@code afterId}. */
    public ObjectPage listPage(long afterId, int max) throws DriveException {
        if (max < 1 || max > Limits.MAX_LIST) {
            throw new IllegalArgumentException("listPage: max must be in [1, " + Limits.MAX_LIST + "], got " + max);
        }
        long c = begin();
        try {
            ByteBuffer entries = buffers.listPage(max);
            check(binding.listObjects(c, afterId, entries, max, out, SLOT_A, SLOT_B), "LIST_OBJECTS");
            int count = out.getInt(SLOT_A);
            List<ObjectStat> objects = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                objects.add(Structs.objectStat(entries, i * NativeLayout.STAT_SIZE));
            }
            return new ObjectPage(objects, out.getInt(SLOT_B) != 0);
        } finally {
            end();
        }
    }

    /** Every object on the drive, ordered by id, asking for {@link Limits#MAX_LIST} at a time. */
    public List<ObjectStat> list() throws DriveException {
        return list(Limits.MAX_LIST);
    }

    /** Every object on the drive, ordered by id, asking page after page of {@code pageSize} entries. */
    public List<ObjectStat> list(int pageSize) throws DriveException {
        begin();
        try {
            List<ObjectStat> all = new ArrayList<>();
            ObjectPage page;
            long after = 0;
            do {
                page = listPage(after, pageSize);
                all.addAll(page.objects());
                after = page.lastId();
            } while (page.more() && !page.objects().isEmpty());
            return all;
        } finally {
            end();
        }
    }

    /** Deletes an object; BUSY while a queued or running execution uses it. */
    public void delete(long id) throws DriveException {
        long c = begin();
        try {
            check(binding.deleteObject(c, id), "DELETE_OBJECT");
        } finally {
            end();
        }
    }

    // ---- tasklets ----

    /**
     * Instantiates a built-in tasklet by name.
     *
     * @return the tasklet object's id
     */
    public long createTasklet(String name, Params params) throws DriveException {
        return createTasklet(TaskletForm.BUILTIN, name, params, null);
    }

    /**
     * Instantiates a tasklet of any form; the body (a plan or a module, direct buffer, from its
     * position to its limit; null for none) goes to the drive as it is. A module's body is empty:
     * load it with {@link #loadModule}, then name it {@code name@version}.
     */
    public long createTasklet(TaskletForm form, String name, Params params, ByteBuffer body) throws DriveException {
        if (body != null) {
            requireDirect(body, "createTasklet body");
        }
        long c = begin();
        try {
            buffers.clearText();
            int nameAt = buffers.addText(name, "tasklet name");
            int paramsAt = buffers.addParams(params.asMap(), "tasklet parameters");
            int bodyAt = body == null ? 0 : body.position();
            int bodyLength = body == null ? 0 : body.remaining();
            check(binding.createTasklet(c, form.code(), buffers.text(), nameAt, paramsAt, body, bodyAt, bodyLength, out,
                    SLOT_A), "CREATE_TASKLET");
            return out.getLong(SLOT_A);
        } finally {
            end();
        }
    }

    /**
     * Queues an execution of a tasklet over extents of DATA objects and returns at once.
     *
     * @param outputId a DATA object that receives the result when it finishes, or 0 for none
     * @return the execution id, for {@link #poll}, {@link #readResult}, {@link #cancel}, {@link #release}
     */
    public long execute(long taskletId, long outputId, Params runtime, List<Extent> extents) throws DriveException {
        long c = begin();
        try {
            buffers.clearText();
            int paramsAt = buffers.addParams(runtime.asMap(), "runtime parameters");
            ByteBuffer list = buffers.putExtents(extents);
            check(binding.execute(c, taskletId, outputId, buffers.text(), paramsAt, list, extents.size(), out, SLOT_A),
                    "EXECUTE");
            return out.getLong(SLOT_A);
        } finally {
            end();
        }
    }

    public ExecutionStatus poll(long execId) throws DriveException {
        long c = begin();
        try {
            check(binding.poll(c, execId, out, 0), "POLL");
            return Structs.poll(out);
        } finally {
            end();
        }
    }

    /**
     * Reads the result of a DONE execution from {@code offset} into the direct buffer, up to its
     * remaining bytes (fewer at the result's end); the position advances by the bytes read.
     *
     * @return the result's total length
     */
    public long readResult(long execId, long offset, ByteBuffer dst) throws DriveException {
        requireWritableDirect(dst, "readResult");
        long c = begin();
        try {
            int pos = dst.position();
            int capacity = dst.remaining();
            int done = 0;
            long total;
            while (true) {
                int ask = Math.min(Limits.MAX_IO, capacity - done);
                check(binding.readResult(c, execId, offset + done, dst, pos + done, ask, out, SLOT_A, SLOT_B),
                        "READ_RESULT");
                int got = out.getInt(SLOT_A);
                total = out.getLong(SLOT_B);
                done += got;
                dst.position(pos + done);
                if (got < ask || done == capacity) {
                    return total;
                }
            }
        } finally {
            end();
        }
    }

    /** The whole result of a DONE execution, all chunks up to its total length. */
    public byte[] readResult(long execId) throws DriveException {
        long c = begin();
        try {
            ByteBuffer stage = buffers.staging(FIRST_RESULT_CHUNK);
            check(binding.readResult(c, execId, 0, stage, 0, Math.min(Limits.MAX_IO, stage.capacity()), out, SLOT_A, SLOT_B),
                    "READ_RESULT");
            int got = out.getInt(SLOT_A);
            long total = out.getLong(SLOT_B);
            if (total > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("result of execution " + execId + " on " + address + " is " + total
                        + " bytes, too large for an array; read it with readResult(execId, offset, ByteBuffer)");
            }
            byte[] result = new byte[(int) total];
            stage.get(0, result, 0, got);
            int done = got;
            while (done < total) {
                stage = buffers.staging((int) Math.min(Limits.MAX_IO, total - done));
                int ask = (int) Math.min(Math.min(Limits.MAX_IO, stage.capacity()), total - done);
                check(binding.readResult(c, execId, done, stage, 0, ask, out, SLOT_A, SLOT_B), "READ_RESULT");
                got = out.getInt(SLOT_A);
                if (got == 0) {
                    throw new DriveException("READ_RESULT", address, Status.PROTOCOL.code(), Status.PROTOCOL.name(),
                            "execution " + execId + ": no bytes at offset " + done + " of a " + total + "-byte result");
                }
                stage.get(0, result, done, got);
                done += got;
            }
            return result;
        } finally {
            end();
        }
    }

    /**
     * Cancels an execution.
     *
     * @return its state afterwards: CANCELLED, or DONE/FAILED if it had finished
     */
    public ExecutionState cancel(long execId) throws DriveException {
        long c = begin();
        try {
            check(binding.cancel(c, execId, out, SLOT_A), "CANCEL");
            return Structs.executionState(out, SLOT_A);
        } finally {
            end();
        }
    }

    /** Forgets a finished execution and its result. */
    public void release(long execId) throws DriveException {
        long c = begin();
        try {
            check(binding.release(c, execId), "RELEASE");
        } finally {
            end();
        }
    }

    // ---- life cycle ----

    /**
     * Closes the connection; does nothing if closed already.
     *
     * @throws IllegalStateException while a call is in progress on another thread
     */
    // ---- user tasklet modules ----

    /**
     * Loads a WebAssembly module as {@code name@version}, in chunks of at most
     * {@link Limits#MAX_IO} bytes; a drive that already holds the same bytes under that name and
     * version answers the first chunk at once, so loading is once per drive by content hash.
     */
    public void loadModule(String name, int version, byte[] wasm) throws DriveException {
        if (wasm.length == 0 || wasm.length > Limits.MAX_MODULE_SIZE) {
            throw new IllegalArgumentException("loadModule: module " + name + " is " + wasm.length
                    + " bytes, must be 1.." + Limits.MAX_MODULE_SIZE);
        }
        ByteBuffer module = CallBuffers.allocate(SHA256_BYTES + wasm.length);
        module.put(0, sha256(wasm)).put(SHA256_BYTES, wasm);
        long c = begin();
        try {
            int nameAt = buffers.clearText().addText(name, "module name");
            check(binding.loadModule(c, buffers.text(), nameAt, version, module, 0, SHA256_BYTES, wasm.length),
                    "LOAD_MODULE");
        } finally {
            end();
        }
    }

    /** The modules loaded into the drive, in order of {@code name@version}. */
    public List<ModuleInfo> listModules() throws DriveException {
        long c = begin();
        try {
            ByteBuffer entries = buffers.modules();
            check(binding.listModules(c, entries, Limits.MAX_MODULES, out, SLOT_A), "LIST_MODULES");
            int count = out.getInt(SLOT_A);
            List<ModuleInfo> modules = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                modules.add(Structs.moduleInfo(entries, i * NativeLayout.MODULE_SIZE));
            }
            return modules;
        } finally {
            end();
        }
    }

    /** Unloads {@code name@version}; NO_SUCH_TASKLET if it is not loaded. */
    public void unloadModule(String name, int version) throws DriveException {
        long c = begin();
        try {
            int nameAt = buffers.clearText().addText(name, "module name");
            check(binding.unloadModule(c, buffers.text(), nameAt, version), "UNLOAD_MODULE");
        } finally {
            end();
        }
    }

    // ---- fault injection ----

    /**
     * SET_FAULTS: makes the drive inject the faults of {@code planJson} from now on (docs/drive.md,
     * "Fault injection"), replacing its plan. Needs an admin identity on a drive that
     * authenticates; a bad plan is BAD_PARAMETER naming the fault and field.
     */
    public void setFaults(String planJson) throws DriveException {
        long c = begin();
        try {
            int at = buffers.clearText().addText(planJson, "fault plan");
            check(binding.setFaults(c, buffers.text(), at), "SET_FAULTS");
        } finally {
            end();
        }
    }

    /** SET_FAULTS with no plan: the drive injects nothing from now on. */
    public void clearFaults() throws DriveException {
        setFaults("");
    }

    /**
     * How long each call waits for the drive to answer ({@code ispd_set_timeout}); zero waits
     * forever. A call that times out fails with IO and leaves the connection unusable.
     */
    public void setTimeout(Duration timeout) throws DriveException {
        long ms = timeout.toMillis();
        if (ms < 0 || ms > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException("timeout " + timeout + " is not 0 to 2^32-1 ms");
        }
        long c = begin();
        try {
            check(binding.setTimeout(c, (int) ms), "SET_TIMEOUT");
        } finally {
            end();
        }
    }

    /** SHA-256 of a module: what LOAD_MODULE names it by. */
    public static byte[] sha256(byte[] wasm) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(wasm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    @Override
    public void close() {
        if (!lock.tryLock()) {
            throw new IllegalStateException("drive " + address + ": close() while a call is in progress");
        }
        try {
            if (!closed) {
                closed = true;
                cleanable.clean();
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public String toString() {
        return "Drive[" + address + ", " + binding + "]";
    }

    /** Takes the call lock and returns the connection, or throws if closed. */
    private long begin() {
        lock.lock();
        if (closed) {
            lock.unlock();
            throw new IllegalStateException("drive " + address + " is closed");
        }
        return conn;
    }

    private void end() {
        lock.unlock();
        // Keep this Drive reachable until the native call has returned, so the Cleaner cannot
        // close the connection under it.
        Reference.reachabilityFence(this);
    }

    private void check(int status, String operation) throws DriveException {
        int reopened = binding.reconnects(conn);
        if (reopened != reconnects) {
            reconnects = reopened;
            LOG.info("{}: the drive had closed the idle connection; reconnected before {} (reconnect {} of this "
                    + "connection)", address, operation, reopened);
        }
        if (status != 0) {
            throw new DriveException(operation, address, status, binding.statusName(status), binding.lastError(conn));
        }
    }

    private static void requireDirect(ByteBuffer b, String operation) {
        if (!b.isDirect()) {
            throw new IllegalArgumentException(operation + ": the buffer must be direct (ByteBuffer.allocateDirect) so"
                    + " bytes move without copies; got a heap buffer (use the byte[] overload to copy from an array)");
        }
    }

    private static void requireWritableDirect(ByteBuffer b, String operation) {
        requireDirect(b, operation);
        if (b.isReadOnly()) {
            throw new IllegalArgumentException(operation + ": the buffer is read-only");
        }
    }

    /** The Cleaner's action: closes the C connection once, holding no reference to the Drive. */
    private record Disconnect(DriveBinding binding, long conn) implements Runnable {
        @Override
        public void run() {
            binding.close(conn);
        }
    }
}
