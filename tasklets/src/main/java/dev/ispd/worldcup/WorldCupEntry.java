package dev.ispd.worldcup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One WorldCup98 request with every field decoded; encodes itself as a (padded) entry. Used by
 * tests and data generators, not by scan loops (those read fields with {@link WorldCup98}).
 *
 * @param timestamp seconds since the epoch, GMT, unsigned 32-bit
 * @param clientId  unsigned 32-bit
 * @param objectId  unsigned 32-bit
 * @param size      response bytes, unsigned 32-bit
 * @param method    method byte (0 GET ... 8 other)
 * @param status    status byte (HTTP version in the top 2 bits, status index in the low 6)
 * @param type      file type byte (0 HTML ... 12 other)
 * @param server    server byte (region in the top 3 bits, server number in the low 5)
 */
public record WorldCupEntry(long timestamp, long clientId, long objectId, long size,
                            int method, int status, int type, int server) {

    public WorldCupEntry {
        checkU32("timestamp", timestamp);
        checkU32("clientID", clientId);
        checkU32("objectID", objectId);
        checkU32("size", size);
        checkU8("method", method);
        checkU8("status", status);
        checkU8("type", type);
        checkU8("server", server);
    }

    /** Decodes the record that starts at absolute {@code index} of {@code buf}. */
    public static WorldCupEntry read(ByteBuffer buf, int index) {
        return new WorldCupEntry(WorldCup98.timestamp(buf, index), WorldCup98.clientId(buf, index),
                WorldCup98.objectId(buf, index), WorldCup98.size(buf, index), WorldCup98.method(buf, index),
                WorldCup98.status(buf, index), WorldCup98.type(buf, index), WorldCup98.server(buf, index));
    }

    /**
     * Writes this record big-endian at absolute {@code index}, followed by zeros up to
     * {@code entrySize} bytes. The buffer's position and byte order are left unchanged.
     */
    public void writeTo(ByteBuffer dst, int index, int entrySize) {
        WorldCup98.requireEntrySize(entrySize);
        putU32(dst, index + WorldCup98.TIMESTAMP_OFFSET, timestamp);
        putU32(dst, index + WorldCup98.CLIENT_ID_OFFSET, clientId);
        putU32(dst, index + WorldCup98.OBJECT_ID_OFFSET, objectId);
        putU32(dst, index + WorldCup98.SIZE_OFFSET, size);
        dst.put(index + WorldCup98.METHOD_OFFSET, (byte) method);
        dst.put(index + WorldCup98.STATUS_OFFSET, (byte) status);
        dst.put(index + WorldCup98.TYPE_OFFSET, (byte) type);
        dst.put(index + WorldCup98.SERVER_OFFSET, (byte) server);
        for (int i = WorldCup98.RECORD_SIZE; i < entrySize; i++) {
            dst.put(index + i, (byte) 0);
        }
    }

    public int region() {
        return WorldCup98.region(server);
    }

    public int serverNumber() {
        return WorldCup98.serverNumber(server);
    }

    public int httpVersion() {
        return WorldCup98.httpVersion(status);
    }

    public int statusIndex() {
        return WorldCup98.statusIndex(status);
    }

    private static void putU32(ByteBuffer dst, int index, long value) {
        int v = (int) value;
        dst.putInt(index, dst.order() == ByteOrder.BIG_ENDIAN ? v : Integer.reverseBytes(v));
    }

    private static void checkU32(String field, long v) {
        if (v < 0 || v > 0xFFFF_FFFFL) {
            throw new IllegalArgumentException(field + " must be an unsigned 32-bit value, got " + v);
        }
    }

    private static void checkU8(String field, int v) {
        if (v < 0 || v > 0xFF) {
            throw new IllegalArgumentException(field + " must be in [0, 255], got " + v);
        }
    }
}
