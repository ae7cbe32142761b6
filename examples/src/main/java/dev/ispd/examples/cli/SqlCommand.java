package dev.ispd.examples.cli;

import dev.ispd.examples.report.ModeledCostTable;
import dev.ispd.examples.report.SplitPlacements;
import dev.ispd.examples.sql.SqlJob;
import dev.ispd.examples.sql.SqlPlan;
import dev.ispd.examples.sql.SqlTranslator;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.fs.DataFiles;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.hadoop.parquet.ParquetInputs;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.parquet.ParquetPlanTasklet;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.plan.layout.LayoutJson;
import dev.ispd.plan.layout.Layouts;
import dev.ispd.plan.layout.StoredLayout;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code ispd query --sql}: translates the statement into a plan over the input's layout
 * ({@link SqlTranslator}), runs it as one DeviceJob with the policy, and prints the rows, where
 * each split ran and the modeled cost. The input is generated WorldCup98 data on in-JVM drives
 * (the statement is checked before they start), or {@code --input} on {@code --drives}, whose
 * layout is {@code --layout}, {@code --layout-file} or the one it records (they must agree, and
 * so must a blocked clause with how the input stores its records).
 */
final class SqlCommand {
    private final QueryCommand q;
    private final PrintStream out = System.out;

    SqlCommand(QueryCommand options) {
        this.q = options;
    }

    int call() throws Exception {
        String policy = q.policy == null ? QueryCommand.SQL_POLICY : q.policy;
        int entrySize = q.entrySize == null ? QueryCommand.GENERATED_ENTRY_SIZE : q.entrySize;
        Path work = Files.createTempDirectory("ispd-query-");
        try {
            if (q.runningDrives()) {
                Configuration conf = q.externalConfiguration(entrySize);
                QueryCommand.localRunner(conf, work);
                if (q.input == null) {
                    SqlPlan plan = translate(Layout.worldCup98(entrySize));
                    return run(conf, plan, q.load(conf, entrySize), policy, work);
                }
                org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(q.input);
                return run(conf, translate(inputLayout(file, conf)), file, policy, work);
            }
            SqlPlan plan = translate(Layout.worldCup98(entrySize));
            try (EmbeddedDrives started = EmbeddedDrives.builder().drives(q.driveCount).profile(q.profiles.profile())
                    .start()) {
                out.printf("%d simulated %s drive(s)%n", q.driveCount, q.profiles.profile());
                Configuration conf = WorldCupDrives.configuration(q.base, started, q.wholePageChunk(started.address(0),
                        entrySize), entrySize, q.profiles.hostProfile());
                QueryCommand.localRunner(conf, work);
                return run(conf, plan, q.load(conf, entrySize), policy, work);
            }
        } finally {
            FileSystem.closeAll(); // cached osd:// clients hold connections to the drives
            FileUtils.deleteDirectory(work.toFile());
        }
    }

    private SqlPlan translate(Layout layout) {
        try {
            return SqlTranslator.translate(q.sql, layout);
        } catch (IllegalArgumentException e) {
            throw q.usage("--sql: " + e.getMessage());
        }
    }

    /**
     * --layout, --layout-file or the layout the input records (a Parquet input: the table its
     * footer's schema makes, its strings --string-width bytes, docs/parquet.md); a given one must
     * describe the recorded records, and one that says how they are stored ({@code , blocked R},
     * {@code "block": R}) must say what the input records: a job reads records as their files
     * record them.
     */
    private Layout inputLayout(org.apache.hadoop.fs.Path file, Configuration conf) throws IOException {
        FileSystem fs = file.getFileSystem(conf);
        Optional<LayoutAttribute.Recorded> recorded;
        List<FileStatus> files;
        try {
            files = DataFiles.of(fs, file);
            recorded = LayoutAttribute.recorded(fs, files.stream().map(FileStatus::getPath).toList());
        } catch (IllegalArgumentException | IOException e) {
            throw q.usage("--input " + q.input + ": " + e.getMessage());
        }
        StoredLayout given;
        try {
            given = givenLayout(recorded.map(LayoutAttribute.Recorded::layout));
        } catch (IllegalArgumentException e) {
            throw q.usage(e.getMessage());
        }
        ParquetFooters.Ends ends = given == null && recorded.isEmpty() && !files.isEmpty()
                ? ParquetFooters.ends(fs, files.get(0)) : ParquetFooters.Ends.OTHER;
        if (ends == ParquetFooters.Ends.PARQUET) {
            try {
                return ParquetInputs.table(fs, files.get(0), q.stringWidth == null ? ParquetTable.STRING_WIDTH
                        : q.stringWidth).layout();
            } catch (PlanException e) {
                throw q.usage("--string-width: " + e.getMessage());
            }
        }
        if (q.stringWidth != null) {
            throw q.usage("--string-width is for a Parquet --input (" + q.input + " is records)");
        }
        if (given == null) {
            return recorded.orElseThrow(() -> q.usage("--input " + q.input + (ends == ParquetFooters.Ends.CUT_SHORT
                    ? ": " + files.get(0).getPath() + " " + ParquetFooters.Ends.CUT_SHORT_TEXT + " (--layout or "
                    + "--layout-file reads it as records)" : " records no layout: give --layout or --layout-file")))
                    .layout();
        }
        checkAgrees(given, recorded);
        return given.layout();
    }

