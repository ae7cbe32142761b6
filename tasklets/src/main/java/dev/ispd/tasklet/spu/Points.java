package dev.ispd.tasklet.spu;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The points kNN and k-means scan: 16-byte little-endian records {@code i32 id, i32 x, i32 y,
 * i32 label} (2-D, as the thesis's OpenStreetMap road data, minglani2018 3.6.2). 256 fit a 4 KB page.
 */
public final class Points {
    /** Bytes per point. */
    public static final int RECORD_SIZE = 16;
    /** Adds and multiplies of one squared distance in 2-D: two differences, two squares, one sum. */
    static final int DISTANCE_ARITHMETIC = 5;

    private Points() {
    }

    /** Encodes the points {@code (ids[i], xs[i], ys[i], labels[i])} as stored. */
    public static ByteBuffer encode(int[] ids, int[] xs, int[] ys, int[] labels) {
        ByteBuffer b = ByteBuffer.allocateDirect(ids.length * RECORD_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ids.length; i++) {
            b.putInt(ids[i]).putInt(xs[i]).putInt(ys[i]).putInt(labels[i]);
        }
        return b.flip();
    }

    /** Squared Euclidean distance, exact in a long for any two int points. */
    static long squaredDistance(int x, int y, int qx, int qy) {
        long dx = (long) x - qx;
        long dy = (long) y - qy;
        return dx * dx + dy * dy;
    }
}
