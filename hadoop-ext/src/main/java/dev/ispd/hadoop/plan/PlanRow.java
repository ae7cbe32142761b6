package dev.ispd.hadoop.plan;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.StringJoiner;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableUtils;

/**
 * One row of 64-bit values as a plan returns them ({@link dev.ispd.plan.PlanResult}): a group's
 * key or its aggregates, or a selected row. Ordered value by value as signed longs (a top-N job
 * orders by its field instead: {@link PlanRowComparator}); printed tab-separated, so
 * {@code TextOutputFormat} writes a plan's output as columns.
 */
public final class PlanRow implements WritableComparable<PlanRow> {
    private long[] values;

    /** An empty row, for Hadoop to read into. */
    public PlanRow() {
        this(new long[0]);
    }

    public PlanRow(long[] values) {
        this.values = values;
    }

    /** The values; not copied. */
    public long[] values() {
        return values;
    }

    @Override
    public void write(DataOutput out) throws IOException {
        WritableUtils.writeVInt(out, values.length);
        for (long v : values) {
            out.writeLong(v);
        }
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        int n = WritableUtils.readVInt(in);
        if (values.length != n) {
            values = new long[n];
        }
        for (int i = 0; i < n; i++) {
            values[i] = in.readLong();
        }
    }

    @Override
    public int compareTo(PlanRow o) {
        return Arrays.compare(values, o.values);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PlanRow r && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values);
    }

    @Override
    public String toString() {
        StringJoiner s = new StringJoiner("\t");
        for (long v : values) {
            s.add(Long.toString(v));
        }
        return s.toString();
    }
}
