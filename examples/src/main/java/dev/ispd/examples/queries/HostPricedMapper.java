package dev.ispd.examples.queries;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.tasklet.Meter;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * A host-optimized mapper: it folds each entry into an in-memory structure ({@link #accumulate})
 * and emits the structure once, in cleanup ({@link #emit}), so only a handful of pairs reach
 * Hadoop's sort. It meters its work as the device tasklets do (records, field loads, compares,
 * hash updates, bytes out) and prices it with {@link HostModel}: the host profile of
 * {@link dev.ispd.hadoop.conf.IspdKeys#OFFLOAD_HOST_PROFILE}, the drives' link
 * ({@link InputGeometry}) and the entry bytes it read. The price goes to the counters a DeviceJob
 * uses for its host splits: MODELED_HOST_NS, MODELED_HOST_ENERGY_NJ (energy the split adds, as
 * there) and BYTES_MOVED_TO_HOST.
 */
public abstract class HostPricedMapper<K, V> extends Mapper<LongWritable, BytesWritable, K, V> {
    private final EntryView view = new EntryView();
    private final Meter meter = new Meter();
    private long bytesRead;
    private HostModel model;
    private InputGeometry geometry;

    /** Reads what the subclass needs from the job configuration; called once, before the first entry. */
    protected void configure(Configuration conf) {
    }

    /** Folds the entry at {@code fileOffset} (its bytes from position 0 of {@code entry}) in; meters the work. */
    protected abstract void accumulate(ByteBuffer entry, long fileOffset, Meter meter);

    /** Writes the structure's pairs; meters the bytes written. */
    protected abstract void emit(Context context, Meter meter) throws IOException, InterruptedException;

    /** Resolves the host profile and drive geometry first, so a bad setting fails before the scan. */
    @Override
    protected final void setup(Context context) {
        Configuration conf = context.getConfiguration();
        model = new HostModel(HadoopSettings.resolve(conf).scheduler().hostProfile());
        geometry = InputGeometry.load(conf);
        configure(conf);
    }

    /** The drives' geometry (page and chunk size, link). */
    protected final InputGeometry geometry() {
        return geometry;
    }

    @Override
    protected final void map(LongWritable offset, BytesWritable entry, Context context) throws IOException {
        accumulate(view.of(entry, offset.get()), offset.get(), meter);
        bytesRead += entry.getLength();
    }

    @Override
    protected final void cleanup(Context context) throws IOException, InterruptedException {
        emit(context, meter);
        HostCost cost = model.price(geometry.link(), meter, bytesRead);
        context.getCounter(IspdCounter.MODELED_HOST_NS).increment(cost.timeNs());
        context.getCounter(IspdCounter.MODELED_HOST_ENERGY_NJ).increment(cost.addedEnergyNj());
        context.getCounter(IspdCounter.BYTES_MOVED_TO_HOST).increment(bytesRead);
    }
}
