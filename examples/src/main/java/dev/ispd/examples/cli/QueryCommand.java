package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.client.Drive;
import dev.ispd.examples.queries.InputGeometry;
import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.QueryJobs;
import dev.ispd.examples.queries.QueryRun;
import dev.ispd.examples.queries.QuerySpec;
import dev.ispd.examples.queries.Variant;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Layout;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormatCounter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Runs Q1, Q2 or the filter as host-normal, host-optimized or device job (or all three) and
 * prints the answer and, per variant, the wall time and the modeled host and device time and
 * energy. By default on simulated drives in this JVM with generated data; with --drives on
 * running drives, over an existing osd:// file with --input. With all three, says whether they
 * gave the same answer and exits 1 if not. With --sql, runs a SELECT instead ({@link SqlCommand}).
 * docs/queries.md.
 */
@Command(name = "ispd query", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs WorldCup98 Q1, Q2 or the filter as a stock Hadoop job (host-normal), with in-mapper "
                + "aggregation (host-optimized) or as a DeviceJob (device), and prints the answer with wall time "
                + "and modeled time and energy; or, with --sql, an ad-hoc SELECT over any layout as one DeviceJob "
                + "with a plan, printing its rows, placements and modeled costs.")
public final class QueryCommand implements Callable<Integer> {
    /** The entry size of generated data when --entry-size is not given. */
    static final int GENERATED_ENTRY_SIZE = 256;
    /** The policy of a --sql job when --policy is not given. */
    static final String SQL_POLICY = "fastest";

    @Option(names = "--query", description = "q1, q2 or filter (or --sql)")
    String query;

    @Option(names = "--sql", description = "an ad-hoc SELECT over the input, run as a declarative plan in one "
            + "DeviceJob (docs/queries.md, \"Ad-hoc SQL\"), instead of --query")
    String sql;

    @Option(names = "--explain", description = "with --sql: print where each split would run and why (each side's "
            + "predicted cost and the basis of the prediction) without running the job")
    boolean explain;

    @Option(names = "--layout", description = "--sql over --input: its layout, a name (worldcup98) or fields "
            + "('id u32 le @0, flags u8 @4 bits 0..2'), ending ', blocked R' for records the input stores "
            + "column-blocked; default: the layout the input records")
    String layout;

    @Option(names = "--layout-file", description = "--sql over --input: its layout as a JSON file")
    Path layoutFile;

    @Option(names = "--string-width", description = "--sql over a Parquet --input: the bytes a plan holds of each "
            + "string value, 1-65535 (default: 255); a longer value fails the query, naming it")
    Integer stringWidth;

    @Option(names = "--variant", description = "host-normal, host-optimized, device or all (default: ${DEFAULT-VALUE})")
    String variant = "all";

    @Option(names = "--top", description = "q2: types per region (default: 3)")
    Integer top;

    @Option(names = "--predicate", description = "filter: 'field op value [firstMatch|full]' (default: 'type eq 0')")
    String predicate;

    @Option(names = "--entries", description = "entries to generate (default: ${DEFAULT-VALUE})")
    long entries = 200_000;

    @Option(names = "--entry-size", description = "bytes per entry: 20, 32, 64, 128 or 256 (default: "
            + GENERATED_ENTRY_SIZE + " for generated data; with --input, the file's recorded layout, which it must match)")
    Integer entrySize;

    @Option(names = "--drives", arity = "1..*", split = ",", paramLabel = "ADDR",
            description = "running drives (address, or host=address) instead of simulated ones in this JVM; with "
                    + "--input and without --drives, the drives ispd.fs.drives names (-D, --conf-dir)")
    List<String> driveAddresses;

    @Option(names = "--input", description = "an existing osd:// file of entries on --drives (default: generate one)")
    String input;

    @Option(names = "--drive-count", description = "simulated drives (default: ${DEFAULT-VALUE})")
    int driveCount = 1;

    @Mixin
    ProfileOptions profiles = new ProfileOptions();

