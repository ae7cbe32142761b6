package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.KeyValueSink;
import dev.ispd.hadoop.mapreduce.Results;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/** A {@code q1} result as (region name, accesses), one pair per region the split saw. Sum them in the reducer. */
public class Q1Format extends CountFormat {
    @Override
    public void convert(byte[] result, ResultOrigin origin, KeyValueSink<Text, LongWritable> out) throws IOException {
        Q1Result counts = Results.decode(() -> Q1Result.decode(result), origin);
        for (int region = 0; region < WorldCup98.REGIONS; region++) {
            if (counts.count(region) > 0) {
                out.add(new Text(WorldCup98.regionName(region)), new LongWritable(counts.count(region)));
            }
        }
    }
}
