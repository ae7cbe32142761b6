package dev.ispd.examples.reproduce;

import dev.ispd.examples.queries.Query;
import dev.ispd.examples.queries.QueryJobs;
import dev.ispd.examples.queries.QueryRun;
import dev.ispd.examples.queries.QuerySpec;
import dev.ispd.examples.queries.Variant;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The log-analysis runs behind Fig. 8, 9 and 10: for each entry size, write the dataset into the
 * osd:// file system on a fresh drive (the wr phase, priced by the drive's model, {@link DriveReplay}),
 * then run Q1 and Q2 in each version as a Hadoop job and price it from its counters ({@link CostModel}). The versions' answers must be identical. Results arrive in version order
 * host-normal, host-optimized, device; look them up with {@link Result#run}.
 */
final class QueryExperiments {
    /** Bytes per osd:// chunk (a split of the host versions, a piece the DeviceJob places): Hadoop 0.20's default block size. */
    static final long CHUNK_SIZE = 64L << 20;

    private QueryExperiments() {
    }

    /** The wr phase of one entry size: the bytes written and the drive's modeled time and energy for them. */
    record WritePhase(int entrySize, long bytes, long timeNs, long driveEnergyNj) {
    }

    /** One version of one query at one entry size. */
    record PricedRun(Query query, int entrySize, Variant version, VersionCost cost) {
    }

    record Result(List<WritePhase> writes, List<PricedRun> runs) {
        PricedRun run(Query query, int entrySize, Variant version) {
            return runs.stream().filter(r -> r.query() == query && r.entrySize() == entrySize && r.version() == version)
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("no run of " + query + " at "
                            + entrySize + " B as " + version.cliName()));
        }

        WritePhase write(int entrySize) {
            return writes.stream().filter(w -> w.entrySize() == entrySize).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("no dataset of " + entrySize + " B entries"));
        }
    }


    static Result run(Settings settings, CostModel costs, Path work, Consumer<String> progress)
            throws Exception {
        List<WritePhase> writes = new ArrayList<>();
        List<PricedRun> runs = new ArrayList<>();
        for (int entrySize : Settings.ENTRY_SIZES) {
            // A fresh drive per dataset, as the paper wrote each dataset before its runs; it also keeps
            // only one dataset on disk at a time.
            try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(1).profile(settings.deviceProfile()).start()) {
                runDataset(settings, entrySize, drives, costs, work, progress, writes, runs);
            }
        }
        return new Result(List.copyOf(writes), List.copyOf(runs));
    }

    private static void runDataset(Settings settings, int entrySize, EmbeddedDrives drives, CostModel costs,
                                   Path work, Consumer<String> progress,
                                   List<WritePhase> writes, List<PricedRun> runs) throws Exception {
        Configuration conf = WorldCupDrives.configuration(drives, CHUNK_SIZE, entrySize, settings.hostProfile());
        org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("osd:///reproduce/wc-" + entrySize + ".bin");
        // Hadoop caches one osd:// instance for all the jobs (its key ignores the configuration);
        // closing it drops it from the cache, so the next dataset's drive gets its own.
        try (FileSystem fs = FileSystem.get(URI.create("osd:///"), conf)) {
            progress.accept(String.format("writing %,d entries of %d B", settings.entries(), entrySize));
            long bytes = new WorldCupLoader(settings.seed(), settings.entries(), entrySize).load(fs, input);
            DriveReplay.Io wr = costs.write(bytes);
            writes.add(new WritePhase(entrySize, bytes, wr.timeNs(), wr.energyNj()));
            Map<Query, String> answers = new EnumMap<>(Query.class);
            for (Variant version : Variant.values()) {
                for (Query query : Settings.QUERIES) {
                    progress.accept(String.format("%s %s at %d B", query, version.cliName(), entrySize));
                    Path out = work.resolve(query + "-" + entrySize + "-" + version.cliName());
                    QuerySpec spec = query == Query.Q1 ? QuerySpec.q1(entrySize)
                            : QuerySpec.q2(entrySize, Settings.Q2_TOP_N);
                    QueryRun o = QueryJobs.run(conf, spec, version, input, out);
                    String earlier = answers.putIfAbsent(query, o.answer());
                    if (earlier != null && !earlier.equals(o.answer())) {
                        throw new IllegalStateException(query + " at " + entrySize + " B: " + version.cliName()
                                + " answered differently from " + Variant.HOST_NORMAL.cliName());
                    }
                    runs.add(new PricedRun(query, entrySize, version,
                            costs.cost(version, entrySize, o.counters())));
                }
            }
        }
    }
}
