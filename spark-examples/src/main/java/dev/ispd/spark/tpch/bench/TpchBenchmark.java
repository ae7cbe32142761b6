package dev.ispd.spark.tpch.bench;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.bench.JvmTimes;
import dev.ispd.examples.bench.Rounds;
import dev.ispd.examples.bench.RunOrder;
import dev.ispd.examples.bench.RoundsOptions;
import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.examples.tpch.TpchLayouts;
import dev.ispd.examples.worldcup.LoadProgress;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.parquet.RowGroupChunks;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.spark.read.execution.ExecutionEnds;
import dev.ispd.spark.tpch.TpchQueries;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The TPC-H benchmark (docs/tpch.md, "Benchmark"): generates the eight tables at a scale factor
 * into simulated drives in this JVM (typed records in osd://) and as Parquet on local disk, copies
 * the Parquet into osd://, then runs each chosen TPC-H query as Spark SQL over every chosen
 * {@link Source} in one local SparkSession: warm-up runs, then timed runs in rounds of {@link RunOrder}'s balanced order (wall clock of
 * {@code spark.sql} and collecting the answer), a fixed number or until the verdict settles
 * ({@link Rounds}: fastest's against the best static policy, each aim's against Parquet). Prints every run with the
 * collection and compilation time inside it and the load average, then per
 * query each source's median, the connector's speed over Parquet, {@code fastest} over the best
 * static policy, whether every answer equals the reference (Parquet on local disk), and the
 * connector's modeled time, energy and bytes moved (its scans' metrics, last run).
 */
@Command(name = "ispd tpch-bench", mixinStandardHelpOptions = true,
        description = "Times the 22 TPC-H queries as Spark SQL over the connector (device-only, fastest, host-only), "
                + "Parquet on local disk and on osd://, and plain Spark over the raw records, on in-JVM drives.")
public final class TpchBenchmark implements Callable<Integer> {
    /** How long the connector may take to fold a query's observations after its end. */
    private static final Duration END_HANDLED_WITHIN = Duration.ofSeconds(60);
    private static final String RECORDS = "osd:///tpch";
    private static final String PARQUET_OSD = "osd:///tpch-parquet";
    private static final String BLOCKED = "osd:///tpch-blocked";

    @Option(names = "--scale", description = "the TPC-H scale factor (default: ${DEFAULT-VALUE})")
    double scale = 1;

    @Option(names = "--queries", description = "the queries to run: numbers and ranges, e.g. 1,6,12-14 "
            + "(default: ${DEFAULT-VALUE})")
    String queries = "1-22";

    @Option(names = "--sources", split = ",", description = "the sources to run, of device-only, fastest, host-only, "
            + "device-only-blocked, parquet-local, parquet-osd, parquet-ispd, raw (default: all)")
    List<String> sources = Arrays.stream(Source.values()).map(Source::key).toList();

    @Mixin
    RoundsOptions timing = new RoundsOptions(5);

    @Option(names = "--warm-ups", description = "untimed runs per query and source before the timed ones "
            + "(default: ${DEFAULT-VALUE})")
    int warmUps = 1;

    @Option(names = "--fastest-warm-ups", description = "untimed runs of the connector's fastest, on the measured "
            + "cost basis, which learns from them (default: ${DEFAULT-VALUE})")
    int fastestWarmUps = 3;

    @Option(names = "--drives", description = "simulated drives (default: ${DEFAULT-VALUE})")
    int drives = 2;

    @Option(names = "--profile", description = "the drives' device profile (default: ${DEFAULT-VALUE})")
    String profile = "smartssd-2013";

    @Option(names = "--chunk-size", description = "the largest osd:// chunk, rounded down to whole records per table "
            + "(default: ${DEFAULT-VALUE})")
    long chunkSize = 64L << 20;

    @Option(names = "--parquet-chunk-size", description = "the osd:// chunk of the Parquet files, each holding one row "
            + "group of 7/8 of it: chunks go round robin over the drives, so a file of many chunks is spread evenly, "
            + "where one of few leaves a drive a chunk more than the others (default: ${DEFAULT-VALUE})")
    long parquetChunkSize = TpchGenerator.ParquetTarget.CHUNK_SIZE;

    @Option(names = "--block", description = "records to a block of the column-blocked copy of the record files "
            + "(source device-only-blocked); a block of the widest table must fit a chunk (default: " + TpchLayouts.DEFAULT_RECORDS_PER_BLOCK
            + ", or as many as fit a chunk if fewer)")
    Integer block;

    @Option(names = "--master", description = "the local Spark master (default: ${DEFAULT-VALUE})")
    String master = "local[*]";

