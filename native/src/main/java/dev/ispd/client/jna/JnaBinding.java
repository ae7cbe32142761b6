package dev.ispd.client.jna;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import dev.ispd.client.DriveBinding;
import dev.ispd.client.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The JNA binding: direct mapping ({@link Native#register}) of the exported {@code ispd_*}
 * functions in the very file {@link NativeLoader} extracted. Pointers are passed as {@code long}
 * addresses of the caller's direct buffers (zero copy; direct mapping passes a Java long as a
 * 64-bit integer, which is how LP64 passes a pointer, so only 64-bit platforms are supported).
 */
public final class JnaBinding implements DriveBinding {
    private static volatile JnaBinding instance;

    private JnaBinding() {
    }

    /** Registers the natives against the loaded library (once) and returns the binding. */
    public static JnaBinding instance() {
        JnaBinding b = instance;
        if (b == null) {
            synchronized (JnaBinding.class) {
                b = instance;
                if (b == null) {
                    if (Native.POINTER_SIZE != Long.BYTES) {
                        throw new UnsupportedOperationException("the JNA binding needs 64-bit pointers, this JVM has "
                                + Native.POINTER_SIZE + "-byte pointers");
                    }
                    Native.register(JnaBinding.class, NativeLibrary.getInstance(NativeLoader.load().toString()));
                    instance = b = new JnaBinding();
                }
            }
        }
        return b;
    }

    /**
     * Address of byte {@code offset} of a direct buffer; 0 for a null buffer. JNA refuses a heap
     * buffer with IllegalArgumentException.
     */
    private static long at(ByteBuffer buffer, int offset) {
        return buffer == null ? 0 : Pointer.nativeValue(Native.getDirectBufferPointer(buffer)) + offset;
    }

    @Override
    public int connect(ByteBuffer text, int addressOffset, ByteBuffer out, int connOffset) {
        return ispd_connect(at(text, addressOffset), at(out, connOffset));
    }

    @Override
    public int authenticate(long conn, long identity, ByteBuffer key, int keyOffset, int keyLength) {
        return ispd_authenticate(conn, (int) identity, at(key, keyOffset), keyLength);
    }

    @Override
    public void close(long conn) {
        ispd_close(conn);
    }

    @Override
    public String lastError(long conn) {
        return ispd_last_error(conn).getString(0, StandardCharsets.UTF_8.name());
    }

    @Override
    public String statusName(int status) {
        return ispd_status_name(status).getString(0, StandardCharsets.UTF_8.name());
    }

    @Override
    public int deviceInfo(long conn, ByteBuffer out, int offset) {
        return ispd_device_info_get(conn, at(out, offset));
    }

    @Override
    public int deviceLog(long conn, ByteBuffer out, int offset) {
        return ispd_device_log_get(conn, at(out, offset));
    }

    @Override
    public int scrub(long conn, long objectId, ByteBuffer out, int offset) {
        return ispd_scrub(conn, objectId, at(out, offset));
    }

    @Override
    public int createObject(long conn, long requestedId, ByteBuffer out, int idOffset) {
        return ispd_create_object(conn, requestedId, at(out, idOffset));
    }

    @Override
    public int writeObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length,
            ByteBuffer out, int sizeOffset) {
        return ispd_write_object(conn, id, offset, at(data, dataOffset), length, at(out, sizeOffset));
    }

    @Override
    public int readObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length) {
        return ispd_read_object(conn, id, offset, at(data, dataOffset), length);
    }

    @Override
    public int statObject(long conn, long id, ByteBuffer out, int offset) {
        return ispd_stat_object(conn, id, at(out, offset));
    }

    @Override
    public int listObjects(long conn, long afterId, ByteBuffer entries, int max, ByteBuffer out, int countOffset,
            int moreOffset) {
        return ispd_list_objects(conn, afterId, at(entries, 0), max, at(out, countOffset), at(out, moreOffset));
    }

    @Override
    public int deleteObject(long conn, long id) {
        return ispd_delete_object(conn, id);
    }

    @Override
    public int createTasklet(long conn, int form, ByteBuffer text, int nameOffset, int paramsOffset, ByteBuffer body,
            int bodyOffset, int bodyLength, ByteBuffer out, int idOffset) {
        return ispd_create_tasklet(conn, (byte) form, at(text, nameOffset), at(text, paramsOffset),
                at(body, bodyOffset), bodyLength, at(out, idOffset));
    }

    @Override
    public int execute(long conn, long taskletId, long outputId, ByteBuffer text, int paramsOffset,
            ByteBuffer extents, int count, ByteBuffer out, int execIdOffset) {
        return ispd_execute(conn, taskletId, outputId, at(text, paramsOffset), at(extents, 0), count,
                at(out, execIdOffset));
    }

    @Override
    public int poll(long conn, long execId, ByteBuffer out, int offset) {
        return ispd_poll(conn, execId, at(out, offset));
    }

    @Override
    public int readResult(long conn, long execId, long offset, ByteBuffer data, int dataOffset, int capacity,
            ByteBuffer out, int lengthOffset, int totalOffset) {
        return ispd_read_result(conn, execId, offset, at(data, dataOffset), capacity, at(out, lengthOffset),
                at(out, totalOffset));
    }

    @Override
    public int cancel(long conn, long execId, ByteBuffer out, int stateOffset) {
        return ispd_cancel(conn, execId, at(out, stateOffset));
    }

    @Override
    public int release(long conn, long execId) {
        return ispd_release(conn, execId);
    }

    @Override
    public int loadModule(long conn, ByteBuffer text, int nameOffset, int version, ByteBuffer module, int shaOffset,
            int wasmOffset, long length) {
        return ispd_load_module(conn, at(text, nameOffset), version, at(module, shaOffset), at(module, wasmOffset),
                length);
    }

    @Override
    public int listModules(long conn, ByteBuffer entries, int max, ByteBuffer out, int countOffset) {
        return ispd_list_modules(conn, at(entries, 0), max, at(out, countOffset));
    }

    @Override
    public int unloadModule(long conn, ByteBuffer text, int nameOffset, int version) {
        return ispd_unload_module(conn, at(text, nameOffset), version);
    }

    @Override
    public int setFaults(long conn, ByteBuffer text, int planOffset) {
        return ispd_set_faults(conn, at(text, planOffset));
    }

    @Override
    public int setTimeout(long conn, int timeoutMs) {
        return ispd_set_timeout(conn, timeoutMs);
    }

    @Override
    public int reconnects(long conn) {
        return ispd_reconnects(conn);
    }

    @Override
    public String toString() {
        return "JNA";
    }

    // The C API (ispd.h), pointers as long addresses.
    private static native int ispd_connect(long address, long connOut);

    private static native int ispd_authenticate(long conn, int identity, long key, int keyLength);

    private static native void ispd_close(long conn);

    private static native Pointer ispd_last_error(long conn);

    private static native Pointer ispd_status_name(int status);

    private static native int ispd_device_info_get(long conn, long out);

    private static native int ispd_device_log_get(long conn, long out);

    private static native int ispd_create_object(long conn, long requestedId, long idOut);

    private static native int ispd_write_object(long conn, long id, long offset, long data, int len, long newSizeOut);

    private static native int ispd_read_object(long conn, long id, long offset, long buf, int len);

    private static native int ispd_stat_object(long conn, long id, long out);

    private static native int ispd_list_objects(long conn, long afterId, long out, int max, long countOut,
            long moreOut);

    private static native int ispd_delete_object(long conn, long id);

    private static native int ispd_create_tasklet(long conn, byte form, long name, long params, long body,
            int bodyLen, long taskletIdOut);

    private static native int ispd_execute(long conn, long taskletId, long outputId, long runtimeParams,
            long extents, int nExtents, long execIdOut);

    private static native int ispd_poll(long conn, long execId, long out);

    private static native int ispd_read_result(long conn, long execId, long offset, long buf, int cap, long lenOut,
            long totalOut);

    private static native int ispd_cancel(long conn, long execId, long stateOut);

    private static native int ispd_release(long conn, long execId);

    private static native int ispd_load_module(long conn, long name, int version, long sha256, long wasm, long len);

    private static native int ispd_list_modules(long conn, long out, int max, long countOut);

    private static native int ispd_unload_module(long conn, long name, int version);

    private static native int ispd_scrub(long conn, long objectId, long out);

    private static native int ispd_set_faults(long conn, long plan);

    private static native int ispd_set_timeout(long conn, int timeoutMs);

    private static native int ispd_reconnects(long conn);
}
