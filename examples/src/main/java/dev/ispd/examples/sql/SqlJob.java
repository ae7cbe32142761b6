package dev.ispd.examples.sql;

import dev.ispd.examples.cli.FailedJob;
import dev.ispd.examples.report.ModeledCostTable;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.plan.PlanDeviceMapper;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Runs a statement's plan as one DeviceJob ({@link PlanDeviceMapper}) over an osd:// input with
 * an offload policy, and reads its output back as the plan's result rows.
 *
 * @param rows      the job's output, one plan result row each ({@link SqlPlan#cell} prints them), in the
 *                  statement's order ({@link SqlPlan#ordered})
 * @param decisions where its splits were placed and why
 * @param metrics   the modeled cost table's metrics, summed over its splits ({@link ModeledCostTable}),
 *                  and over Parquet input the row groups' counts ({@link #PARQUET_COUNTS})
 * @param wallNs    the job's wall time
 */
public record SqlJob(List<long[]> rows, List<Decision> decisions, Map<SplitMetric, Long> metrics, long wallNs) {
    /** What a job over Parquet input counts of its row groups and pages. */
    public static final List<SplitMetric> PARQUET_COUNTS = List.of(SplitMetric.ROW_GROUPS_READ,
            SplitMetric.ROW_GROUPS_SKIPPED, SplitMetric.PAGES_SKIPPED, SplitMetric.STRADDLING_ROW_GROUPS);

    /**
     * Runs {@code sql} over {@code input} in the runner {@code conf} names (the local one by
     * default); {@code outputDir}, a local directory that must not exist yet, receives the
     * output. A failed job is an IOException naming it.
     */
    public static SqlJob run(Configuration conf, SqlPlan sql, Path input, String policy, java.nio.file.Path outputDir)
            throws Exception {
        DeviceJob job = job(conf, sql, input, policy).setOutputPath(new Path(outputDir.toUri()));
        FailedJob.watchLocalRunner();
        long start = System.nanoTime();
        if (!job.waitForCompletion(false)) {
            throw FailedJob.error(job.job(), "job " + sql.plan() + " over " + input);
        }
        long wallNs = System.nanoTime() - start;
        Map<SplitMetric, Long> metrics = new EnumMap<>(SplitMetric.class);
        for (SplitMetric m : Stream.concat(ModeledCostTable.COLUMNS.stream(), PARQUET_COUNTS.stream()).toList()) {
            metrics.put(m, job.counter(IspdCounter.valueOf(m.name())));
        }
        return new SqlJob(sql.ordered(rows(outputDir, sql)), job.decisions(), metrics, wallNs);
    }

    /**
     * Where the job of {@code sql} over {@code input} would run each split and why, without
     * running it ({@link DeviceJob#explain()}).
     */
    public static String explain(Configuration conf, SqlPlan sql, Path input, String policy) throws IOException {
        return job(conf, sql, input, policy).explain();
    }

    private static DeviceJob job(Configuration conf, SqlPlan sql, Path input, String policy) throws IOException {
        Configuration c = new Configuration(conf);
        c.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        return PlanDeviceMapper.setPlan(DeviceJob.getInstance(c, "sql " + policy), sql.plan()).addInputPath(input);
    }

    /** The rows of the job's part files, in order: the tab-separated values a {@code PlanRow} prints. */
    private static List<long[]> rows(java.nio.file.Path outputDir, SqlPlan sql) throws IOException {
        boolean keyless = sql.oneRow(); // an empty group key: each line starts with the tab after it
        List<long[]> rows = new ArrayList<>();
        try (Stream<java.nio.file.Path> parts = Files.list(outputDir)) {
            for (java.nio.file.Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted()
                    .toList()) {
                for (String line : Files.readAllLines(part)) {
                    String[] cells = (keyless ? line.substring(1) : line).split("\t");
                    long[] row = new long[cells.length];
                    for (int i = 0; i < cells.length; i++) {
                        row[i] = Long.parseLong(cells[i]);
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }
}
