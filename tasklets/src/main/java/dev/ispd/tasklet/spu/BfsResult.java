package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** The decoded result of {@code bfs}: the vertices one level reached and their parents, {@code u32 vertex, u32 parent} each. */
public record BfsResult(int[] vertices, int[] parents) {

    public static BfsResult decode(byte[] result) {
        if (result.length % 8 != 0) {
            throw new IllegalArgumentException("bfs result of " + result.length + " bytes is not whole claims of 8");
        }
        int n = result.length / 8;
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int[] vertices = new int[n];
        int[] parents = new int[n];
        for (int i = 0; i < n; i++) {
            vertices[i] = b.getInt();
            parents[i] = b.getInt();
        }
        return new BfsResult(vertices, parents);
    }
}
