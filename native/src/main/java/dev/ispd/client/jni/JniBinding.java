package dev.ispd.client.jni;

import dev.ispd.client.DriveBinding;
import dev.ispd.client.NativeLoader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The JNI binding: each method is a thin native in src/main/c/jni/jni_binding.c that turns the
 * buffers into addresses with {@code GetDirectBufferAddress} (no copies) and calls the C function.
 * Statuses come back as ints; a buffer that is not direct raises IllegalArgumentException in the
 * glue (the {@link dev.ispd.client.Drive} checks first, with a clearer message).
 */
public final class JniBinding implements DriveBinding {
    private static final JniBinding INSTANCE = new JniBinding();

    private JniBinding() {
    }

    /** Loads the library (once) and returns the binding. */
    public static JniBinding instance() {
        NativeLoader.load();
        return INSTANCE;
    }

    @Override
    public String lastError(long conn) {
        return new String(lastErrorBytes(conn), StandardCharsets.UTF_8);
    }

    @Override
    public String statusName(int status) {
        return new String(statusNameBytes(status), StandardCharsets.UTF_8);
    }

    private static native byte[] lastErrorBytes(long conn);

    private static native byte[] statusNameBytes(int status);

    @Override
    public native int connect(ByteBuffer text, int addressOffset, ByteBuffer out, int connOffset);

    @Override
    public native int authenticate(long conn, long identity, ByteBuffer key, int keyOffset, int keyLength);

    @Override
    public native void close(long conn);

    @Override
    public native int deviceInfo(long conn, ByteBuffer out, int offset);

    @Override
    public native int deviceLog(long conn, ByteBuffer out, int offset);

    @Override
    public native int createObject(long conn, long requestedId, ByteBuffer out, int idOffset);

    @Override
    public native int writeObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length,
            ByteBuffer out, int sizeOffset);

    @Override
    public native int readObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length);

    @Override
    public native int statObject(long conn, long id, ByteBuffer out, int offset);

    @Override
    public native int listObjects(long conn, long afterId, ByteBuffer entries, int max, ByteBuffer out,
            int countOffset, int moreOffset);

    @Override
    public native int deleteObject(long conn, long id);

    @Override
    public native int createTasklet(long conn, int form, ByteBuffer text, int nameOffset, int paramsOffset,
            ByteBuffer body, int bodyOffset, int bodyLength, ByteBuffer out, int idOffset);

    @Override
    public native int execute(long conn, long taskletId, long outputId, ByteBuffer text, int paramsOffset,
            ByteBuffer extents, int count, ByteBuffer out, int execIdOffset);

    @Override
    public native int poll(long conn, long execId, ByteBuffer out, int offset);

    @Override
    public native int readResult(long conn, long execId, long offset, ByteBuffer data, int dataOffset, int capacity,
            ByteBuffer out, int lengthOffset, int totalOffset);

    @Override
    public native int cancel(long conn, long execId, ByteBuffer out, int stateOffset);

    @Override
    public native int release(long conn, long execId);

    @Override
    public native int loadModule(long conn, ByteBuffer text, int nameOffset, int version, ByteBuffer module,
            int shaOffset, int wasmOffset, long length);

    @Override
    public native int listModules(long conn, ByteBuffer entries, int max, ByteBuffer out, int countOffset);

    @Override
    public native int unloadModule(long conn, ByteBuffer text, int nameOffset, int version);

    @Override
    public native int scrub(long conn, long objectId, ByteBuffer out, int offset);

    @Override
    public native int setFaults(long conn, ByteBuffer text, int planOffset);

    @Override
    public native int setTimeout(long conn, int timeoutMs);

    @Override
    public native int reconnects(long conn);

    @Override
    public String toString() {
        return "JNI";
    }
}