    @Option(names = "--work", description = "where the drives' objects, the Parquet files and Spark's scratch go, "
            + "deleted at the end (default: the temporary directory)")
    Path work = Path.of(System.getProperty("java.io.tmpdir"));

    @Option(names = "--keep", description = "keep the drives' objects and the Parquet files in this directory, not "
            + "--work, and reuse them on a later run with the same --scale, --drives, --profile, --chunk-size, "
            + "--parquet-chunk-size and --block "
            + "instead of generating them again")
    Path keep;

    @Spec
    CommandSpec spec;

    private final PrintStream out;

    public TpchBenchmark() {
        this(System.out);
    }

    /** A benchmark printing its report to {@code out} (tests). */
    public TpchBenchmark(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        CommandLines.exit(new TpchBenchmark(), args);
    }

    @Override
    public Integer call() throws Exception {
        OptionChecks checks = OptionChecks.of(spec.commandLine()).atLeast("--warm-ups", warmUps, 0).atLeast("--fastest-warm-ups", fastestWarmUps, 0)
                .atLeast("--drives", drives, 1).atLeast("--chunk-size", chunkSize, 1)
                .atLeast("--parquet-chunk-size", parquetChunkSize, 1);
        Rounds rounds = timing.rounds(checks);
        int records = checks.valid("--block", block, this::blockRecords);
        checks.valid("--scale", scale, () -> new TpchGenerator(scale));
        List<Integer> numbers = checks.valid("--queries", queries, () -> queryNumbers(queries));
        List<Source> chosen = checks.valid("--sources", sources,
                () -> sources.stream().map(Source::of).distinct().sorted().toList());
        KeptData kept = keep == null ? null : checks.valid("--keep", keep, () -> KeptData.in(keep,
                "scale " + scale + ", " + drives + " " + profile + " drives, chunks of " + chunkSize + " bytes, "
                + "Parquet row groups in chunks of " + parquetChunkSize + " bytes, blocked copy of " + records + " records to a block"));
        Path dir = kept != null ? kept.dir() : Files.createTempDirectory(Files.createDirectories(work), "ispd-tpch-bench-");
        FileSystem.closeAll(); // osd:// clients cached in this JVM would name drives that are gone, not this run's
        try (EmbeddedDrives started = EmbeddedDrives.builder().drives(drives).profile(profile)
                .directory(dir.resolve("drives")).start()) {
            Configuration conf = WorldCupDrives.drives(new Configuration(), started.addresses());
            conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), chunkSize);
            Source.Locations at = locations(dir);
            if (kept != null && kept.complete()) {
                out.printf("%d simulated %s drives in this JVM; %d cores, load average %.2f; reusing the tables in %s%n",
                        drives, profile, Runtime.getRuntime().availableProcessors(), loadAverage(), dir);
            } else {
                load(conf, dir, records);
                if (kept != null) {
                    kept.markComplete();
                }
            }
            SparkSession spark = session(conf, dir);
            RunPlans plans = RunPlans.listening(spark);
            try {
                Map<Source, SourceTables> tables = new LinkedHashMap<>();
                chosen.forEach(source -> tables.put(source, new SourceTables(source.tables(spark, at))));
                BenchReport report = new BenchReport(out, chosen, rounds);
                out.printf("timed: %s per query%n", rounds.describe("rounds"));
                List<QueryRuns> results = new ArrayList<>();
                for (int n : numbers) {
                    results.add(query(spark, plans, n, tables, report));
                }
                boolean identical = report.print(results);
                out.printf("load average at the end %.2f%n", loadAverage());
                return identical ? ExitStatus.OK.code() : ExitStatus.ANSWERS_DIFFER.code();
            } finally {
                spark.stop();
            }
        } finally {
            FileSystem.closeAll();
            FileUtil.fullyDelete((kept != null ? dir.resolve("spark") : dir).toFile());
        }
    }

    /** The query numbers of {@code text}: numbers 1-22 and ranges {@code a-b}, comma-separated, in order, once each. */
    static List<Integer> queryNumbers(String text) {
        TreeSet<Integer> numbers = new TreeSet<>();
        for (String part : text.split(",")) {
            String[] range = part.trim().split("-", 2);
            try {
                int from = Integer.parseInt(range[0].trim());
                int to = range.length == 2 ? Integer.parseInt(range[1].trim()) : from;
                if (from < 1 || to > TpchQueries.COUNT || from > to) {
                    throw new IllegalArgumentException("TPC-H has queries 1 to " + TpchQueries.COUNT + ", not " + part);
                }
                IntStream.rangeClosed(from, to).forEach(numbers::add);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("give query numbers and ranges such as 1,6,12-14, not " + part);
            }
        }
        return List.copyOf(numbers);
    }

    /**
     * Records to a block of the column-blocked copy: --block, or {@link TpchLayouts#defaultRecordsPerBlock};
     * a --block below 1 or whose block of the widest table passes a chunk is refused.
     */
    private int blockRecords() {
        long fit = chunkSize / TpchLayouts.widestRecordSize();
        if (block == null) {
            return TpchLayouts.defaultRecordsPerBlock(chunkSize);
        }
        if (block < 1 || block > fit) {
            throw new IllegalArgumentException("a block holds 1 to " + fit + " records here: a block of the widest table ("
                    + TpchLayouts.widestRecordSize() + " B records) must fit a chunk (" + chunkSize + " bytes, --chunk-size)");
        }
        return block;
    }

    /** Where the data of a run in {@code dir} is: records and Parquet copy in osd://, Parquet under {@code dir}. */
    private static Source.Locations locations(Path dir) {
        return new Source.Locations(RECORDS, new org.apache.hadoop.fs.Path(dir.resolve("parquet").toUri()).toString(),
                PARQUET_OSD, BLOCKED);
    }

    /**
     * Generates the tables as records and as Parquet in osd:// (each row group in one chunk of
     * {@code --parquet-chunk-size}, as {@code bin/ispd tpch --parquet osd://... --chunk-size} writes
     * them), copies the Parquet to local disk, and
     * generates the records again column-blocked ({@code bin/ispd tpch --block}).
     */
    private void load(Configuration conf, Path dir, int block) throws IOException {
        FileSystem osd = FileSystem.get(URI.create(RECORDS), conf);
        org.apache.hadoop.fs.Path parquet = new org.apache.hadoop.fs.Path(locations(dir).parquetLocal());
        out.printf("%d simulated %s drives in this JVM; %d cores, max heap %.1f GB, load average %.2f%n", drives, profile,
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() / 1e9, loadAverage());
        long start = System.nanoTime();
        Configuration parquetConf = new Configuration(conf);
        parquetConf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), parquetChunkSize);
        List<TpchGenerator.Written> written;
        try (FileSystem parquetOsd = FileSystem.newInstance(URI.create(PARQUET_OSD), parquetConf)) {
            written = new TpchGenerator(scale).progress(LoadProgress.Mode.AUTO)
                    .write(new TpchGenerator.RecordTarget(osd, new org.apache.hadoop.fs.Path(RECORDS), chunkSize),
                            TpchGenerator.ParquetTarget.inChunks(parquetOsd, new org.apache.hadoop.fs.Path(PARQUET_OSD),
                                    parquetConf, parquetChunkSize));
        }
        long rows = written.stream().mapToLong(TpchGenerator.Written::rows).sum();
        long bytes = written.stream().mapToLong(TpchGenerator.Written::recordBytes).sum();
        out.printf("generated TPC-H at scale factor %s: %,d rows, %,d bytes of records in %s and Parquet in %s, "
                + "in %.1f s%n", scale, rows, bytes, RECORDS, PARQUET_OSD, (System.nanoTime() - start) / 1e9);
        int rowGroups = 0;
        int straddling = 0;
        RowGroupChunks lineitem = null;
        for (TpchGenerator.Written w : written) {
            RowGroupChunks chunks = RowGroupChunks.of(osd, osd.getFileStatus(w.parquet()));
            rowGroups += chunks.rowGroups();
            straddling += chunks.straddling();
            lineitem = w.table().equals("lineitem") ? chunks : lineitem;
        }
        out.printf("Parquet in %s: %d row groups, %d straddling a chunk boundary%n", PARQUET_OSD, rowGroups, straddling);
        if (lineitem != null) { // the drive holding the most is the Parquet scans' critical path
            out.printf("lineitem's Parquet rows per drive: %s (most over fewest %.2f)%n", lineitem.rowsByDrive().values()
                    .stream().map(r -> String.format("%,d", r)).collect(Collectors.joining(", ")), lineitem.driveImbalance());
        }
        start = System.nanoTime();
        new TpchGenerator(scale).write(new TpchGenerator.RecordTarget(osd, new org.apache.hadoop.fs.Path(BLOCKED), chunkSize,
                block), null);
        out.printf("the records again column-blocked, %d to a block, in %s in %.1f s%n", block, BLOCKED,
                (System.nanoTime() - start) / 1e9);
        start = System.nanoTime();
        FileSystem local = parquet.getFileSystem(conf);
        for (TpchGenerator.Written w : written) {
            FileUtil.copy(osd, w.parquet(), local, new org.apache.hadoop.fs.Path(parquet, w.parquet().getName()), false,
                    conf);
        }
        out.printf("copied the Parquet (%,d bytes) to %s in %.1f s%n", local.getContentSummary(parquet).getLength(),
                parquet, (System.nanoTime() - start) / 1e9);
    }

    /**
     * A local session over the drives, the same for every source: adaptive execution off (it
     * would hide the scans' metrics inside query stages) and one shuffle partition per core
     * (Spark's 200 would add hundreds of tiny tasks to every query on a few cores).
     */
    private SparkSession session(Configuration conf, Path dir) {
        SparkSession.Builder builder = SparkSession.builder().master(master).appName("ispd tpch-bench")
                .config("spark.ui.enabled", "false").config("spark.driver.host", "127.0.0.1")
                .config("spark.local.dir", dir.resolve("spark").toString())
                .config("spark.sql.adaptive.enabled", "false")
                .config("spark.sql.shuffle.partitions", Integer.toString(Runtime.getRuntime().availableProcessors()));
        for (Map.Entry<String, String> e : conf) {
            if (e.getKey().startsWith("ispd.")) {
                builder.config("spark.hadoop." + e.getKey(), e.getValue());
            }
        }
        SparkSession spark = builder.getOrCreate();
        out.printf("Spark %s, master %s%n", spark.version(), master);
        return spark;
    }

    /**
     * Query {@code n} over each source's tables: every source's warm-ups, then the timed runs in
     * rounds of one run per source, each round starting with the next source and every other round
     * in reverse ({@link #round}), so that no source always runs with the JIT, caches and heap
     * another left behind (run one after another, a source on the host ran with the JIT its
     * predecessor warmed: host-only after fastest's six host runs of TPC-H Q1 took 0.35 s to its
     * 0.44 s); as many rounds as {@code --runs} says ({@link Rounds#enough}: with auto, until the
     * report's verdict on fastest settles).
     */
    private QueryRuns query(SparkSession spark, RunPlans plans, int n, Map<Source, SourceTables> tables,
                            BenchReport report)
            throws InterruptedException, TimeoutException {
        String sql = TpchQueries.sql(n);
        List<Source> sources = List.copyOf(tables.keySet());
        Map<Source, QueryRuns.Runs> bySource = new LinkedHashMap<>();
        for (Source source : sources) {
            tables.get(source).register(spark, n);
            int warm = source.learns() ? fastestWarmUps : warmUps;
            for (int w = 0; w < warm; w++) {
                run(spark, plans, sql, source);
            }
            bySource.put(source, new QueryRuns.Runs());
        }
        QueryRuns runs = new QueryRuns(n, bySource);
        for (int r = 0; !report.rounds().enough(r, done -> report.settling(runs)); r++) {
            for (Source source : RunOrder.of(sources, r + 1)) {
                tables.get(source).register(spark, n);
                QueryRuns.Run one = run(spark, plans, sql, source);
                bySource.get(source).add(one);
                out.printf("  Q%-2d %-26s run %d %9.3f s, CPU %.2f s, %s (load average %.2f)%s%n", n, source.label(),
                        r + 1, one.seconds(), one.inside().cpuMs() / 1e3, one.inside(), loadAverage(),
                        source.connector() ? placed(one.metrics()) : "");
            }
        }
        return runs;
    }

    /** Where a connector run's partitions ran, summed over its scans: {@code , partitions on device 5, on host 0}. */
    private static String placed(Map<SplitMetric, Long> metrics) {
        return String.format(", partitions on device %d, on host %d", metrics.getOrDefault(SplitMetric.SPLITS_ON_DEVICE, 0L),
                metrics.getOrDefault(SplitMetric.SPLITS_ON_HOST, 0L));
    }

    /**
     * One run: the wall clock of planning and collecting the answer, and the JVM's collection and
     * compilation time within it; for the connector, once its end is handled.
     */
    private static QueryRuns.Run run(SparkSession spark, RunPlans plans, String sql, Source source)
            throws InterruptedException, TimeoutException {
        ExecutionEnds ends = ExecutionEnds.of(spark.sparkContext());
        plans.clear();
        JvmTimes before = JvmTimes.now();
        long start = System.nanoTime();
        Dataset<Row> df = spark.sql(sql);
        List<String> answer = TpchQueries.answer(df);
        double seconds = (System.nanoTime() - start) / 1e9;
        JvmTimes inside = JvmTimes.now().since(before);
        if (!source.connector()) {
            return new QueryRuns.Run(seconds, answer, Map.of(), inside);
        }
        // the next run plans with this one's observations folded in (fastest's measured basis learns from them)
        ends.awaitEnd(df.queryExecution().queryId(), END_HANDLED_WITHIN);
        return new QueryRuns.Run(seconds, answer, ScanTotals.of(plans.heard()), inside);
    }

    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