    @Option(names = "--chunk-size", description = "bytes per osd:// chunk of generated data, rounded "
            + "down to whole entries and pages (default: ${DEFAULT-VALUE})")
    long chunkSize = 8L << 20;

    @Option(names = "--policy", description = "device variant's offload policy (default: " + QueryJobs.DEFAULT_DEVICE_POLICY
            + "; with --sql: " + SQL_POLICY + ")")
    String policy;

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    @Option(names = "--max-lines", description = "answer lines to print, 0 for all (default: ${DEFAULT-VALUE})")
    int maxLines = 40;

    @Mixin
    HadoopConfOptions hadoop;

    @Spec
    CommandSpec commandSpec;

    private final PrintStream out = System.out;
    /** The Hadoop configuration of --conf-dir and -D, read when the command starts. */
    Configuration base = new Configuration();

    public static void main(String[] args) {
        CommandLines.exit(new QueryCommand(), args);
    }

    @Override
    public Integer call() throws Exception {
        base = hadoop.configuration();
        checkOptions();
        if (sql != null) {
            return new SqlCommand(this).call();
        }
        QuerySpec spec = spec(entrySize == null ? GENERATED_ENTRY_SIZE : entrySize);
        List<Variant> variants = variants();
        Path work = Files.createTempDirectory("ispd-query-");
        try {
            if (runningDrives()) {
                return run(spec, variants, externalConfiguration(spec.entrySize()), work);
            }
            try (EmbeddedDrives started = EmbeddedDrives.builder().drives(driveCount).profile(profiles.profile()).start()) {
                out.printf("%d simulated %s drive(s)%n", driveCount, profiles.profile());
                int size = spec.entrySize();
                Configuration conf = WorldCupDrives.configuration(base, started, wholePageChunk(started.address(0),
                        size), size, profiles.hostProfile());
                return run(spec, variants, conf, work);
            }
        } finally {
            FileSystem.closeAll(); // cached osd:// clients hold connections to the drives
            FileUtils.deleteDirectory(work.toFile());
        }
    }

    private int run(QuerySpec spec, List<Variant> variants, Configuration conf, Path work) throws Exception {
        localRunner(conf, work);
        if (policy != null) {
            conf.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        }
        org.apache.hadoop.fs.Path file = input != null ? new org.apache.hadoop.fs.Path(input) : load(conf, spec.entrySize());
        if (input != null) {
            spec = spec(entrySizeOf(file, conf));
        }
        List<QueryRun> runs = new ArrayList<>();
        for (Variant v : variants) {
            runs.add(QueryJobs.run(conf, spec, v, file, work.resolve(v.cliName())));
        }
        boolean identical = runs.stream().map(QueryRun::answer).distinct().count() == 1;
        if (identical) {
            printAnswer(spec, runs.get(0).answer());
        } else {
            for (QueryRun r : runs) {
                out.printf("%nanswer of %s:%n", r.variant().cliName());
                printAnswer(spec, r.answer());
            }
        }
        printCosts(runs);
        if (runs.size() > 1) {
            out.println(identical ? "the " + runs.size() + " variants gave identical answers"
                    : "ERROR: the variants gave different answers");
        }
        return identical ? 0 : 1;
    }

    /** Jobs of {@code conf} run in Hadoop's local runner with its files under {@code work}. */
    static void localRunner(Configuration conf, Path work) {
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
    }

    /**
     * The entry size of the --input file (or directory of files): its recorded layout, which
     * --entry-size must match, or --entry-size.
     */
    private int entrySizeOf(org.apache.hadoop.fs.Path file, Configuration conf) throws Exception {
        FileSystem fs = file.getFileSystem(conf);
        if (entrySize == null && fs.getFileStatus(file).isFile() && LayoutAttribute.read(fs, file).isEmpty()) {
            throw usage("--input " + input + " records no layout: give its entry size with --entry-size");
        }
        try {
            return LayoutAttribute.worldCup98EntrySize(fs, file, entrySize);
        } catch (IllegalArgumentException e) {
            throw usage("--input " + input + ": " + e.getMessage());
        }
    }

