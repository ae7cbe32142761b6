package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.offload.HadoopFiles;
import dev.ispd.hadoop.worldcup.FilterFormat;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.Q2Format;
import dev.ispd.offload.execute.DrivePool;
import dev.ispd.offload.execute.SplitExecutor;
import dev.ispd.offload.plan.DriveGeometry;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPiece;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.protocol.Params;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One split run by the offload core's executor on a real in-JVM drive (through the native
 * library) and on the host (through a Hadoop FileSystem holding the same bytes), with straddling
 * records and fallbacks, turned into key/values by the built-in formats and counted in
 * {@link IspdCounter}s as a DeviceJob's task does.
 */
class SplitExecutorTest {
    private static final int ENTRY = 20;
    private static final int ENTRIES = 40_000;
    /** Chunk A holds the first CHUNK bytes of the file, chunk B the rest: not a multiple of 20. */
    private static final int CHUNK = 400_010;

    @TempDir
    static java.nio.file.Path dir;

    private static byte[] data;
    private static EmbeddedDrives drives;
    private static DriveSet driveSet;
    private static long objectA;
    private static long objectB;
    private static Path file;

    private final Map<IspdCounter, Long> counters = new EnumMap<>(IspdCounter.class);

    @BeforeAll
    static void start() throws IOException {
        data = WorldCupSamples.generate(42, ENTRIES, ENTRY);
        drives = EmbeddedDrives.start(1);
        driveSet = DriveSet.parse("localhost=" + drives.address(0));
        try (Drive d = driveSet.open(0)) {
            objectA = d.createObject();
            d.write(objectA, 0, data, 0, CHUNK);
            objectB = d.createObject();
            d.write(objectB, 0, data, CHUNK, data.length - CHUNK);
        }
        java.nio.file.Path local = dir.resolve("wc.bin");
        Files.write(local, data);
        file = new Path(local.toUri());
    }

    @AfterAll
    static void stop() throws IOException {
        driveSet.close();
        drives.close();
    }

    /** The split of the records starting in chunk A: all but the straddling record are inside A. */
    private static PlannedSplit firstSplit(Placement placement, long objectA) {
        return split(0, CHUNK + 10, placement,
                List.of(new ChunkExtent(0, objectA, 0, CHUNK, 0), new ChunkExtent(0, objectB, 0, 10, CHUNK)));
    }

    private static PlannedSplit secondSplit(Placement placement) {
        return split(CHUNK + 10, data.length - CHUNK - 10, placement,
                List.of(new ChunkExtent(0, objectB, 10, data.length - CHUNK - 10, CHUNK + 10)));
    }

    /** A split with the smartssd-2013 profile's geometry (8 KiB pages, 128 per batch, SATA 2 link). */
    private static PlannedSplit split(long start, long length, Placement placement, List<ChunkExtent> extents) {
        return new PlannedSplit(file.toString(), List.of(new SplitPiece(start, length, 0, extents)), ENTRY, 0,
                new DriveGeometry(drives.address(0), "node1", 8192, 128, 300_000_000L, 215_000),
                new Decision(7, 0, placement, new Cost(1000, 2000), new Cost(300, 400), "fastest", "test",
                        new Baseline(new Cost(900, 1500), new Cost(200, 300), new Cost(250, 350))), 0);
    }

    /** The key/values the job's format makes of a split's results, handed to {@code out}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <K, V> void run(Format<K, V> executor, PlannedSplit split, KeyValueSink<K, V> out)
            throws IOException {
        executor.executor.run(split, (result, origin) -> ((DeviceMapperFormat) executor.format).convert(result, origin,
                out));
    }

    private Map<String, Long> run(Format<Text, LongWritable> executor, PlannedSplit... splits) throws IOException {
        Map<String, Long> sums = new TreeMap<>();
        for (PlannedSplit s : splits) {
            run(executor, s, (k, v) -> sums.merge(k.toString(), v.get(), Long::sum));
        }
        return sums;
    }

    /** An executor and the format that turns its results into key/values. */
    private record Format<K, V>(SplitExecutor executor, DeviceMapperFormat<?, ?> format) {
    }

    private <K, V> Format<K, V> executor(String tasklet, DeviceMapperFormat<?, ?> format, Duration timeout) {
        return executor(tasklet, Params.of("entrySize", Integer.toString(ENTRY)), format, timeout);
    }

