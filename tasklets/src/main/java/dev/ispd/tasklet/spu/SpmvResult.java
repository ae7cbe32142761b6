package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The decoded result of {@code spmv}: per row scanned, in order, {@code u32 row, i64 y} (little-endian). */
public record SpmvResult(int[] rows, long[] ys) {

    public static SpmvResult decode(byte[] result) {
        if (result.length % SpmvTasklet.ROW_BYTES != 0) {
            throw new IllegalArgumentException("spmv result of " + result.length + " bytes is not whole rows of "
                    + SpmvTasklet.ROW_BYTES);
        }
        int n = result.length / SpmvTasklet.ROW_BYTES;
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int[] rows = new int[n];
        long[] ys = new long[n];
        for (int i = 0; i < n; i++) {
            rows[i] = b.getInt();
            ys[i] = b.getLong();
        }
        return new SpmvResult(rows, ys);
    }
}
