package dev.ispd.examples.queries;

import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Q1's host map function: one fixed-length WorldCup98 entry in, (region name, 1) out. The region is
 * the top 3 bits of the entry's server byte ({@link WorldCup98#region}), named as Q1's result names
 * it ({@link WorldCup98#regionName}), so the reducer output matches the {@code q1} tasklet's.
 *
 * <p>Input is what {@link org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat} gives: the
 * record's file offset and its bytes. Nothing is allocated per record: the region names are built
 * once and Hadoop serializes each pair as it is written.
 */
public class RegionCountMapper extends Mapper<LongWritable, BytesWritable, Text, LongWritable> {
    private static final LongWritable ONE = new LongWritable(1);

    private final Text[] regionNames = new Text[WorldCup98.REGIONS];

    @Override
    protected void setup(Context context) {
        for (int region = 0; region < regionNames.length; region++) {
            regionNames[region] = new Text(WorldCup98.regionName(region));
        }
    }

    @Override
    protected void map(LongWritable offset, BytesWritable entry, Context context)
            throws IOException, InterruptedException {
        if (entry.getLength() < WorldCup98.RECORD_SIZE) {
            throw new IOException("the entry at file offset " + offset.get() + " has " + entry.getLength()
                    + " bytes, fewer than a WorldCup98 record's " + WorldCup98.RECORD_SIZE);
        }
        int server = entry.getBytes()[WorldCup98.SERVER_OFFSET];
        context.write(regionNames[WorldCup98.region(server)], ONE);
    }
}