    private <K, V> Format<K, V> executor(String tasklet, Params params, DeviceMapperFormat<?, ?> format,
                                         Duration timeout) {
        // no straggler race: the splits' predictions are made up, and on a loaded machine a run past
        // the race's floor would have the host answer where these tests count device runs and fallbacks
        OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), "host-i5-2500",
                OffloadKeys.DEVICE_TIMEOUT_MS.name(), Long.toString(timeout.toMillis()),
                OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), "0"));
        return new Format<>(SplitExecutor.create(settings, new TaskletSpec(tasklet, params, "test"), "test-job",
                new DrivePool(Drive::connect), new HadoopFiles(new Configuration()),
                (m, n) -> counters.merge(IspdCounter.of(m), n, Long::sum), Optional.empty(), () -> false), format);
    }

    private long counter(IspdCounter c) {
        return counters.getOrDefault(c, 0L);
    }

    @Test
    void deviceAndHostGiveTheSameKeyValuesAsAPlainCount() throws IOException {
        Format<Text, LongWritable> q1 = executor("q1", new Q1Format(), Duration.ofMinutes(1));
        Map<String, Long> onDevice = run(q1, firstSplit(Placement.DEVICE, objectA), secondSplit(Placement.DEVICE));
        assertEquals(WorldCupSamples.q1(data, ENTRY), onDevice);
        assertEquals(2, counter(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(1, counter(IspdCounter.STRADDLING_RECORDS), "the record cut by the chunk boundary");
        assertEquals(data.length - ENTRY, counter(IspdCounter.BYTES_READ_IN_DRIVES));
        assertEquals(ENTRY, counter(IspdCounter.BYTES_MOVED_TO_HOST));
        assertTrue(counter(IspdCounter.MODELED_DEVICE_NS) > 0 && counter(IspdCounter.MODELED_DEVICE_ENERGY_NJ) > 0);
        assertTrue(counter(IspdCounter.RESULT_BYTES_FROM_DRIVES) > 0);

        counters.clear();
        Map<String, Long> onHost = run(q1, firstSplit(Placement.HOST, objectA), secondSplit(Placement.HOST));
        assertEquals(onDevice, onHost);
        assertEquals(2, counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(0, counter(IspdCounter.BYTES_READ_IN_DRIVES));
        assertEquals(data.length, counter(IspdCounter.BYTES_MOVED_TO_HOST));
        assertTrue(counter(IspdCounter.MODELED_HOST_NS) > 0 && counter(IspdCounter.MODELED_HOST_ENERGY_NJ) > 0);

        Format<Text, LongWritable> q2 = executor("q2", new Q2Format(), Duration.ofMinutes(1));
        assertEquals(WorldCupSamples.q2(data, ENTRY), run(q2, firstSplit(Placement.DEVICE, objectA),
                secondSplit(Placement.HOST)));
    }

    @Test
    void filterPagesAreTheSameFileOffsetsOnTheDriveAndOnTheHost() throws IOException {
        Format<LongWritable, Text> filter = executor("filter", Params.of("entrySize", Integer.toString(ENTRY), "field", "type", "op",
                "eq", "value", "4"), new FilterFormat(), Duration.ofMinutes(1));
        TreeSet<Long> expected = new TreeSet<>();
        for (int p = 0; p < CHUNK + 10; p += ENTRY) {
            if (data[p + 18] == 4) {
                expected.add((long) p / 8192 * 8192);
            }
        }
        for (Placement placement : Placement.values()) {
            TreeSet<Long> pages = new TreeSet<>();
            run(filter, firstSplit(placement, objectA), (LongWritable page, Text f) -> pages.add(page.get()));
            assertEquals(expected, pages, placement.toString());
        }
    }

    @Test
    void aFailedExecutionFallsBackToTheHostWithTheSameResult() throws IOException {
        long missing = objectB + 1000; // no such object on the drive: EXECUTE fails with NO_SUCH_OBJECT
        Format<Text, LongWritable> q1 = executor("q1", new Q1Format(), Duration.ofMinutes(1));
        Map<String, Long> sums = run(q1, firstSplit(Placement.DEVICE, missing), secondSplit(Placement.DEVICE));
        assertEquals(WorldCupSamples.q1(data, ENTRY), sums);
        assertEquals(1, counter(IspdCounter.FALLBACKS));
        assertEquals(2, counter(IspdCounter.SPLITS_PLANNED_ON_DEVICE));
        assertEquals(1, counter(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(1, counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(CHUNK + 10, counter(IspdCounter.BYTES_MOVED_TO_HOST));
        try (Drive d = driveSet.open(0)) {
            assertEquals(2, d.list().size(), "the tasklets were deleted: only the data is left");
        }
    }
}
