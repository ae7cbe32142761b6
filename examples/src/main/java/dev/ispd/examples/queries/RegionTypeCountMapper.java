package dev.ispd.examples.queries;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Q2's stock map function: one entry in, ("region name TAB type name", 1) out, the key the device
 * Q2Format emits, so the same combiner and reducer sum both. Keys are built once for every
 * (region, type byte); nothing is allocated per record.
 */
public class RegionTypeCountMapper extends Mapper<LongWritable, BytesWritable, Text, LongWritable> {
    private static final LongWritable ONE = new LongWritable(1);

    private final EntryView view = new EntryView();
    private final Text[] keys = new Text[WorldCup98.REGIONS * RegionTypeKeys.TYPES];

    @Override
    protected void setup(Context context) {
        for (int i = 0; i < keys.length; i++) {
            keys[i] = new Text(RegionTypeKeys.key(i / RegionTypeKeys.TYPES, i % RegionTypeKeys.TYPES));
        }
    }

    @Override
    protected void map(LongWritable offset, BytesWritable entry, Context context)
            throws IOException, InterruptedException {
        ByteBuffer buf = view.of(entry, offset.get());
        int region = WorldCup98.region(WorldCup98.server(buf, 0));
        context.write(keys[region * RegionTypeKeys.TYPES + WorldCup98.type(buf, 0)], ONE);
    }
}
