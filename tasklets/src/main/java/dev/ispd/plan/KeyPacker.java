package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * Packs a record's GROUP BY key of narrow fields into one int, the index {@link GroupTable} finds
 * dense groups by: each field's value less its minimum, in key order, the first field in the
 * highest bits. A one-byte field (most narrow keys: WorldCup98's type, method, status, region)
 * is loaded and cut to its bits inline; wider ones and bools go through {@link Field#read}.
 */
final class KeyPacker {
    private final Field[] fields;
    private final int[] offsets;
    private final int[] shifts;
    private final int[] masks;
    /** Per field, the bit that turns a signed value's bits into the value less the minimum (0 if unsigned). */
    private final int[] signFlips;
    private final boolean[] oneByte;
    /** Per field, whether its value is its integer ({@link Field#readsAsInteger}). */
    private final boolean[] integers;

    KeyPacker(Field[] fields) {
        int n = fields.length;
        this.fields = fields;
        this.offsets = new int[n];
        this.shifts = new int[n];
        this.masks = new int[n];
        this.signFlips = new int[n];
        this.oneByte = new boolean[n];
        this.integers = Field.readAsIntegers(fields);
        for (int i = 0; i < n; i++) {
            Field f = fields[i];
            offsets[i] = f.offset();
            shifts[i] = f.bitOffset();
            masks[i] = (1 << f.valueBits()) - 1;
            signFlips[i] = f.signed() ? 1 << (f.valueBits() - 1) : 0;
            oneByte[i] = f.width() == 1 && integers[i]; // a bool's byte of 2 is TRUE: read() makes it 1
        }
    }

    /** The packed key of the record at absolute {@code record} of {@code buf}. */
    int pack(ByteBuffer buf, int record) {
        int packed = part(0, buf, record);
        for (int i = 1; i < fields.length; i++) {
            packed = packed << Integer.bitCount(masks[i]) | part(i, buf, record);
        }
        return packed;
    }

    /** The packed key of {@code values}, the key fields' values already read, in key order. */
    int pack(long[] values) {
        int packed = 0;
        for (int i = 0; i < fields.length; i++) {
            packed = packed << Integer.bitCount(masks[i]) | (int) (values[i] - fields[i].min());
        }
        return packed;
    }

    /** The packed key of row {@code row} of {@code columns}, the key fields' raw values ({@link Field#readInteger}) in key order. */
    int pack(long[][] columns, int row) {
        int packed = 0;
        for (int i = 0; i < fields.length; i++) {
            long v = columns[i][row];
            v = integers[i] ? v : v != 0 ? 1 : 0; // a dense key's other kind is a bool
            packed = packed << Integer.bitCount(masks[i]) | (int) (v - fields[i].min());
        }
        return packed;
    }

    /** The key's field values ({@link Field#read}) of {@code packed}, in key order, into {@code key}: {@link #pack} undone. */
    void unpack(int packed, long[] key) {
        for (int i = fields.length - 1; i >= 0; i--) {
            key[i] = (packed & masks[i]) + fields[i].min();
            packed >>>= Integer.bitCount(masks[i]);
        }
    }

    /** The key's fields, in key order. */
    Field[] fields() {
        return fields;
    }

    private int part(int i, ByteBuffer buf, int record) {
        if (oneByte[i]) {
            return ((buf.get(record + offsets[i]) & 0xFF) >>> shifts[i] & masks[i]) ^ signFlips[i];
        }
        Field f = fields[i];
        return (int) ((integers[i] ? f.readInteger(buf, record) : f.read(buf, record)) - f.min());
    }
}
