package dev.ispd.examples.reproduce;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Q2's stock Hadoop map function: one fixed-length WorldCup98 entry in, ("region TAB type", 1)
 * out, named as the {@code q2} tasklet's result is converted (Q2Format), so the reducer output
 * matches the DeviceJob's. The keys are built once; nothing is allocated per record.
 */
public class RegionTypeCountMapper extends Mapper<LongWritable, BytesWritable, Text, LongWritable> {
    private static final LongWritable ONE = new LongWritable(1);
    private static final int TYPES = 256;

    private final Text[] keys = new Text[WorldCup98.REGIONS * TYPES];

    @Override
    protected void setup(Context context) {
        for (int region = 0; region < WorldCup98.REGIONS; region++) {
            for (int type = 0; type < TYPES; type++) {
                keys[region * TYPES + type] = new Text(WorldCup98.regionName(region) + "\t" + WorldCup98.typeName(type));
            }
        }
    }

    @Override
    protected void map(LongWritable offset, BytesWritable entry, Context context)
            throws IOException, InterruptedException {
        if (entry.getLength() < WorldCup98.RECORD_SIZE) {
            throw new IOException("the entry at file offset " + offset.get() + " has " + entry.getLength()
                    + " bytes, fewer than a WorldCup98 record's " + WorldCup98.RECORD_SIZE);
        }
        byte[] b = entry.getBytes();
        int region = WorldCup98.region(b[WorldCup98.SERVER_OFFSET]);
        int type = b[WorldCup98.TYPE_OFFSET] & 0xFF;
        context.write(keys[region * TYPES + type], ONE);
    }
}
