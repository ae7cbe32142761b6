package dev.ispd.examples.queries;

import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Q2 host-optimized: a flat region x type-byte table of counts, emitted in cleanup as
 * ("region TAB type", count) for the pairs seen, each region's sorted by count. The top N per region is taken after the reduce: per-split top Ns do
 * not merge. Per entry, as the q2 tasklet meters it: one record, two field loads, one counter update.
 */
public class RegionTypeAggregator extends HostPricedMapper<Text, LongWritable> {
    private final long[] counts = new long[WorldCup98.REGIONS * RegionTypeKeys.TYPES];

    @Override
    protected void accumulate(ByteBuffer entry, long fileOffset, Meter meter) {
        int region = WorldCup98.region(WorldCup98.server(entry, 0));
        counts[region * RegionTypeKeys.TYPES + WorldCup98.type(entry, 0)]++;
        meter.addRecords(1);
        meter.addDramAccesses(2);
        meter.addHashUpdates(1);
    }

    /**
     * Writes each region's types sorted by count, descending (the paper's "sorted and compacted"
     * intermediate result; the q2 tasklet sorts likewise), metering the sort's compares.
     */
    @Override
    protected void emit(Context context, Meter meter) throws IOException, InterruptedException {
        Text key = new Text();
        LongWritable count = new LongWritable();
        int[] types = new int[RegionTypeKeys.TYPES];
        for (int region = 0; region < WorldCup98.REGIONS; region++) {
            int base = region * RegionTypeKeys.TYPES;
            int n = 0;
            for (int type = 0; type < RegionTypeKeys.TYPES; type++) {
                if (counts[base + type] != 0) {
                    types[n++] = type;
                }
            }
            meter.addCompares(sortByCountDescending(types, n, base));
            for (int i = 0; i < n; i++) {
                key.set(RegionTypeKeys.key(region, types[i]));
                count.set(counts[base + types[i]]);
                context.write(key, count);
                meter.addBytesOut(key.getLength() + Long.BYTES);
            }
        }
    }

    /** Insertion sort of {@code types[0, n)} by count, descending, stable; returns the compares made. */
    private long sortByCountDescending(int[] types, int n, int base) {
        long compares = 0;
        for (int i = 1; i < n; i++) {
            int t = types[i];
            int j = i;
            while (j > 0) {
                compares++;
                if (counts[base + types[j - 1]] >= counts[base + t]) {
                    break;
                }
                types[j] = types[j - 1];
                j--;
            }
            types[j] = t;
        }
        return compares;
    }
}
