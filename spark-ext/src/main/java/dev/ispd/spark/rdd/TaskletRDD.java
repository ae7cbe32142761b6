package dev.ispd.spark.rdd;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.offload.OsdOffload;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPlanner;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.SplitObservation;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.spark.read.InputResolver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.Dependency;
import org.apache.spark.Partition;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.rdd.RDD;
import scala.collection.Iterator;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;
import scala.reflect.ClassTag$;

/**
 * Any built-in tasklet or declarative plan over an osd:// path, for users who need more than SQL: one partition per
 * split the offload core plans ({@link SplitPlanner}: pieces of whole records on each drive,
 * placed in their drive or on the host by the scheduler and its policy), preferring its drive's
 * host; each partition runs its split with the core's {@link SplitExecutor} (in the drive, or on
 * the host reading through osd://, with fallback; a drive's failures counted per executor, as an
 * RDD has no end at which their shared record could be deleted) and yields one {@link SplitResult} holding the
 * tasklet's decoded results.
 *
 * <pre>{@code
 * JavaRDD<SplitResult<Q1Result>> q1 = TaskletRDD.of(spark.sparkContext(), "osd:///worldcup/day6.bin",
 *         new TaskletSpec("q1", Params.of("entrySize", "256"), "my job"), Q1Result::decode, Map.of());
 * }</pre>
 *
 * The offload settings ({@code ispd.offload.*}, docs/hadoop.md) are resolved as a
 * {@code format("ispd")} read's are ({@link SparkSettings}): {@code settings} over the session's
 * {@code spark.ispd.*} configuration over its Hadoop configuration, once on the driver; the
 * executors run with the driver's values. Every other key of {@code settings} goes to the Hadoop
 * configuration the splits read with ({@code ispd.fs.drives}, say).
 */
public final class TaskletRDD<T> extends RDD<SplitResult<T>> {
    private static final long serialVersionUID = 1L;

    private final List<PlannedSplit> splits;
    private final TaskletSpec tasklet;
    private final ResultDecoder<T> decoder;
    private final HadoopConf conf;
    private final SparkSettings settings;

    private TaskletRDD(SparkContext sc, List<PlannedSplit> splits, TaskletSpec tasklet, ResultDecoder<T> decoder,
                       HadoopConf conf, SparkSettings settings) {
        super(sc, CollectionConverters.asScala(new ArrayList<Dependency<?>>()).toList(),
                ClassTag$.MODULE$.apply(SplitResult.class));
        this.splits = List.copyOf(splits);
        this.tasklet = tasklet;
        this.decoder = decoder;
        this.conf = conf;
        this.settings = settings;
    }

    /**
     * Plans {@code tasklet} over {@code path} (a file, or the visible files of a directory) on the
     * driver; bad input (a path not on osd://, a missing file, an unknown tasklet or parameter, a
     * file whose recorded record size is not the tasklet's) is an AnalysisException naming it.
     *
     * @param settings keys over the session's ({@code ispd.offload.policy}, {@code ispd.fs.drives}, say)
     */
    public static <T> JavaRDD<SplitResult<T>> of(SparkContext sc, String path, TaskletSpec tasklet,
                                                 ResultDecoder<T> decoder, Map<String, String> settings) {
        if (tasklet.form() == TaskletForm.MODULE) {
            throw analysis("tasklet " + tasklet.name() + " is a WebAssembly module: TaskletRDD runs built-ins and plans"
                    + " (a DeviceJob's ModuleDeviceMapper ships modules)");
        }
        Path p = InputResolver.osdPath(path);
        Configuration conf = IspdOptions.hadoopConf(settings, sc.hadoopConfiguration());
        SparkSettings resolved = InputResolver.settings(settings, sc.hadoopConfiguration(), SparkSettings.session(sc));
        if (!(InputResolver.fileSystem(p, conf) instanceof OsdFileSystem fs)) {
            throw analysis("path " + path + " is not an osd:// file system's");
        }
        try {
            tasklet.factory();
            List<InputFile> inputs = new ArrayList<>();
            for (FileStatus f : InputResolver.files(p, fs)) {
                inputs.add(OsdOffload.recordFile(fs, f));
            }
            List<PlannedSplit> splits = OsdOffload.plan(resolved.offload(), tasklet, fs, new CorrectionBook(), inputs);
            return new TaskletRDD<>(sc, splits, tasklet, decoder, new HadoopConf(conf), resolved).toJavaRDD();
        } catch (IOException | IllegalArgumentException e) {
            throw analysis("cannot plan tasklet " + tasklet.name() + " over " + path + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Partition[] getPartitions() {
        Partition[] partitions = new Partition[splits.size()];
        for (int i = 0; i < partitions.length; i++) {
            partitions[i] = new SplitPartition(i, splits.get(i));
        }
        return partitions;
    }

    @Override
    public Seq<String> getPreferredLocations(Partition partition) {
        return CollectionConverters.asScala(List.of(((SplitPartition) partition).split().host())).toList();
    }

    @Override
    public Iterator<SplitResult<T>> compute(Partition partition, TaskContext context) {
        SplitPartition p = (SplitPartition) partition;
        PlannedSplit split = p.split();
        Configuration c = conf.get();
        Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
        List<byte[]> results = new ArrayList<>();
        SplitObservation observed;
        try {
            SplitExecutor executor = OsdOffload.executor(settings.offload(), tasklet, "spark-rdd-" + id(), c,
                    (metric, n) -> counts.merge(metric, n, Long::sum), Optional.empty(), context::isInterrupted);
            observed = executor.run(split, (result, origin) -> results.add(result));
        } catch (IOException e) {
            throw new UncheckedIOException("ispd: split " + p.index() + " (" + split + ") of tasklet " + tasklet.name()
                    + " failed: " + e.getMessage(), e);
        }
        SplitResult<T> out = new SplitResult<>(p.index(), split.file(), split.start(), split.length(),
                split.decision().placement(), observed.placement(), counts.getOrDefault(SplitMetric.FALLBACKS, 0L) > 0,
                results, counts.getOrDefault(SplitMetric.BYTES_READ_IN_DRIVES, 0L)
                        + counts.getOrDefault(SplitMetric.BYTES_MOVED_TO_HOST, 0L), split.host(), SparkEnv.get().blockManager().blockManagerId().host(),
                counts.getOrDefault(SplitMetric.MODELED_DEVICE_NS, 0L) + counts.getOrDefault(SplitMetric.MODELED_HOST_NS, 0L),
                counts.getOrDefault(SplitMetric.MODELED_DEVICE_ENERGY_NJ, 0L)
                        + counts.getOrDefault(SplitMetric.MODELED_HOST_ENERGY_NJ, 0L), decoder);
        return CollectionConverters.asScala(List.of(out).iterator());
    }
}
