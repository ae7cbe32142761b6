package dev.ispd.hadoop.offload;

import dev.ispd.hadoop.conf.DriveCredentials;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.offload.execute.DrivePool;
import dev.ispd.offload.execute.JobFailureRecord;
import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.execute.MetricSink;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPlanner;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;

/**
 * The offload core over osd://, as both engines (a DeviceJob, Spark's connector and TaskletRDD)
 * call it: on the client, a read's splits planned over the chunks of its files on the file
 * system's drives ({@link SplitPlanner}) and its tasklet created on the drives that run device
 * splits ({@link JobTasklets}); in a task, a split's {@link SplitExecutor}, with drive connections
 * pooled per JVM under the configuration's credentials and host runs reading through Hadoop
 * ({@link HadoopFiles}). The records a read's client and tasks share live beside its input:
 * {@link HadoopCorrections}, {@link HadoopDriveFailures}.
 */
public final class OsdOffload {
    private OsdOffload() {
    }

    /** The osd:// file system {@code file} is on, over the drives {@code conf} names; any other is an IOException naming both. */
    public static OsdFileSystem fileSystem(Path file, Configuration conf) throws IOException {
        return OsdStorage.osd(file, conf);
    }

    /**
     * A file of fixed-width records, planned with the record size its layout records (0: none
     * recorded) and stored as it records (in rows, or column-blocked).
     */
    public static InputFile recordFile(OsdFileSystem fs, FileStatus file) throws IOException {
        Path path = file.getPath();
        int block = LayoutAttribute.recordsPerBlock(fs, path);
        if (block == 0) {
            return new InputFile(path.toString(), file.getLen(), LayoutAttribute.recordSize(fs, path));
        }
        Layout layout = LayoutAttribute.layout(fs, path).orElseThrow();
        try {
            return InputFile.blocked(path.toString(), file.getLen(), new BlockLayout(layout, block));
        } catch (PlanException e) {
            throw new IOException(path + ": " + e.getMessage(), e);
        }
    }

    /** The splits of {@code tasklet} over {@code inputs} (files of {@code fs}), in file order, placed with {@code corrections}. */
    public static List<PlannedSplit> plan(OffloadSettings settings, TaskletSpec tasklet, OsdFileSystem fs,
                                          CorrectionBook corrections, List<InputFile> inputs) throws IOException {
        return new SplitPlanner(settings, tasklet, new OsdStorage(fs), corrections).plan(inputs);
    }

    /** {@code tasklet} created once on each drive of {@code fs} that runs device splits of {@code planned}. */
    public static JobTasklets createTasklets(OsdFileSystem fs, TaskletSpec tasklet, List<PlannedSplit> planned)
            throws IOException {
        return JobTasklets.create(new OsdStorage(fs).drives(), tasklet, planned);
    }

    /**
     * The executor of {@code tasklet}'s splits of the read {@code scope} in this JVM: device runs
     * on the JVM's pooled connections to the drives, authenticated as {@code conf} says, host runs
     * reading through {@code conf}'s file systems; counts go to {@code metrics}, drive failures to
     * {@code shared} (none: this JVM's own record), and {@code cancelled} says whether the engine
     * cancelled the task.
     */
    public static SplitExecutor executor(OffloadSettings settings, TaskletSpec tasklet, String scope,
                                         Configuration conf, MetricSink metrics, Optional<JobFailureRecord> shared,
                                         BooleanSupplier cancelled) throws IOException {
        return SplitExecutor.create(settings, tasklet, scope, DrivePool.shared(DriveCredentials.fromConfiguration(conf)),
                new HadoopFiles(conf), metrics, shared, cancelled);
    }
}
