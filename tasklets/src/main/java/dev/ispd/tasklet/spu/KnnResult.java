package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * The decoded result of {@code knn}: the nearest points, nearest first (ties by id). Layout,
 * little-endian: {@code u32 count}, then per neighbour {@code i32 id, i32 label, i64 squaredDistance}.
 */
public record KnnResult(List<Neighbour> neighbours) {
    public record Neighbour(int id, int label, long squaredDistance) { }

    static int sizeFor(int count) {
        return Integer.BYTES + count * 16;
    }

    public static KnnResult decode(byte[] result) {
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int count = result.length >= Integer.BYTES ? b.getInt() : -1;
        if (count < 0 || result.length != sizeFor(count)) {
            throw new IllegalArgumentException("knn result of " + result.length + " bytes does not hold "
                    + (count < 0 ? "a count" : count + " neighbours"));
        }
        List<Neighbour> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(new Neighbour(b.getInt(), b.getInt(), b.getLong()));
        }
        return new KnnResult(List.copyOf(out));
    }
}
