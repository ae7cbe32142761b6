package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.DeviceMapperFormat;
import dev.ispd.hadoop.mapreduce.KeyValueSink;
import dev.ispd.hadoop.mapreduce.Results;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.tasklet.builtin.FilterResult;
import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * A {@code filter} result as (file offset of a matching page, file path), one pair per page. The
 * offsets are the same whichever side ran the split as long as chunks start on page boundaries
 * (the default chunk size is a multiple of every profile's page size). A page cut by a split
 * boundary can be reported by both splits: reduce with a reducer that keeps each key once.
 */
public class FilterFormat implements DeviceMapperFormat<LongWritable, Text> {
    @Override
    public Class<LongWritable> keyClass() {
        return LongWritable.class;
    }

    @Override
    public Class<Text> valueClass() {
        return Text.class;
    }

    @Override
    public void convert(byte[] result, ResultOrigin origin, KeyValueSink<LongWritable, Text> out) throws IOException {
        FilterResult pages = Results.decode(() -> FilterResult.decode(result), origin);
        Text file = new Text(origin.file().toString());
        for (FilterResult.PageRef page : pages.pages()) {
            long offset = origin.fileOffset(page.objectId(), page.pageIndex() * origin.pageSize());
            out.add(new LongWritable(offset), file);
        }
    }
}
