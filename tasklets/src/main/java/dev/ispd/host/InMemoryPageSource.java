package dev.ispd.host;

import dev.ispd.tasklet.PageSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * Objects held in memory, one buffer each: for tests, and for host runs over bytes already read.
 * Reads copy with absolute bulk puts and never move the source buffers, so concurrent reads are safe.
 */
public final class InMemoryPageSource implements PageSource {
    private final Map<Long, ByteBuffer> objects = new HashMap<>();

    /** Each object's bytes are its buffer's bytes from position to limit, as they are at this call. */
    public InMemoryPageSource(Map<Long, ByteBuffer> objects) {
        objects.forEach((id, bytes) -> this.objects.put(id, bytes.slice()));
    }

    public static InMemoryPageSource of(long objectId, ByteBuffer bytes) {
        return new InMemoryPageSource(Map.of(objectId, bytes));
    }

    public static InMemoryPageSource of(long objectId, byte[] bytes) {
        return of(objectId, ByteBuffer.wrap(bytes));
    }

    /** Size of an object in bytes. */
    public long size(long objectId) throws IOException {
        return object(objectId).capacity();
    }

    @Override
    public void read(long objectId, long offset, ByteBuffer dst) throws IOException {
        ByteBuffer object = object(objectId);
        int n = dst.remaining();
        if (offset < 0 || offset + n > object.capacity()) {
            throw new IOException("read of object " + objectId + " at offset " + offset + ", length " + n
                    + " goes beyond its size " + object.capacity());
        }
        dst.put(dst.position(), object, (int) offset, n);
        dst.position(dst.position() + n);
    }

    private ByteBuffer object(long objectId) throws IOException {
        ByteBuffer object = objects.get(objectId);
        if (object == null) {
            throw new IOException("no object " + objectId + " in memory");
        }
        return object;
    }
}
