package dev.ispd.examples.reproduce;

import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The log-analysis runs behind Fig. 8, 9 and 10: for each entry size, write the dataset into the
 * osd:// file system on the drive (the wr phase, timed by the drive's DEVICE_LOG), then run Q1 and
 * Q2 in each version as a Hadoop job, with a DEVICE_LOG snapshot around each, and price it
 * ({@link CostModel}). The versions' answers must be identical.
 */
final class QueryExperiments {
    /** Bytes per osd:// chunk, one split each: Hadoop 0.20's default block size. */
    static final long CHUNK_SIZE = 64L << 20;

    private QueryExperiments() {
    }

    /** The wr phase of one entry size: the bytes written and the drive's modeled time and energy for them. */
    record WritePhase(int entrySize, long bytes, long timeNs, long driveEnergyNj) {
    }

    /** One version of one query at one entry size. */
    record QueryRun(LogQuery query, int entrySize, Version version, VersionCost cost) {
    }

    record Result(List<WritePhase> writes, List<QueryRun> runs) {
        QueryRun run(LogQuery query, int entrySize, Version version) {
            return runs.stream().filter(r -> r.query() == query && r.entrySize() == entrySize && r.version() == version)
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("no run of " + query + " at "
                            + entrySize + " B as " + version.label()));
        }

        WritePhase write(int entrySize) {
            return writes.stream().filter(w -> w.entrySize() == entrySize).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("no dataset of " + entrySize + " B entries"));
        }
    }

    static Result run(Settings settings, EmbeddedDrives drives, CostModel costs, QueryVersionJobs jobs, Path work,
                      Consumer<String> progress) throws Exception {
        List<WritePhase> writes = new ArrayList<>();
        List<QueryRun> runs = new ArrayList<>();
        try (Drive log = Drive.connect(drives.address(0))) {
            for (int entrySize : Settings.ENTRY_SIZES) {
                Configuration conf = WorldCupDrives.configuration(drives, CHUNK_SIZE, entrySize, settings.hostProfile());
                FileSystem fs = FileSystem.get(URI.create("osd:///"), conf);
                org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("osd:///reproduce/wc-" + entrySize + ".bin");
                progress.accept(String.format("writing %,d entries of %d B", settings.entries(), entrySize));
                DeviceLog before = log.deviceLog();
                long bytes = new WorldCupLoader(settings.seed(), settings.entries(), entrySize).load(fs, input);
                DeviceLog after = log.deviceLog();
                writes.add(new WritePhase(entrySize, bytes, after.modeledNowNs() - before.modeledNowNs(),
                        after.energyNj() - before.energyNj()));
                for (LogQuery query : LogQuery.values()) {
                    String answer = null;
                    for (Version version : Version.values()) {
                        progress.accept(String.format("%s %s at %d B", query, version.label(), entrySize));
                        Path out = work.resolve(query + "-" + entrySize + "-" + version.label());
                        DeviceLog start = log.deviceLog();
                        QueryVersionJobs.Outcome o = jobs.run(conf, query, entrySize, version, input, out);
                        DeviceLog end = log.deviceLog();
                        if (answer != null && !answer.equals(o.answer())) {
                            throw new IllegalStateException(query + " at " + entrySize + " B: " + version.label()
                                    + " answered differently from the other versions");
                        }
                        answer = o.answer();
                        runs.add(new QueryRun(query, entrySize, version, costs.cost(version, entrySize, o.counters(),
                                start, end)));
                    }
                }
                if (!fs.delete(input, false)) {
                    throw new IOException("could not delete " + input + " after its runs");
                }
            }
        }
        return new Result(List.copyOf(writes), List.copyOf(runs));
    }
}
