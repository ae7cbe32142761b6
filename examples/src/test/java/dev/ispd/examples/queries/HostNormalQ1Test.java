package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.bench.Q1Jobs;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stock Hadoop Q1 job over osd:// on real in-JVM drives: its answer is a plain count of the
 * generated entries, and the DeviceJob (device-only and the default policy) gives the same bytes.
 * 20,000 entries of 256 B in 1 MiB chunks over two drives: five splits per job.
 */
class HostNormalQ1Test {
    private static final long SEED = 42;
    private static final int ENTRIES = 20_000;
    private static final int ENTRY_SIZE = 256;
    private static final org.apache.hadoop.fs.Path INPUT = new org.apache.hadoop.fs.Path("osd:///wc/q1.bin");

    @TempDir
    static Path work;
    private static EmbeddedDrives drives;
    private static Configuration conf;
    private static Q1Jobs.TimedRun stock;

    @BeforeAll
    static void load() throws Exception {
        drives = EmbeddedDrives.builder().drives(2).directory(work.resolve("drives")).start();
        conf = new Configuration();
        conf.set(IspdKeys.FS_DRIVES.name(), "localhost=" + drives.address(0) + ",localhost=" + drives.address(1));
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), 1 << 20);
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), ENTRY_SIZE);
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        conf.setInt("mapreduce.client.completion.pollinterval", 50);
        new WorldCupLoader(SEED, ENTRIES, ENTRY_SIZE).load(FileSystem.get(URI.create("osd:///"), conf), INPUT);
        Path out = work.resolve("stock");
        stock = Q1Jobs.run("stock", Q1Jobs.plain(HostNormalQ1.newJob(conf, ENTRY_SIZE, INPUT, new org.apache.hadoop.fs.Path(out.toUri()))),
                out);
    }

    @AfterAll
    static void stop() throws Exception {
        FileSystem.closeAll(); // cached osd:// clients hold connections to these drives
        drives.close();
    }

    @Test
    void stockJobCountsEveryEntryByRegion() throws Exception {
        assertEquals(expectedCounts(), parse(stock.output()));
        assertEquals(ENTRIES, stock.counters().findCounter(TaskCounter.MAP_INPUT_RECORDS).getValue());
        assertTrue(stock.output().startsWith("Herndon\t"), stock.output()); // Text keys sort by bytes
    }

    @Test
    void deviceJobGivesTheStockJobsOutput() throws Exception {
        for (String policy : new String[] {"device-only", OffloadKeys.OFFLOAD_POLICY.defaultValue()}) {
            Path out = work.resolve("device-" + policy);
            Q1Jobs.TimedRun device = Q1Jobs.run(policy, Q1Jobs.device(conf, Query.Q1, policy, INPUT, out), out);
            assertEquals(stock.output(), device.output(), "policy " + policy);
            if (policy.equals("device-only")) {
                assertEquals(ENTRIES * (long) ENTRY_SIZE, device.counters().findCounter(IspdCounter.BYTES_READ_IN_DRIVES).getValue());
            }
        }
    }

    @Test
    void namesEveryRegionOfTheServerByteIncludingTheHighOnes() throws Exception {
        int entrySize = 32;
        ByteBuffer entries = ByteBuffer.allocate(36 * entrySize); // region r appears r + 1 times
        Map<String, Long> expected = new TreeMap<>();
        for (int region = 0, at = 0; region < WorldCup98.REGIONS; region++) {
            for (int i = 0; i <= region; i++, at += entrySize) {
                entries.put(at + WorldCup98.SERVER_OFFSET, (byte) WorldCup98.server(region, 31));
            }
            expected.put(WorldCup98.regionName(region), region + 1L);
        }
        Path file = Files.write(work.resolve("all-regions.bin"), entries.array());
        Path out = work.resolve("all-regions");
        Q1Jobs.TimedRun run = Q1Jobs.run("all regions", Q1Jobs.plain(HostNormalQ1.newJob(conf, entrySize,
                new org.apache.hadoop.fs.Path(file.toUri()), new org.apache.hadoop.fs.Path(out.toUri()))), out);
        assertEquals(expected, parse(run.output()));
    }

    @Test
    void refusesAnEntrySizeWorldCup98DoesNotHave() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostNormalQ1.newJob(conf, 100, INPUT, new org.apache.hadoop.fs.Path(work.resolve("x").toUri())));
        assertTrue(e.getMessage().contains("100"), e.getMessage());
    }

    /** Accesses per region name, counted straight from the generator's bytes. */
    private static Map<String, Long> expectedCounts() {
        ByteBuffer entries = ByteBuffer.allocate(ENTRIES * ENTRY_SIZE);
        WorldCupGenerator.withDefaults(SEED, ENTRIES).fill(entries, ENTRIES, ENTRY_SIZE);
        Map<String, Long> counts = new TreeMap<>();
        for (int at = 0; at < entries.capacity(); at += ENTRY_SIZE) {
            counts.merge(WorldCup98.regionName(WorldCup98.region(WorldCup98.server(entries, at))), 1L, Long::sum);
        }
        return counts;
    }

    private static Map<String, Long> parse(String output) {
        Map<String, Long> counts = new TreeMap<>();
        output.lines().map(line -> line.split("\t")).forEach(kv -> counts.put(kv[0], Long.parseLong(kv[1])));
        return counts;
    }
}
