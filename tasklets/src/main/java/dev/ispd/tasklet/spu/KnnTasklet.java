package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * kNN's work: the squared distance of every point to the query, kept in a list of the k best
 * ordered by (distance, id), so ties are broken the same way everywhere. Meter: per point one
 * record, {@link Points#DISTANCE_ARITHMETIC} adds and multiplies and one compare with the k-th
 * best, plus one compare per list entry an insertion passes; k partial elements per page touched.
 */
final class KnnTasklet implements Tasklet {
    private final int k;
    private final int qx;
    private final int qy;
    private final int pageSize;
    private final long[] distances;
    private final int[] ids;
    private final int[] labels;
    private int kept;

    KnnTasklet(int k, int qx, int qy, int pageSize) {
        this.k = k;
        this.qx = qx;
        this.qy = qy;
        this.pageSize = pageSize;
        this.distances = new long[k];
        this.ids = new int[k];
        this.labels = new int[k];
    }

    @Override
    public int recordSize() {
        return Points.RECORD_SIZE;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        ByteBuffer in = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        int points = in.remaining() / Points.RECORD_SIZE;
        long passed = 0;
        for (int at = in.position(), end = at + points * Points.RECORD_SIZE; at < end; at += Points.RECORD_SIZE) {
            int id = in.getInt(at);
            long d = Points.squaredDistance(in.getInt(at + 4), in.getInt(at + 8), qx, qy);
            if (kept < k || before(d, id, kept - 1)) {
                passed += insert(d, id, in.getInt(at + 12));
            }
        }
        meter.addRecords(points);
        meter.addArithmetic((long) points * Points.DISTANCE_ARITHMETIC);
        meter.addCompares(points + passed);
        meter.addPartials((long) k * SpuParams.pagesTouched(objectOffset, data.remaining(), pageSize));
    }

    private boolean before(long d, int id, int slot) {
        return d < distances[slot] || (d == distances[slot] && id < ids[slot]);
    }

    /** Inserts in order, dropping the k-th best when full; returns the entries passed. */
    private int insert(long d, int id, int label) {
        int slot = Math.min(kept, k - 1);
        int passed = 0;
        while (slot > 0 && before(d, id, slot - 1)) {
            distances[slot] = distances[slot - 1];
            ids[slot] = ids[slot - 1];
            labels[slot] = labels[slot - 1];
            slot--;
            passed++;
        }
        distances[slot] = d;
        ids[slot] = id;
        labels[slot] = label;
        kept = Math.min(kept + 1, k);
        return passed;
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        out.putInt(kept);
        for (int i = 0; i < kept; i++) {
            out.putInt(ids[i]).putInt(labels[i]).putLong(distances[i]);
        }
        meter.addBytesOut(KnnResult.sizeFor(kept));
    }
}
