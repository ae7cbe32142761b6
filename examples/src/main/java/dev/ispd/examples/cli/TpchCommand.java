package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.examples.tpch.TpchLayouts;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.OsdFileSystem;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bin/ispd tpch}: the eight TPC-H tables as typed records in osd:// and/or as Parquet (docs/tpch.md). */
@Command(name = "ispd tpch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Generates the eight TPC-H tables at a scale factor (dbgen's data, io.trino.tpch) as files of "
                + "fixed-width typed records stored column-blocked (or in rows), their layouts recorded on the files, in a directory of osd:// (--drives) "
                + "or another file system (--to), and/or as Parquet files (--parquet).")
public final class TpchCommand implements Callable<Integer> {
    @Option(names = "--scale", required = true, paramLabel = "SF",
            description = "the scale factor: 1 is about 1 GB of dbgen text (6 million lineitem rows); 0.0001 to 100000")
    double scale;

    @Option(names = "--to", paramLabel = "DIR",
            description = "directory of the record files, one per table (DIR/lineitem, ...): osd:///path (with "
                    + "--drives), another Hadoop URI or a local directory")
    String to;

    @Option(names = "--parquet", paramLabel = "DIR",
            description = "also (or only) write each table as DIR/TABLE.parquet, a Hadoop path (local unless a URI); "
                    + "osd:///path (with --drives) keeps each row group in one chunk (--parquet-chunk-size): row "
                    + "groups of parquet.block.size bytes, by default 7/8 of the chunk size")
    String parquet;

    @Option(names = "--parquet-chunk-size", paramLabel = "B",
            description = "the osd:// chunk of the Parquet files (--parquet osd://...), as tpch-bench writes them: "
                    + "chunks go round robin over the drives, so a file of many chunks spreads evenly "
                    + "(default: ${DEFAULT-VALUE})")
    long parquetChunkSize = TpchGenerator.ParquetTarget.CHUNK_SIZE;

    @Option(names = "--block", paramLabel = "R",
            description = "records to a block of the column-blocked record files (each column's R values together, "
                    + "so a scan reads only the columns it needs); each chunk holds whole blocks, so a block of the "
                    + "widest table (231 B records) must fit the chunk size. Default: "
                    + TpchLayouts.DEFAULT_RECORDS_PER_BLOCK + ", or as many as fit a chunk if fewer")
    Integer block;

    @Option(names = "--rows", description = "store the record files in rows (each record's fields together) instead "
            + "of column-blocked")
    boolean rows;

    @Mixin
    TargetOptions target;

    @Mixin
    HadoopConfOptions hadoop;

    @Spec
    CommandSpec spec;

    private final PrintStream print;

    public TpchCommand() {
        this(System.out);
    }

    TpchCommand(PrintStream print) {
        this.print = print;
    }

