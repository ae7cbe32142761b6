package dev.ispd.examples.queries;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The filter's combiner and reducer: each page address once, with the first file named for it.
 * A page is reported more than once when several records on it match (host-normal) or when a
 * split boundary cuts it and both splits see a match (every variant).
 */
public class DistinctPageReducer extends Reducer<LongWritable, Text, LongWritable, Text> {
    @Override
    protected void reduce(LongWritable page, Iterable<Text> files, Context context)
            throws IOException, InterruptedException {
        context.write(page, files.iterator().next());
    }
}
