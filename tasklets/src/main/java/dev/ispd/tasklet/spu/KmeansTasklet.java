package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One k-means iteration's work: per point the squared distance to every centroid (ties to the
 * lower index), then the nearest cluster's count and coordinate sums updated. Meter per point:
 * one record, k distances ({@link Points#DISTANCE_ARITHMETIC} each) and k compares, one hash
 * update (the cluster's entry) and its two sums.
 */
final class KmeansTasklet implements Tasklet {
    private final int[] cx;
    private final int[] cy;
    private final long[] counts;
    private final long[] sumX;
    private final long[] sumY;

    KmeansTasklet(int[] flatCentroids) {
        int k = flatCentroids.length / 2;
        cx = new int[k];
        cy = new int[k];
        for (int i = 0; i < k; i++) {
            cx[i] = flatCentroids[2 * i];
            cy[i] = flatCentroids[2 * i + 1];
        }
        counts = new long[k];
        sumX = new long[k];
        sumY = new long[k];
    }

    /** What {@code points} points cost with {@code k} centroids. */
    static void meter(Meter m, long points, int k) {
        m.addRecords(points);
        m.addArithmetic(points * ((long) k * Points.DISTANCE_ARITHMETIC + 2));
        m.addCompares(points * k);
        m.addHashUpdates(points);
    }

    @Override
    public int recordSize() {
        return Points.RECORD_SIZE;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        ByteBuffer in = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int points = in.remaining() / Points.RECORD_SIZE;
        for (int at = in.position(), end = at + points * Points.RECORD_SIZE; at < end; at += Points.RECORD_SIZE) {
            int x = in.getInt(at + 4);
            int y = in.getInt(at + 8);
            int best = 0;
            long bestDistance = Points.squaredDistance(x, y, cx[0], cy[0]);
            for (int c = 1; c < cx.length; c++) {
                long d = Points.squaredDistance(x, y, cx[c], cy[c]);
                if (d < bestDistance) {
                    best = c;
                    bestDistance = d;
                }
            }
            counts[best]++;
            sumX[best] += x;
            sumY[best] += y;
        }
        meter(meter, points, cx.length);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        out.putInt(cx.length);
        for (int c = 0; c < cx.length; c++) {
            out.putLong(counts[c]).putLong(sumX[c]).putLong(sumY[c]);
        }
        meter.addBytesOut(KmeansResult.sizeFor(cx.length));
    }
}
