package dev.ispd.spark.quickstart;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.cli.QuickstartOptions;
import dev.ispd.examples.cli.WorkloadOptions;
import dev.ispd.examples.report.ModeledCostTable;
import dev.ispd.examples.report.SplitPlacements;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.PrintStream;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The embedded default of the Spark connector: starts simulated drives in this JVM, writes
 * generated WorldCup98 data into osd:// on them, and runs Q1 and Q2 as Spark SQL over
 * {@code spark.read.format("ispd")} in a local Spark, with the chosen offload policy and then
 * host-only for comparison; prints the answers, what the scan pushed (as EXPLAIN shows it), where
 * each partition ran and why, and the modeled time, energy and bytes moved (the scan's metrics).
 */
@Command(name = "ispd spark-quickstart", mixinStandardHelpOptions = true,
        description = "Runs WorldCup98 Q1 and Q2 as Spark SQL through the ispd connector on in-JVM simulated drives "
                + "and prints the answers, what was pushed, each partition's placement and the modeled costs.")
public final class SparkQuickstart implements Callable<Integer> {
    /** A local Spark master: the in-JVM drives are reachable from this JVM only. */
    private static final String LOCAL_MASTER = "local(\\[(\\*|[1-9][0-9]*)])?";
    private static final String HOST_ONLY = "host-only";

    @Mixin
    QuickstartOptions options = new QuickstartOptions();

    @Option(names = "--top", description = "Q2's N: the file types listed per region, 1 to 256 (default: ${DEFAULT-VALUE})")
    int top = 3;

    /**
     * Every core by default: a device partition's modeled cost is its drive's service time (docs/model.md,
     * "Service time"), which does not depend on how the partitions running beside it interleave with it.
     */
    @Option(names = "--master", description = "the local Spark master: local, local[N] or local[*]; the modeled "
            + "figures are the same with any (default: ${DEFAULT-VALUE})")
    String master = "local[*]";

    @Spec
    CommandSpec spec;

    private final PrintStream out;

    public SparkQuickstart() {
        this(System.out);
    }

    /** A quickstart printing its report to {@code out} (tests). */
    public SparkQuickstart(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        CommandLines.exit(new SparkQuickstart(), args);
    }

    @Override
    public Integer call() throws Exception {
        options.check(spec.commandLine()).require(top >= 1 && top <= 256, "--top", top, "1 to 256")
                .require(master.matches(LOCAL_MASTER), "--master", master, "local, local[N] or local[*]");
        WorkloadOptions workload = options.workload();
        int entrySize = workload.entrySize();
        String policy = options.policy();
        try (EmbeddedDrives started = options.startDrives()) {
            Configuration conf = options.configuration(started);
            out.printf("%d simulated %s drive(s): %s%n", workload.drives(), workload.profile(), started.addresses());
            String input = "osd:///worldcup/wc-" + entrySize + ".bin";
            long loadStart = System.nanoTime();
            long bytes = new WorldCupLoader(workload.seed(), workload.entries(), entrySize)
                    .load(FileSystem.get(URI.create("osd:///"), conf), new Path(input));
            out.printf("wrote %,d generated WorldCup98 entries of %d B (%.1f MB) to %s in %.2f s%n", bytes / entrySize,
                    entrySize, bytes / 1e6, input, (System.nanoTime() - loadStart) / 1e9);
            SparkSession spark = session(conf);
            try {
                out.printf("Spark %s, master %s: each query through spark.read.format(\"ispd\") with policy %s, then %s%n",
                        spark.version(), master, policy, HOST_ONLY);
                boolean identical = true;
                for (WorldCupSql query : List.of(WorldCupSql.q1(), WorldCupSql.q2(top))) {
                    identical &= report(query, policy, run(spark, input, query, policy),
                            run(spark, input, query, HOST_ONLY));
                }
                if (!identical) {
                    out.println("ERROR: the " + policy + " and " + HOST_ONLY + " runs gave different answers");
                    return ExitStatus.ANSWERS_DIFFER.code();
                }
                out.println("\nthe " + policy + " and " + HOST_ONLY + " runs gave identical answers");
                return ExitStatus.OK.code();
            } finally {
                spark.stop();
            }
        }
    }

    /** A local session whose Hadoop configuration names the drives, the chunk size and the host profile. */
    private SparkSession session(Configuration conf) {
        SparkSession.Builder builder = SparkSession.builder().master(master).appName("ispd spark-quickstart")
                .config("spark.ui.enabled", "false")
                // a machine's host name need not resolve; local mode talks to itself
                .config("spark.driver.host", "127.0.0.1")
                // adaptive execution would hide the scan node, and its metrics, inside query stages (ScanRun)
                .config("spark.sql.adaptive.enabled", "false")
                // a few groups to merge: not Spark's default of 200 shuffle partitions
                .config("spark.sql.shuffle.partitions", "4");
        for (Map.Entry<String, String> e : conf) {
            if (e.getKey().startsWith("ispd.")) {
                builder.config("spark.hadoop." + e.getKey(), e.getValue());
            }
        }
        return builder.getOrCreate();
    }

    private static ScanRun run(SparkSession spark, String input, WorldCupSql query, String runPolicy)
            throws InterruptedException, TimeoutException {
        spark.read().format("ispd").option(OffloadKeys.OFFLOAD_POLICY.name(), runPolicy).load(input)
                .createOrReplaceTempView(WorldCupSql.VIEW);
        return ScanRun.of(spark.sql(query.sql()));
    }

    /** Prints the query's answer, pushdown, placements and costs; true if both runs gave the same answer. */
    private boolean report(WorldCupSql query, String policy, ScanRun chosen, ScanRun hostOnly) {
        out.printf("%n%s%n  %s%n", query.title(), query.sql());
        chosen.rows().forEach(r -> out.println(query.line().apply(r)));

        List<String> described = chosen.described();
        out.printf("%npushed into the scan, as EXPLAIN shows it (%s)%n", described.get(0));
        described.subList(1, described.size()).forEach(item -> out.println("  " + item));

        out.printf("%nwhere each partition ran (policy %s): predicted host vs device cost%n", policy);
        SplitPlacements.print(out, chosen.decisions());

        WorkloadOptions workload = options.workload();
        out.printf("%nmodeled cost, summed over partitions (%s drives, %s host)%n", workload.profile(),
                workload.hostProfile());
        Map<String, Map<SplitMetric, Long>> rows = new LinkedHashMap<>();
        rows.put(policy, chosen.metrics());
        rows.put(HOST_ONLY, hostOnly.metrics());
        ModeledCostTable.print(out, rows);
        return chosen.rows().equals(hostOnly.rows());
    }
}
