package dev.ispd.spark.read;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.BoundPredicate;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.Selectivity;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.OptionalDouble;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A sample of a table's records, read on the driver when a scan's statistics first need it
 * (docs/spark.md, "Statistics"): {@value #RUNS} runs of {@value #RUN_RECORDS} consecutive records
 * spread evenly over the files (every record of a table of fewer), read once per load and held in
 * rows. Of column-blocked files ({@link BlockLayout}) a run stops at its block's end and each of
 * its columns is read apart and laid back into rows.
 * The share of the sample a pushed WHERE passes, tested by the plan interpreter
 * ({@link BoundPredicate}), is its estimate, {@code (k + 1) / (n + 2)} for {@code k} of
 * {@code n} passing, so that no estimate is 0 or 1; of a table the sample holds whole, the
 * share itself ({@code k / n}: TPC-H's region of 5 records, one of them ASIA, keeps one
 * fifth, where the smoothed share would keep two of them, and its nations and suppliers twice
 * theirs). A sample that cannot be read is logged: its WHEREs are guessed ({@link Selectivity}).
 * Tables in Parquet are sampled by {@link ParquetRowSample}.
 */
public final class RecordSample implements TableSample {
    private static final Logger LOG = LoggerFactory.getLogger(RecordSample.class);
    static final int RUNS = 64;
    static final int RUN_RECORDS = 64;

    private final RecordLayout layout;
    private final List<FileStatus> files;
    private final HadoopConf conf;
    /** The sampled records, back to back; null until first read. */
    private ByteBuffer records;

    RecordSample(RecordLayout layout, List<FileStatus> files, HadoopConf conf) {
        this.layout = layout;
        this.files = files;
        this.conf = conf;
    }

    @Override
    public OptionalDouble share(Predicate where) {
        if (size() == 0) {
            return OptionalDouble.empty();
        }
        ByteBuffer sample = records();
        int entrySize = layout.entrySize();
        int n = size();
        BoundPredicate bound = BoundPredicate.bind(where, layout.planLayout());
        int passed = 0;
        for (int r = 0; r < n; r++) {
            if (bound.test(sample, r * entrySize)) {
                passed++;
            }
        }
        return OptionalDouble.of(TableSample.share(passed, n, records(files, entrySize)));
    }

    /** The whole records in {@code files}. */
    private static long records(List<FileStatus> files, int entrySize) {
        return files.stream().mapToLong(f -> f.getLen() / entrySize).sum();
    }

    /** How many records the sample holds (read on first use). */
    int size() {
        return records().limit() / layout.entrySize();
    }

    /** The sampled records, read on first use (none where they cannot be read: logged). */
    private synchronized ByteBuffer records() {
        if (records == null) {
            try {
                records = read();
            } catch (IOException e) {
                LOG.warn("cannot read a sample of {} for the scans' statistics (their WHEREs are guessed): {}",
                        files.isEmpty() ? "no files" : files.get(0).getPath().getParent(), e.toString());
                records = ByteBuffer.allocate(0);
            }
        }
        return records;
    }

    /** Each file opened once, for the runs that start in it; a run stops at its file's end. */
    private ByteBuffer read() throws IOException {
        int entrySize = layout.entrySize();
        long total = records(files, entrySize);
        int runs = TableSample.runs(total, RUNS, RUN_RECORDS);
        byte[] sample = new byte[runs * RUN_RECORDS * entrySize];
        int filled = 0;
        int k = 0;
        long first = 0;
        for (FileStatus f : files) {
            long end = first + f.getLen() / entrySize;
            if (k < runs && start(k, total) < end) {
                Path path = f.getPath();
                try (FSDataInputStream in = OsdFileSystems.get(path, conf.get()).open(path)) {
                    for (; k < runs && start(k, total) < end; k++) {
                        filled += readRun(in, start(k, total) - first, end - first, sample, filled);
                    }
                }
            }
            first = end;
        }
        return ByteBuffer.wrap(sample, 0, filled).slice();
    }

    /**
     * Reads the run from record {@code at} of a file of {@code fileRecords} into {@code sample} at
     * {@code to}, in rows; returns its bytes. A run of blocked records stops at its block's end.
     */
    private int readRun(FSDataInputStream in, long at, long fileRecords, byte[] sample, int to) throws IOException {
        int entrySize = layout.entrySize();
        int perBlock = layout.recordsPerBlock();
        if (perBlock == 0) {
            int count = (int) Math.min(RUN_RECORDS, fileRecords - at);
            in.readFully(at * entrySize, sample, to, count * entrySize);
            return count * entrySize;
        }
        BlockLayout blocks = new BlockLayout(layout.planLayout(), perBlock);
        long blockFirst = at - at % perBlock;
        int rows = (int) Math.min(perBlock, fileRecords - blockFirst);
        int j = (int) (at - blockFirst);
        int count = Math.min(RUN_RECORDS, rows - j);
        byte[] column = new byte[count * entrySize];
        for (int c = 0; c < entrySize; c += blocks.columnWidth(c)) {
            int w = blocks.columnWidth(c);
            in.readFully(blockFirst * entrySize + blocks.position(c, rows, j), column, 0, count * w);
            for (int r = 0; r < count; r++) {
                System.arraycopy(column, r * w, sample, to + r * entrySize + c, w);
            }
        }
        return count * entrySize;
    }

    private static long start(int k, long total) {
        return TableSample.runStart(k, total, RUNS, RUN_RECORDS);
    }
}
