package dev.ispd.examples.queries;

import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Q2 host-optimized: a flat region x type-byte table of counts, emitted as ("region TAB type",
 * count) for the pairs seen. The top N per region is taken after the reduce: per-split top Ns do
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

    @Override
    protected void emit(Context context, Meter meter) throws IOException, InterruptedException {
        Text key = new Text();
        LongWritable count = new LongWritable();
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] != 0) {
                key.set(RegionTypeKeys.key(i / RegionTypeKeys.TYPES, i % RegionTypeKeys.TYPES));
                count.set(counts[i]);
                context.write(key, count);
                meter.addBytesOut(key.getLength() + Long.BYTES);
            }
        }
    }
}
