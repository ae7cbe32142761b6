package dev.ispd.plan.parquet;

import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * Integers in Parquet's RLE/bit-packed hybrid encoding (a data page's dictionary ids, its
 * definition levels), read a run at a time into an array ({@link #read}): each run's header and
 * an RLE run's value read here, over the page's bytes; bit-packed groups unpacked by
 * parquet-encoding's {@link BytePacker}, 32 or eight values at a time; values passed over
 * ({@link #skip}) not unpacked. parquet-column's own decoder
 * ({@code RunLengthBitPackingHybridDecoder}) gives one value per call and allocates two arrays and
 * a stream for every bit-packed run. {@code what} names the values in an error ("dictionary ids").
 */
final class HybridRuns {
    private final String what;
    private byte[] bytes;
    private int position;
    private int end;
    private int bitWidth;
    private BytePacker packer;
    /** Values left in the current run; an RLE run's value, or a bit-packed run's current group of eight. */
    private int left;
    private boolean repeated;
    private int value;
    private final int[] group = new int[8];
    private int inGroup = 8;
    private final byte[] lastGroup = new byte[32];

    HybridRuns(String what) {
        this.what = what;
    }

    /** Reads the runs in {@code bytes[position, end)}, of values of {@code bitWidth} bits (0-32). */
    void reset(byte[] bytes, int position, int end, int bitWidth) {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalStateException(what + " of " + bitWidth + " bits (at most 32)");
        }
        this.bytes = bytes;
        this.position = position;
        this.end = end;
        this.bitWidth = bitWidth;
        this.packer = Packer.LITTLE_ENDIAN.newBytePacker(bitWidth);
        left = 0;
        inGroup = 8;
    }

    /** The next {@code n} values into {@code out[at, at + n)}. */
    void read(int[] out, int at, int n) {
        int to = at + n;
        while (at < to) {
            if (left == 0) {
                nextRun();
            }
            int k = Math.min(to - at, left);
            if (repeated) {
                Arrays.fill(out, at, at + k, value);
                at += k;
            } else {
                for (int stop = at + k; at < stop; ) {
                    if (inGroup == 8 && stop - at >= 32 && end - position >= 4 * bitWidth) { // four whole groups in place
                        packer.unpack32Values(bytes, position, out, at);
                        position += 4 * bitWidth;
                        at += 32;
                        continue;
                    }
                    if (inGroup == 8 && stop - at >= 8 && end - position >= bitWidth) { // a whole group in place
                        packer.unpack8Values(bytes, position, out, at);
                        position += bitWidth;
                        at += 8;
                        continue;
                    }
                    if (inGroup == 8) {
                        unpackGroup();
                    }
                    out[at++] = group[inGroup++];
                }
            }
            left -= k;
        }
    }

    /**
     * Passes over the next {@code n} values: an RLE run's by its count, a bit-packed run's whole
     * groups by their bytes, none unpacked but a group the values end inside of.
     */
    void skip(long n) {
        while (n > 0) {
            if (left == 0) {
                nextRun();
            }
            int k = (int) Math.min(n, left);
            if (!repeated) {
                int from = 8 - inGroup; // values of the current group not yet read
                int ahead = Math.min(k, from);
                inGroup += ahead;
                int groups = (k - ahead) / 8;
                position = Math.min(end, position + groups * bitWidth);
                int rest = k - ahead - 8 * groups;
                if (rest > 0) {
                    unpackGroup();
                    inGroup = rest;
                }
            }
            left -= k;
            n -= k;
        }
    }

    /** Reads the next run's header: an RLE run's count and value, or a bit-packed run's count of groups. */
    private void nextRun() {
        if (position >= end) {
            throw new IllegalStateException("the page's " + what + " end before its values do");
        }
        int header = 0;
        for (int shift = 0; ; shift += 7) {
            if (position >= end || shift > 28) {
                throw new IllegalStateException("a damaged run header among the page's " + what);
            }
            int b = bytes[position++];
            header |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        repeated = (header & 1) == 0;
        if (repeated) {
            left = header >>> 1;
            int width = (bitWidth + 7) / 8;
            if (end - position < width) {
                throw new IllegalStateException("the page's " + what + " end inside a run");
            }
            value = 0;
            for (int i = 0; i < width; i++) {
                value |= (bytes[position++] & 0xFF) << (8 * i);
            }
        } else {
            left = (header >>> 1) * 8;
            inGroup = 8;
        }
        if (left <= 0) {
            throw new IllegalStateException("a run of " + left + " " + what);
        }
    }

    /** The next eight bit-packed values into {@link #group}; a last group cut short reads as zeros past the page's end. */
    private void unpackGroup() {
        if (end - position >= bitWidth) {
            packer.unpack8Values(bytes, position, group, 0);
        } else {
            Arrays.fill(lastGroup, (byte) 0);
            System.arraycopy(bytes, position, lastGroup, 0, end - position);
            packer.unpack8Values(lastGroup, 0, group, 0);
        }
        position = Math.min(end, position + bitWidth);
        inGroup = 0;
    }
}
