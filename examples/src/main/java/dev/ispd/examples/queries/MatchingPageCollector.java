package dev.ispd.examples.queries;

import dev.ispd.plan.Comparison;
import dev.ispd.plan.PageFilter;
import dev.ispd.tasklet.Meter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Filter host-optimized: the addresses of the split's matching pages in a growing long[],
 * emitted as (address, file) once each. Entries arrive in file order, so a page is new whenever
 * it differs from the last one listed. In firstMatch mode an entry on the page already listed is
 * not examined, as the filter tasklet skips it; per entry examined: one record, one field load,
 * one compare.
 */
public class MatchingPageCollector extends HostPricedMapper<LongWritable, Text> {
    private PageFilter predicate;
    private long[] pages = new long[64];
    private int listed;

    @Override
    protected void configure(Configuration conf) {
        predicate = QueryConf.predicate(conf);
    }

    @Override
    protected void accumulate(ByteBuffer entry, long fileOffset, Meter meter) {
        long page = geometry().pageAddress(fileOffset);
        boolean pageListed = listed > 0 && pages[listed - 1] == page;
        if (pageListed && predicate.firstMatch()) {
            return;
        }
        Comparison.meterEvaluations(meter, 1);
        if (!pageListed && predicate.condition().matches(entry, 0)) {
            if (listed == pages.length) {
                pages = Arrays.copyOf(pages, 2 * listed);
            }
            pages[listed++] = page;
        }
    }

    @Override
    protected void emit(Context context, Meter meter) throws IOException, InterruptedException {
        Text file = new Text(((FileSplit) context.getInputSplit()).getPath().toString());
        LongWritable page = new LongWritable();
        for (int i = 0; i < listed; i++) {
            page.set(pages[i]);
            context.write(page, file);
            meter.addBytesOut(Long.BYTES + file.getLength());
        }
    }
}
