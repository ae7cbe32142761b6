package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A row plan's top {@code n} matching records by its sort keys ({@link SortKeys}): a binary heap
 * with the worst kept row at its root, so each record costs one comparison unless it enters.
 * Ties keep the earlier record. Written best first.
 */
final class TopRows implements RowSink {
    private final ColumnReader[] select;
    /** The words of a row, and the work of reading one. */
    private final int width;
    private final ExprCost cost;
    private final SortKeys order;
    /** Words per row in {@link #keys} ({@link SortKeys#words}). */
    private final int k;
    private final int n;
    /** Per kept row: its keys' words, whether each is NULL, its scan sequence and its columns. */
    private long[] keys;
    private boolean[] nulls;
    private long[] seqs;
    private long[] values;
    private int size;
    private long seq;

    TopRows(ColumnReader[] select, SortKeys order, long n) {
        this.select = select;
        this.width = ColumnReader.words(select);
        this.cost = ColumnReader.cost(select);
        this.order = order;
        this.k = order.words();
        this.n = (int) n;
        int initial = (int) Math.min(n, 64);
        keys = new long[initial * k];
        nulls = new boolean[initial * k];
        seqs = new long[initial];
        values = new long[initial * width];
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        order.evaluate(buf, record);
        work.add(order.cost(), 1);
        long s = seq++;
        if (size < n) {
            if (size == seqs.length) {
                grow();
            }
            put(size, s, buf, record, work);
            siftUp(size++, work);
        } else if (n > 0) {
            work.compares++;
            if (order.compareEvaluated(keys, nulls, 0) < 0) {
                put(0, s, buf, record, work);
                siftDown(0, size, work);
            }
        }
    }

    @Override
    public boolean full() {
        return n == 0;
    }

    @Override
    public void write(ResultSink out, Work work) {
        // heap sort in place: the worst row goes to the end, so the array ends best first
        for (int end = size - 1; end > 0; end--) {
            swap(0, end);
            siftDown(0, end, work);
        }
        RowWriter writer = RowWriter.of(select);
        writer.header(out, size);
        for (int r = 0; r < size; r++) {
            writer.write(out, values, r * width);
        }
    }

    /** Whether kept row {@code a} ranks before kept row {@code b}. */
    private boolean better(int a, int b) {
        int c = order.compare(keys, nulls, a * k, b * k);
        return c != 0 ? c < 0 : seqs[a] < seqs[b];
    }

    private void put(int slot, long s, ByteBuffer buf, int record, Work work) {
        order.store(keys, nulls, slot * k);
        seqs[slot] = s;
        int at = slot * width;
        for (ColumnReader column : select) {
            column.read(buf, record, values, at);
            at += column.words;
        }
        work.add(cost, 1);
    }

    private void siftUp(int i, Work work) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            work.compares++;
            if (!better(parent, i)) {
                return;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i, int end, Work work) {
        while (true) {
            int worst = i;
            for (int child = 2 * i + 1; child <= 2 * i + 2 && child < end; child++) {
                work.compares++;
                if (better(worst, child)) {
                    worst = child;
                }
            }
            if (worst == i) {
                return;
            }
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int a, int b) {
        for (int j = 0; j < k; j++) {
            long key = keys[a * k + j];
            keys[a * k + j] = keys[b * k + j];
            keys[b * k + j] = key;
            boolean isNull = nulls[a * k + j];
            nulls[a * k + j] = nulls[b * k + j];
            nulls[b * k + j] = isNull;
        }
        long s = seqs[a];
        seqs[a] = seqs[b];
        seqs[b] = s;
        int w = width;
        for (int c = 0; c < w; c++) {
            long v = values[a * w + c];
            values[a * w + c] = values[b * w + c];
            values[b * w + c] = v;
        }
    }

    private void grow() {
        int cap = (int) Math.min((long) n, 2L * seqs.length);
        keys = Arrays.copyOf(keys, cap * k);
        nulls = Arrays.copyOf(nulls, cap * k);
        seqs = Arrays.copyOf(seqs, cap);
        values = Arrays.copyOf(values, cap * width);
    }
}
