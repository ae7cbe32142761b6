package dev.ispd.spark.read.partition;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.offload.OsdOffload;
import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.plan.InputFile;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.ScanInput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.fs.FileStatus;

/**
 * Cuts a scan's input into input partitions with the offload core over osd:// ({@link OsdOffload}),
 * as a DeviceJob's splits are cut: the core's planner cuts whole-record pieces per chunk (Parquet files: a split per row
 * group left after its statistics, from the footers the read resolved), prices each for the scan's plan
 * on the host and in its drive, places it with the configured policy (every decision logged with
 * its predicted costs) and groups one drive's device pieces into one split; each split becomes
 * one {@link PlannedPartition}. Placement uses the saved offload corrections, as a DeviceJob's
 * does. A scan that returns every matching record has its pieces and
 * groups cut so that their rows, had every record matched, fit one drive result.
 */
public final class PartitionPlanner {
    /** The name the scan's plan is created under in the drives (CREATE_TASKLET, form PLAN). */
    public static final String TASKLET = "spark-scan";

    private PartitionPlanner() {
    }

    /** The tasklet every partition of {@code pushed} runs: its plan. */
    public static TaskletSpec tasklet(PushedScan pushed) {
        return TaskletSpec.plan(TASKLET, pushed.plan(), "the ispd scan");
    }

    /** The settings a scan runs with: the read's, with an all-rows scan's pieces and groups capped. */
    public static OffloadSettings settings(ScanInput input, PushedScan pushed) {
        return pushed.allRows() ? allRowsSettings(input, pushed.plan()) : input.settings().offload();
    }

    /**
     * The read's settings for {@code plan}, a plan returning every matching record: its pieces
     * and groups capped at the records whose rows, had every record matched, still fit one drive
     * result, so that neither its drive nor a fallback to the host outgrows a result.
     */
    public static OffloadSettings allRowsSettings(ScanInput input, Plan plan) {
        OffloadSettings s = input.settings().offload();
        long width = (long) plan.rowWords() * Long.BYTES;
        long cap = (PlanLimits.DRIVE.maxResultBytes() - PlanResult.HEADER_BYTES) / width * input.layout().entrySize();
        return new OffloadSettings(s.scheduler(), s.correctionFile(), s.deviceTimeout(), capped(s.splitMaxBytes(), cap),
                s.groupMaxBytes() == 0 ? 0 : capped(s.groupMaxBytes(), cap), s.faults());
    }

    /** The partitions of {@code input} for {@code pushed}, in file order, placed with {@code corrections}. */
    public static List<PlannedPartition> plan(ScanInput input, PushedScan pushed, CorrectionBook corrections)
            throws IOException {
        return splits(input, settings(input, pushed), tasklet(pushed), f -> input.parquet().input(f, pushed),
                corrections).stream().map(PlannedPartition::new).toList();
    }

    /**
     * The splits of {@code input} for {@code tasklet} under {@code settings}, in file order,
     * placed with {@code corrections}; a Parquet file as {@code parquet} makes it the planner's input.
     */
    public static List<PlannedSplit> splits(ScanInput input, OffloadSettings settings, TaskletSpec tasklet,
                                            Function<FileStatus, InputFile> parquet, CorrectionBook corrections)
            throws IOException {
        if (input.files().isEmpty()) {
            return List.of();
        }
        OsdFileSystem fs = fileSystem(input);
        List<InputFile> files = new ArrayList<>();
        for (FileStatus f : input.files()) {
            // a record file's layout was checked against the scan's when its input was resolved
            // (LayoutResolver): no drive call per file to read it again
            int block = input.layout().recordsPerBlock();
            files.add(input.parquet() != null ? parquet.apply(f)
                    : block == 0 ? new InputFile(f.getPath().toString(), f.getLen(), input.layout().entrySize())
                    : InputFile.blocked(f.getPath().toString(), f.getLen(),
                            new BlockLayout(input.layout().planLayout(), block)));
        }
        return OsdOffload.plan(settings, tasklet, fs, corrections, files);
    }

    /**
     * The scan's plan created once on each drive that runs device partitions of {@code planned},
     * and those partitions with their drive's instance: one instance per drive per run of the
     * scan, as a DeviceJob has one per drive per job.
     */
    public static Assigned assignTasklets(ScanInput input, PushedScan pushed, List<PlannedPartition> planned)
            throws IOException {
        List<PlannedSplit> splits = planned.stream().map(PlannedPartition::split).toList();
        JobTasklets tasklets = OsdOffload.createTasklets(fileSystem(input), tasklet(pushed), splits);
        return new Assigned(tasklets.assign(splits).stream().map(PlannedPartition::new).toList(), tasklets);
    }

    /** Partitions running their drive's instance of the plan, and those instances, to delete when the run ends. */
    public record Assigned(List<PlannedPartition> partitions, JobTasklets tasklets) {
    }

    private static OsdFileSystem fileSystem(ScanInput input) throws IOException {
        return OsdOffload.fileSystem(input.files().get(0).getPath(), input.conf().get());
    }

    private static long capped(long configured, long cap) {
        return configured <= 0 ? cap : Math.min(configured, cap);
    }
}
