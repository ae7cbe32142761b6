package dev.ispd.plan;

import dev.ispd.tasklet.ResultSink;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A row plan's top {@code n} matching records by one field: a binary heap with the worst kept
 * row at its root, so each record costs one comparison unless it enters. Ties keep the earlier
 * record. Written best first.
 */
final class TopRows implements RowSink {
    private final ColumnReader[] select;
    /** The words of a row, and the field loads and comparisons of reading one. */
    private final int width;
    private final long reads;
    private final long compares;
    private final Field orderField;
    /** Whether the order field's value is its integer, decided once. */
    private final boolean orderInteger;
    private final boolean descending;
    private final int n;
    private long[] keys;
    private long[] seqs;
    private long[] values;
    private int size;
    private long seq;

    TopRows(ColumnReader[] select, Field orderField, boolean descending, long n) {
        this.select = select;
        this.width = ColumnReader.words(select);
        this.reads = ColumnReader.reads(select);
        this.compares = ColumnReader.compares(select);
        this.orderField = orderField;
        this.orderInteger = orderField.readsAsInteger();
        this.descending = descending;
        this.n = (int) n;
        int initial = (int) Math.min(n, 64);
        keys = new long[initial];
        seqs = new long[initial];
        values = new long[initial * width];
    }

    @Override
    public void accept(ByteBuffer buf, int record, Work work) {
        long key = orderInteger ? orderField.readInteger(buf, record) : orderField.read(buf, record);
        work.fieldReads++;
        long s = seq++;
        if (size < n) {
            if (size == keys.length) {
                grow();
            }
            put(size, key, s, buf, record, work);
            siftUp(size++, work);
        } else if (n > 0) {
            work.compares++;
            if (better(key, s, keys[0], seqs[0])) {
                put(0, key, s, buf, record, work);
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
        out.putShort(width).putLong(size);
        for (int i = 0; i < size * width; i++) {
            out.putLong(values[i]);
        }
    }

    /** Whether (key a, seq sa) ranks before (key b, seq sb). */
    private boolean better(long a, long sa, long b, long sb) {
        int c = orderField.compare(a, b);
        if (c != 0) {
            return descending ? c > 0 : c < 0;
        }
        return sa < sb;
    }

    private void put(int slot, long key, long s, ByteBuffer buf, int record, Work work) {
        keys[slot] = key;
        seqs[slot] = s;
        int at = slot * width;
        for (ColumnReader column : select) {
            column.read(buf, record, values, at);
            at += column.words;
        }
        work.fieldReads += reads;
        work.compares += compares;
    }

    private void siftUp(int i, Work work) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            work.compares++;
            if (!better(keys[parent], seqs[parent], keys[i], seqs[i])) {
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
                if (better(keys[worst], seqs[worst], keys[child], seqs[child])) {
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
        long k = keys[a];
        keys[a] = keys[b];
        keys[b] = k;
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
        int cap = (int) Math.min((long) n, 2L * keys.length);
        keys = Arrays.copyOf(keys, cap);
        seqs = Arrays.copyOf(seqs, cap);
        values = Arrays.copyOf(values, cap * width);
    }
}
