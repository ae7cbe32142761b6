package dev.ispd.examples.queries;

import dev.ispd.plan.PageFilter;
import java.io.IOException;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * The filter's stock map function: one entry in; if it matches the predicate, (address of its
 * page, file) out, the pair the device FilterFormat emits. Every matching record is emitted, as a
 * plain mapper does; the combiner and reducer ({@link DistinctPageReducer}) keep each page once.
 * The predicate's mode does not apply: the record reader hands over every record anyway.
 */
public class MatchingPageMapper extends Mapper<LongWritable, BytesWritable, LongWritable, Text> {
    private final EntryView view = new EntryView();
    private final LongWritable page = new LongWritable();
    private final Text file = new Text();
    private PageFilter predicate;
    private InputGeometry geometry;

    @Override
    protected void setup(Context context) {
        predicate = QueryConf.predicate(context.getConfiguration());
        geometry = InputGeometry.load(context.getConfiguration());
        file.set(((FileSplit) context.getInputSplit()).getPath().toString());
    }

    @Override
    protected void map(LongWritable offset, BytesWritable entry, Context context)
            throws IOException, InterruptedException {
        if (predicate.condition().matches(view.of(entry, offset.get()), 0)) {
            page.set(geometry.pageAddress(offset.get()));
            context.write(page, file);
        }
    }
}
