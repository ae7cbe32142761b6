package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.KeyValueSink;
import dev.ispd.hadoop.mapreduce.Results;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.tasklet.builtin.Q2Result;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * A {@code q2} result as ("region name\ttype name", accesses), one pair per (region, type) seen.
 * Sum them in the reducer.
 */
public class Q2Format extends CountFormat {
    @Override
    public void convert(byte[] result, ResultOrigin origin, KeyValueSink<Text, LongWritable> out) throws IOException {
        Q2Result table = Results.decode(() -> Q2Result.decode(result), origin);
        for (Q2Result.Entry e : table.entries()) {
            out.add(new Text(WorldCup98.regionName(e.region()) + "\t" + WorldCup98.typeName(e.type())),
                    new LongWritable(e.count()));
        }
    }
}
