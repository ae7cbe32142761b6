package dev.ispd.spark.read;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sample of a Parquet table's rows (docs/spark.md, "Statistics"): {@value #RUNS} runs of
 * {@value #RUN_ROWS} consecutive rows spread evenly over the files' rows (every row of a table of
 * fewer), a run stopping at its row group's end. A WHERE's share is counted by the drive's own
 * code over the columns it names, a {@code COUNT(*)} plan run on the driver over the runs as parts
 * of their row groups (each chunk's dictionary page and the data pages holding the run's rows,
 * read through osd://), once per WHERE: so a Parquet table gets the estimates the same table in
 * records gets. A sample that cannot be read or decoded is logged, and the WHERE guessed.
 */
final class ParquetRowSample implements TableSample {
    private static final Logger LOG = LoggerFactory.getLogger(ParquetRowSample.class);
    /** Fewer runs than a record sample's: each reads a page of every column its WHERE names. */
    static final int RUNS = 16;
    static final int RUN_ROWS = 256;

    private final ParquetFiles parquet;
    private final List<FileStatus> files;
    private final HadoopConf conf;
    private final Map<Predicate, OptionalDouble> shares = new ConcurrentHashMap<>();

    ParquetRowSample(ParquetFiles parquet, List<FileStatus> files, HadoopConf conf) {
        this.parquet = parquet;
        this.files = files;
        this.conf = conf;
    }

    @Override
    public OptionalDouble share(Predicate where) {
        return shares.computeIfAbsent(where, this::measure);
    }

    private OptionalDouble measure(Predicate where) {
        Plan count = Plan.aggregate(parquet.table().layout(), where, List.of(), List.of(Aggregate.countStar()));
        Set<String> columns = parquet.table().columnsOf(count).stream().map(ParquetColumn::name)
                .collect(Collectors.toSet());
        long total = parquet.rows();
        long[] counted = new long[2];
        try {
            long first = 0;
            int k = 0;
            for (FileStatus f : files) {
                ParquetInput input = parquet.input(f, columns, new Predicate.True()).parquet();
                for (ParquetInput.RowGroup g : input.rowGroups()) {
                    long end = first + g.group().rows();
                    List<ParquetInput.Part> parts = new ArrayList<>();
                    for (; k < runs(total) && start(k, total) < end; k++) {
                        long at = start(k, total) - first;
                        parts.add(g.part(at, Math.min(RUN_ROWS, g.group().rows() - at)));
                    }
                    if (!parts.isEmpty()) {
                        count(count, f, input.columns(), parts, counted);
                    }
                    first = end;
                }
            }
        } catch (IOException | BadParameterException | RuntimeException e) {
            LOG.warn("cannot read a sample of {} for the scans' statistics (its WHERE {} is guessed): {}",
                    files.isEmpty() ? "no files" : files.get(0).getPath().getParent(), where, e.toString());
            return OptionalDouble.empty();
        }
        return counted[1] == 0 ? OptionalDouble.empty()
                : OptionalDouble.of(TableSample.share(counted[0], counted[1], total));
    }

    /** Adds to {@code counted} the rows of {@code parts} of {@code file} that pass {@code count}'s WHERE, and their rows. */
    private void count(Plan count, FileStatus file, List<ParquetColumn> columns, List<ParquetInput.Part> parts,
                       long[] counted) throws IOException, BadParameterException {
        Tasklet tasklet = PlanSources.tasklet(count, PlanLimits.HOST,
                new ParquetSource(file.getPath().toString(), columns, parts.stream().map(ParquetInput.Part::group)
                        .toList()).toParams());
        Meter meter = new Meter();
        try (FSDataInputStream in = OsdFileSystems.get(file.getPath(), conf.get()).open(file.getPath())) {
            for (ParquetInput.Part p : parts) {
                for (ParquetInput.Range r : p.ranges()) {
                    byte[] bytes = new byte[Math.toIntExact(r.length())];
                    in.readFully(r.offset(), bytes);
                    tasklet.scan(ByteBuffer.wrap(bytes), 0, r.offset(), meter);
                }
                counted[1] += p.group().count();
            }
        }
        ResultSink out = new ResultSink(ResultSink.HOST_LIMIT);
        tasklet.finish(out, meter);
        for (long[] row : PlanResult.decode(out.toByteArray()).rows()) {
            counted[0] += row[0];
        }
    }

    private static int runs(long total) {
        return TableSample.runs(total, RUNS, RUN_ROWS);
    }

    private static long start(int k, long total) {
        return TableSample.runStart(k, total, RUNS, RUN_ROWS);
    }
}