    public static void main(String[] args) {
        CommandLines.exit(new TpchCommand(), args);
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        try {
            TpchGenerator.checkScale(scale);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cmd, "--scale: " + e.getMessage());
        }
        if (to == null && parquet == null) {
            throw new CommandLine.ParameterException(cmd, "give --to, --parquet or both: where to write the tables");
        }
        if (!target.drives.isEmpty() && !osd(to) && !osd(parquet)) {
            throw new CommandLine.ParameterException(cmd, "--drives is for an osd:// --to or --parquet only");
        }
        Configuration conf = hadoop.configuration();
        long chunk = target.chunkSize(cmd, conf, TpchLayouts.widestRecordSize());
        if (block != null) {
            checkBlock(cmd, chunk);
        }
        OptionChecks.of(cmd).atLeast("--parquet-chunk-size", parquetChunkSize, 1);
        TpchGenerator generator = new TpchGenerator(scale).progress(target.progress());
        long start = System.nanoTime();
        List<TpchGenerator.Written> written;
        try (TargetOptions.Target records = to == null ? null : target.openDirectory(cmd, conf, to, "--to");
             TargetOptions.Target parquetFiles = parquet == null ? null : parquetDirectory(cmd, conf)) {
            written = generator.write(records == null ? null
                    : new TpchGenerator.RecordTarget(records.fs(), records.path(), chunk,
                            recordsPerBlock(cmd, records.fs(), chunk)), parquetFiles == null ? null
                    : osd(parquet) ? TpchGenerator.ParquetTarget.inChunks(parquetFiles.fs(), parquetFiles.path(),
                            parquetFiles.fs().getConf(), parquetChunkSize)
                    : new TpchGenerator.ParquetTarget(parquetFiles.fs(), parquetFiles.path(), parquetFiles.fs().getConf()));
        }
        report(written, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private static boolean osd(String path) {
        return path != null && path.startsWith("osd:");
    }

    /**
     * Opens the directory of the Parquet files: on osd://, chunks of {@code --parquet-chunk-size}
     * bytes (its row groups are {@link TpchGenerator.ParquetTarget#inChunks}'); elsewhere, a Hadoop
     * path, local unless a URI.
     */
    private TargetOptions.Target parquetDirectory(CommandLine cmd, Configuration conf) throws IOException {
        Configuration writer = new Configuration(conf);
        if (!osd(parquet)) {
            Path dir = new Path(parquet);
            return new TargetOptions.Target(FileSystem.newInstance(dir.toUri(), writer), dir);
        }
        writer.setLong(IspdKeys.FS_CHUNK_SIZE.name(), parquetChunkSize);
        return target.openDirectory(cmd, writer, parquet, "--parquet");
    }

    /** Refuses a --block beside --rows, of no records, without --to, or whose block of the widest table passes a chunk. */
    private void checkBlock(CommandLine cmd, long chunk) {
        if (rows) {
            throw new CommandLine.ParameterException(cmd, "give --block or --rows, not both: records are stored "
                    + "column-blocked or in rows");
        }
        if (block < 1) {
            throw new CommandLine.ParameterException(cmd, "--block must be a positive number of records, got " + block);
        }
        if (to == null) {
            throw new CommandLine.ParameterException(cmd, "--block is for the record files (--to); Parquet has its own "
                    + "row groups");
        }
        long widest = (long) block * TpchLayouts.widestRecordSize();
        if (widest > chunk) {
            throw new CommandLine.ParameterException(cmd, "--block " + block + ": a block of " + block + " records of "
                    + TpchLayouts.widestRecordSize() + " B (the widest table) is " + widest + " bytes, more than a chunk (" + chunk
                    + " bytes, --chunk-size); at most " + chunk / TpchLayouts.widestRecordSize() + " records to a block");
        }
    }

    /**
     * Records to a block of the record files in {@code fs}, 0 for rows: {@code --block}, else
     * {@link TpchLayouts#defaultRecordsPerBlock} unless {@code --rows}. Only osd:// records a file's
     * layout, so elsewhere records go in rows (a reader would take blocks for rows) and --block is refused.
     */
    private int recordsPerBlock(CommandLine cmd, FileSystem fs, long chunk) {
        if (fs instanceof OsdFileSystem) {
            return rows ? 0 : block != null ? block : TpchLayouts.defaultRecordsPerBlock(chunk);
        }
        if (block != null) {
            throw new CommandLine.ParameterException(cmd, "--block is for osd:// record files: only they record their "
                    + "layout, so a reader of " + to + " would take blocks for rows; records there are stored in rows");
        }
        return 0;
    }

    private void report(List<TpchGenerator.Written> written, double seconds) {
        print.printf("%-10s %12s %8s %16s  %s%n", "table", "rows", "record", "bytes", "files");
        long rows = 0;
        long bytes = 0;
        for (TpchGenerator.Written w : written) {
            String files = (w.records() == null ? "" : w.records().toString())
                    + (w.records() != null && w.parquet() != null ? ", " : "")
                    + (w.parquet() == null ? "" : w.parquet().toString());
            print.printf("%-10s %,12d %6d B %,16d  %s%n", w.table(), w.rows(), w.recordSize(), w.recordBytes(), files);
            rows += w.rows();
            bytes += w.recordBytes();
        }
        print.printf("generated TPC-H at scale factor %s: %,d rows, %,d bytes of records in %.2f s (%,.0f rows/s, "
                + "%.1f MB/s of records)%n", scale, rows, bytes, seconds, rows / seconds, bytes / seconds / 1e6);
    }
}