    /**
     * Refuses, naming the option and the input, a given layout whose records are not the recorded
     * ones, or that says its records are blocked where the input records other blocks, rows or
     * no layout (whose records a job reads in rows).
     */
    private void checkAgrees(StoredLayout given, Optional<LayoutAttribute.Recorded> recorded) {
        String option = q.layout != null ? "--layout" : "--layout-file";
        if (recorded.isEmpty()) {
            if (given.blocked()) {
                throw q.usage(option + " says " + given.storage() + ", but " + q.input + " records no layout, and a "
                        + "job reads the records of such a file in rows");
            }
            return;
        }
        LayoutAttribute.Recorded r = recorded.get();
        if (!Layouts.sameRecords(given.layout(), r.layout())) {
            throw q.usage(option + " gives " + Layouts.describe(given.layout()) + ", but " + r.file() + " records "
                    + Layouts.describe(r.layout()));
        }
        if (given.blocked() && given.recordsPerBlock() != r.recordsPerBlock()) {
            throw q.usage(option + " says " + given.storage() + ", but " + r.file() + " stores its records "
                    + StoredLayout.storage(r.recordsPerBlock()));
        }
    }

    /**
     * The layout --layout or --layout-file gives and how it says its records are stored (rows
     * unless it says), or null; records of --entry-size or (a name) the recorded size.
     */
    private StoredLayout givenLayout(Optional<Layout> recorded) throws IOException {
        int size = q.entrySize == null ? 0 : q.entrySize;
        if (q.layoutFile != null) {
            return LayoutJson.parseStored(Files.readString(q.layoutFile), size, "--layout-file " + q.layoutFile);
        }
        if (q.layout == null) {
            return null;
        }
        if (size == 0 && !Layouts.declaresFields(q.layout)) {
            size = recorded.orElseThrow(() -> new IllegalArgumentException("--layout " + q.layout + " names a layout: "
                    + "give its --entry-size (the input records none)")).recordSize();
        }
        return Layouts.storedFromText(q.layout, size, "--layout");
    }

    private int run(Configuration conf, SqlPlan plan, org.apache.hadoop.fs.Path file, String policy, Path work)
            throws Exception {
        if (q.explain) {
            out.printf("%n%s%n  as plan: %s%n%n", q.sql.strip(), plan.plan());
            out.print(SqlJob.explain(conf, plan, file, policy));
            return 0;
        }
        SqlJob job;
        try {
            job = SqlJob.run(conf, plan, file, policy, work.resolve("sql"));
        } catch (IOException e) { // a Parquet string longer than the width: the width is this command's option
            String wider = ParquetPlanTasklet.namingWidthOption(e.getMessage(), "--string-width");
            throw wider == null ? e : new IOException(wider, e);
        }
        out.printf("%n%s%n  as plan: %s%n%n", q.sql.strip(), plan.plan());
        printRows(plan, job.rows());
        out.printf("%nwhere each split ran (policy %s): predicted host vs device cost%n", policy);
        SplitPlacements.print(out, job.decisions());
        out.printf("%nmodeled cost, summed over splits (%s drives, %s host)%n",
                q.runningDrives() ? "the given" : q.profiles.profile(), q.profiles.hostProfile());
        ModeledCostTable.print(out, Map.of(policy, job.metrics()));
        printRowGroups(job.metrics());
        out.printf("wall time %.2f s; host and device figures are modeled%n", job.wallNs() / 1e9);
        return 0;
    }

    /** Over Parquet input, what the job counted of its row groups and pages (nothing over records). */
    private void printRowGroups(Map<SplitMetric, Long> metrics) {
        long read = metrics.getOrDefault(SplitMetric.ROW_GROUPS_READ, 0L);
        long skipped = metrics.getOrDefault(SplitMetric.ROW_GROUPS_SKIPPED, 0L);
        if (read + skipped > 0) {
            out.printf("Parquet row groups: %d read, %d skipped by their statistics, %d straddling a chunk boundary "
                    + "(run on the host); data pages skipped by their column index: %d%n", read, skipped,
                    metrics.getOrDefault(SplitMetric.STRADDLING_ROW_GROUPS, 0L),
                    metrics.getOrDefault(SplitMetric.PAGES_SKIPPED, 0L));
        }
    }

    /** The rows as a table, right-aligned under their headers, at most --max-lines of them. */
    private void printRows(SqlPlan plan, List<long[]> rows) {
        List<List<String>> table = new ArrayList<>();
        for (long[] row : rows) {
            List<String> cells = new ArrayList<>();
            for (int i = 0; i < plan.headers().size(); i++) {
                cells.add(plan.cell(row, i));
            }
            table.add(cells);
        }
        if (plan.answersNoMatchRow(rows)) {
            table.add(plan.noMatchRow());
        }
        int shown = q.maxLines == 0 ? table.size() : Math.min(q.maxLines, table.size());
        int[] widths = new int[plan.headers().size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = plan.headers().get(i).length();
            for (List<String> cells : table.subList(0, shown)) {
                widths[i] = Math.max(widths[i], cells.get(i).length());
            }
        }
        out.println(line(plan.headers(), widths));
        table.subList(0, shown).forEach(cells -> out.println(line(cells, widths)));
        out.printf("(%,d row(s)%s)%n", table.size(), shown < table.size()
                ? ", " + shown + " shown; --max-lines 0 prints all" : "");
    }

    private static String line(List<String> cells, int[] widths) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            s.append("  ").append(" ".repeat(widths[i] - cells.get(i).length())).append(cells.get(i));
        }
        return s.toString();
    }
}