    private QuerySpec spec(int entrySize) {
        Query q = Arrays.stream(Query.values()).filter(x -> x.cliName().equals(query)).findFirst()
                .orElseThrow(() -> usage("--query must be q1, q2 or filter, got '" + query + "'"));
        if (top != null && q != Query.Q2) {
            throw usage("--top is for q2 only");
        }
        if (predicate != null && q != Query.FILTER) {
            throw usage("--predicate is for filter only");
        }
        try {
            return switch (q) {
                case Q1 -> QuerySpec.q1(entrySize);
                case Q2 -> QuerySpec.q2(entrySize, top == null ? 3 : top);
                case FILTER -> QuerySpec.filter(entrySize, predicate == null ? "type eq 0" : predicate);
            };
        } catch (IllegalArgumentException e) {
            throw usage((q == Query.FILTER ? "--predicate: " : "--top: ") + e.getMessage());
        }
    }

    private List<Variant> variants() {
        if (variant.equals("all")) {
            return List.of(Variant.values());
        }
        try {
            return List.of(Variant.fromCliName(variant));
        } catch (IllegalArgumentException e) {
            throw usage("--variant must be host-normal, host-optimized, device or all, got '" + variant + "'");
        }
    }

    /** The numeric and named options, before any drive starts or data is written. */
    private void checkOptions() {
        OptionChecks checks = OptionChecks.of(commandSpec.commandLine());
        if (entrySize != null) {
            checks.oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES);
        }
        checks.atLeast("--chunk-size", chunkSize, entrySize == null ? GENERATED_ENTRY_SIZE : entrySize)
                .atLeast("--max-lines", maxLines, 0);
        OffloadOptions.check(checks, policy, profiles.hostProfile());
        if (input != null && !runningDrives()) {
            throw checks.usage("--input names a file on running drives: give them with --drives (or "
                    + IspdKeys.FS_DRIVES.name() + " with -D or --conf-dir)");
        }
        if (!runningDrives()) {
            checks.atLeast("--entries", entries, 1).atLeast("--drive-count", driveCount, 1)
                    .oneOf("--profile", profiles.profile(), Profiles.deviceNames());
        }
        if (sql == null) {
            if (query == null) {
                throw checks.usage("--query or --sql is required");
            }
            for (String option : List.of("--layout", "--layout-file", "--explain", "--string-width")) {
                if (given(option)) {
                    throw checks.usage(option + " is for --sql");
                }
            }
        } else {
            for (String option : List.of("--query", "--variant", "--top", "--predicate")) {
                if (given(option)) {
                    throw checks.usage(option + " is for --query; --sql runs its statement as one DeviceJob");
                }
            }
            if ((layout != null || layoutFile != null) && input == null) {
                throw checks.usage((layout != null ? "--layout" : "--layout-file") + " describes an --input; "
                        + "generated data is " + Layout.WORLDCUP98);
            }
            if (stringWidth != null && (input == null || layout != null || layoutFile != null)) {
                throw checks.usage("--string-width is for a Parquet --input, whose layout its footer gives");
            }
            if (layout != null && layoutFile != null) {
                throw checks.usage("--layout and --layout-file both give a layout: give one");
            }
            if (layoutFile != null) {
                checks.require(Files.isRegularFile(layoutFile) && Files.isReadable(layoutFile), "--layout-file",
                        layoutFile.toString(), "a readable JSON file");
            }
        }
    }

    /**
     * Whether the job runs on running drives: --drives, or an --input on the drives the
     * configuration names; else on simulated drives in this JVM.
     */
    boolean runningDrives() {
        return driveAddresses != null || input != null && !base.getTrimmed(IspdKeys.FS_DRIVES.name(), "").isEmpty();
    }

    private boolean given(String option) {
        return commandSpec.commandLine().getParseResult().hasMatchedOption(option);
    }

    /**
     * osd:// over the running drives of --drives (else those the configuration names), with the
     * configuration's settings; without --input, the chunk size of the data this command loads
     * (from the first drive's page size: only then is a drive asked before the job's planning).
     */
    Configuration externalConfiguration(int entrySize) throws Exception {
        Configuration conf = WorldCupDrives.drives(base, driveAddresses == null ? List.of() : driveAddresses);
        if (input == null) {
            String first = conf.getTrimmedStrings(IspdKeys.FS_DRIVES.name())[0];
            conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), wholePageChunk(first.substring(first.indexOf('=') + 1),
                    entrySize));
        }
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), entrySize);
        conf.set(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), profiles.hostProfile());
        return conf;
    }

    /** --chunk-size rounded down to whole entries and whole pages of the drive at {@code address}. */
    long wholePageChunk(String address, int entrySize) throws Exception {
        try (Drive drive = Drive.connect(address)) {
            return InputGeometry.wholePageChunkSize(chunkSize, entrySize, drive.deviceInfo().pageSize());
        }
    }

    org.apache.hadoop.fs.Path load(Configuration conf, int entrySize) throws Exception {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("osd:///worldcup/query-" + entrySize + ".bin");
        long start = System.nanoTime();
        long bytes = new WorldCupLoader(seed, entries, entrySize).load(FileSystem.get(URI.create("osd:///"), conf), file);
        out.printf("wrote %,d generated entries of %d B (%.1f MB) to %s in %.2f s%n", entries, entrySize, bytes / 1e6,
                file, (System.nanoTime() - start) / 1e9);
        return file;
    }

    private void printAnswer(QuerySpec spec, String answer) {
        List<String> lines = answer.lines().toList();
        out.printf("%n%s: %s%n", spec, switch (spec.query()) {
            case Q1 -> "accesses per region";
            case Q2 -> "the top " + spec.topN() + " file types per region";
            case FILTER -> lines.size() + " page(s) holding a match, by file offset";
        });
        int shown = maxLines == 0 ? lines.size() : Math.min(maxLines, lines.size());
        lines.subList(0, shown).forEach(l -> out.println("  " + l));
        if (shown < lines.size()) {
            out.printf("  ... %,d more line(s) (--max-lines 0 prints all)%n", lines.size() - shown);
        }
    }

    private void printCosts(List<QueryRun> runs) {
        out.printf("%n%-15s %8s %12s %10s %10s %10s %10s %10s%n", "variant", "wall s", "map out rec", "MB to host",
                "host s", "host J", "device s", "device J");
        for (QueryRun r : runs) {
            Counters c = r.counters();
            boolean stock = r.variant() == Variant.HOST_NORMAL;
            long toHost = stock ? c.findCounter(FileInputFormatCounter.BYTES_READ).getValue()
                    : c.findCounter(IspdCounter.BYTES_MOVED_TO_HOST).getValue();
            out.printf("%-15s %8.2f %,12d %10.1f %10s %10s %10s %10s%n", r.variant().cliName(), r.wallNs() / 1e9,
                    c.findCounter(TaskCounter.MAP_OUTPUT_RECORDS).getValue(), toHost / 1e6,
                    stock ? "-" : seconds(c.findCounter(IspdCounter.MODELED_HOST_NS).getValue()),
                    stock ? "-" : joules(c.findCounter(IspdCounter.MODELED_HOST_ENERGY_NJ).getValue()),
                    seconds(c.findCounter(IspdCounter.MODELED_DEVICE_NS).getValue()),
                    joules(c.findCounter(IspdCounter.MODELED_DEVICE_ENERGY_NJ).getValue()));
        }
        if (runs.stream().anyMatch(r -> r.variant() == Variant.HOST_NORMAL)) {
            out.println("host-normal is stock Hadoop and meters nothing itself: `ispd reproduce` prices it from its task "
                    + "counters (docs/queries.md)");
        }
        out.println("host and device figures are modeled (host profile " + profiles.hostProfile() + "), summed over splits; "
                + "host energy is what the run adds to an idle host");
    }

    private static String seconds(long ns) {
        return String.format(Locale.ROOT, "%.4f", ns / 1e9);
    }

    private static String joules(long nj) {
        return String.format(Locale.ROOT, "%.4f", nj / 1e9);
    }

    CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(commandSpec.commandLine(), message);
    }
}
