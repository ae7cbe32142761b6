package dev.ispd.examples.queries;

import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Q1 host-optimized: a long[8] of accesses per region, emitted as (region name, count) for the
 * regions seen. Per entry, as the q1 tasklet meters it: one record, one field load, one counter update.
 */
public class RegionCountAggregator extends HostPricedMapper<Text, LongWritable> {
    private final long[] counts = new long[WorldCup98.REGIONS];

    @Override
    protected void accumulate(ByteBuffer entry, long fileOffset, Meter meter) {
        counts[WorldCup98.region(WorldCup98.server(entry, 0))]++;
        meter.addRecords(1);
        meter.addDramAccesses(1);
        meter.addHashUpdates(1);
    }

    @Override
    protected void emit(Context context, Meter meter) throws IOException, InterruptedException {
        Text name = new Text();
        LongWritable count = new LongWritable();
        for (int region = 0; region < counts.length; region++) {
            if (counts[region] != 0) {
                name.set(WorldCup98.regionName(region));
                count.set(counts[region]);
                context.write(name, count);
                meter.addBytesOut(name.getLength() + Long.BYTES);
            }
        }
    }
}
