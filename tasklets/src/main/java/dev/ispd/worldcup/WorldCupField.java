package dev.ispd.worldcup;

import java.nio.ByteBuffer;

/**
 * A field of the WorldCup98 record that a predicate can name, read as an unsigned value. Every
 * field is described by offset, width and shift, so one branch-free read serves them all (no
 * virtual call per record). {@code region} is derived: the top 3 bits of {@code server}.
 */
public enum WorldCupField {
    TIMESTAMP("timestamp", WorldCup98.TIMESTAMP_OFFSET, 4, 0),
    CLIENT_ID("clientID", WorldCup98.CLIENT_ID_OFFSET, 4, 0),
    OBJECT_ID("objectID", WorldCup98.OBJECT_ID_OFFSET, 4, 0),
    SIZE("size", WorldCup98.SIZE_OFFSET, 4, 0),
    METHOD("method", WorldCup98.METHOD_OFFSET, 1, 0),
    STATUS("status", WorldCup98.STATUS_OFFSET, 1, 0),
    TYPE("type", WorldCup98.TYPE_OFFSET, 1, 0),
    SERVER("server", WorldCup98.SERVER_OFFSET, 1, 0),
    REGION("region", WorldCup98.SERVER_OFFSET, 1, 5);

    private final String wireName;
    private final int offset;
    private final int width;
    private final int shift;

    WorldCupField(String wireName, int offset, int width, int shift) {
        this.wireName = wireName;
        this.offset = offset;
        this.width = width;
        this.shift = shift;
    }

    /** The name used in tasklet parameters, as in the format document: {@code clientID}, {@code region}. */
    public String wireName() {
        return wireName;
    }

    public int offset() {
        return offset;
    }

    /** Bytes of the field in the record (1 or 4). */
    public int width() {
        return width;
    }

    /** Largest value the field can hold. */
    public long maxValue() {
        return width == 4 ? 0xFFFF_FFFFL : 0xFF >>> shift;
    }

    /** The field of the record at absolute {@code record} of {@code buf}, unsigned. */
    public long read(ByteBuffer buf, int record) {
        if (width == 4) {
            return WorldCup98.u32(buf, record + offset);
        }
        return (buf.get(record + offset) & 0xFF) >>> shift;
    }

    /** The field with this wire name, or null. */
    public static WorldCupField byWireName(String name) {
        for (WorldCupField f : values()) {
            if (f.wireName.equals(name)) {
                return f;
            }
        }
        return null;
    }
}
