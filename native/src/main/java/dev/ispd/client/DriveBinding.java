package dev.ispd.client;

import java.nio.ByteBuffer;

/**
 * One binding of the C API of {@code ispd.h}, function for function. Every C pointer is passed
 * as a direct buffer plus a byte offset into it, so the C library reads and writes the caller's
 * memory in place; structs are filled at the offset in the layout of {@code NativeLayout}. Every
 * method returns the C status (0 = OK) and never throws for a drive error: {@link Drive} turns
 * statuses into {@link DriveException}s with {@link #lastError} and {@link #statusName}.
 *
 * <p>This is the low-level contract between {@link Drive} and {@link Binding#JNI}/{@link Binding#JNA};
 * callers must pass direct buffers and offsets that fit (the implementations trust them, as C does).
 * {@code conn} is the {@code ispd_conn*} from {@link #connect}.
 */
public interface DriveBinding {
    /** {@code ispd_connect}: {@code text} holds the NUL-terminated UTF-8 address; the pointer lands at {@code out+connOffset}. */
    int connect(ByteBuffer text, int addressOffset, ByteBuffer out, int connOffset);

    /** {@code ispd_authenticate}: the key is {@code keyLength} bytes at {@code key+keyOffset}. */
    int authenticate(long conn, long identity, ByteBuffer key, int keyOffset, int keyLength);

    /** {@code ispd_close}; 0 is allowed. */
    void close(long conn);

    /** {@code ispd_last_error}, decoded as UTF-8. */
    String lastError(long conn);

    /** {@code ispd_status_name}. */
    String statusName(int status);

    int deviceInfo(long conn, ByteBuffer out, int offset);

    int deviceLog(long conn, ByteBuffer out, int offset);

    int createObject(long conn, long requestedId, ByteBuffer out, int idOffset);

    /** Writes {@code length <= ISPD_MAX_IO} bytes from {@code data+dataOffset}; the new size lands at {@code out+sizeOffset}. */
    int writeObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length, ByteBuffer out,
            int sizeOffset);

    /** Reads exactly {@code length <= ISPD_MAX_IO} bytes into {@code data+dataOffset}. */
    int readObject(long conn, long id, long offset, ByteBuffer data, int dataOffset, int length);

    int statObject(long conn, long id, ByteBuffer out, int offset);

    /** Fills up to {@code max} {@code ispd_object_stat}s at {@code entries+0}; the u32 count and int more land in {@code out}. */
    int listObjects(long conn, long afterId, ByteBuffer entries, int max, ByteBuffer out, int countOffset,
            int moreOffset);

    int deleteObject(long conn, long id);

    /** Name and params are NUL-terminated UTF-8 in {@code text}; {@code body} may be null when {@code bodyLength} is 0. */
    int createTasklet(long conn, int form, ByteBuffer text, int nameOffset, int paramsOffset, ByteBuffer body,
            int bodyOffset, int bodyLength, ByteBuffer out, int idOffset);

    /** {@code extents} holds {@code count} {@code ispd_extent}s from offset 0. */
    int execute(long conn, long taskletId, long outputId, ByteBuffer text, int paramsOffset, ByteBuffer extents,
            int count, ByteBuffer out, int execIdOffset);

    int poll(long conn, long execId, ByteBuffer out, int offset);

    /** The u32 bytes read land at {@code out+lengthOffset}, the u64 total at {@code out+totalOffset}. */
    int readResult(long conn, long execId, long offset, ByteBuffer data, int dataOffset, int capacity, ByteBuffer out,
            int lengthOffset, int totalOffset);

    /** The u8 state after the request lands at {@code out+stateOffset}. */
    int cancel(long conn, long execId, ByteBuffer out, int stateOffset);

    int release(long conn, long execId);

    /**
     * {@code ispd_load_module}: the name is NUL-terminated UTF-8 at {@code text+nameOffset}; the
     * 32-byte SHA-256 at {@code module+shaOffset}, the {@code length} module bytes at {@code module+wasmOffset}.
     */
    int loadModule(long conn, ByteBuffer text, int nameOffset, int version, ByteBuffer module, int shaOffset,
            int wasmOffset, long length);

    /** Fills up to {@code max} {@code ispd_module_info}s at {@code entries+0}; the u32 count lands at {@code out+countOffset}. */
    int listModules(long conn, ByteBuffer entries, int max, ByteBuffer out, int countOffset);

    /** {@code ispd_unload_module}; the name is NUL-terminated UTF-8 at {@code text+nameOffset}. */
    int unloadModule(long conn, ByteBuffer text, int nameOffset, int version);

    /** {@code ispd_scrub}: the {@code ispd_scrub_result} lands at {@code out+offset}. */
    int scrub(long conn, long objectId, ByteBuffer out, int offset);

    /** {@code ispd_set_faults}; the plan is NUL-terminated UTF-8 JSON at {@code text+planOffset} ("" clears it). */
    int setFaults(long conn, ByteBuffer text, int planOffset);

    /** {@code ispd_set_timeout}: how long each call waits for the drive, 0 = forever. */
    int setTimeout(long conn, int timeoutMs);

    /** {@code ispd_reconnects}: times a call reopened the connection the drive had closed while idle. */
    int reconnects(long conn);
}
