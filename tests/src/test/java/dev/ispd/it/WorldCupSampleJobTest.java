package dev.ispd.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.ModuleInfo;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.importer.ImportFormat;
import dev.ispd.examples.worldcup.importer.Imported;
import dev.ispd.examples.worldcup.importer.RealSample;
import dev.ispd.examples.worldcup.importer.WorldCupImporter;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.DeviceMapper;
import dev.ispd.hadoop.mapreduce.DeviceMapperFormat;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.plan.PlanDeviceMapper;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.Q1RustWasmMapper;
import dev.ispd.hadoop.worldcup.Q1WasmMapper;
import dev.ispd.hadoop.worldcup.Q2DeviceMapper;
import dev.ispd.hadoop.worldcup.Q2Format;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Q2 (and Q1) over the real WorldCup98 sample (200,000 requests, imported by {@link WorldCupImporter}:
 * every record in the unknown region) on two drives with 1 MiB chunks: host-only, device-only and
 * cost-based runs write identical outputs, equal to counts taken in plain Java from the imported bytes;
 * so does a declarative plan's job.
 */
class WorldCupSampleJobTest {
    private static final URI FS = URI.create("osd://worldcup-sample/");
    private static final int CHUNK = 1 << 20;
    private static final AtomicInteger JOBS = new AtomicInteger();

    @TempDir
    static java.nio.file.Path work;

    private static EmbeddedDrives drives;
    private static Configuration base;
    private static byte[] records;
    private static Path input;

    @BeforeAll
    static void importAndLoad() throws IOException {
        Imported sample = Imported.file(new WorldCupImporter(ImportFormat.CSV), RealSample.locate());
        assertEquals(RealSample.LINES, sample.report().records());
        records = sample.records();
        drives = EmbeddedDrives.builder().drives(2).start();
        base = WorldCupDrives.configuration(drives, CHUNK, WorldCup98.RECORD_SIZE, "host-i5-2500");
        base.set("mapreduce.framework.name", "local");
        base.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        input = new Path(FS.resolve("/wc98/wc_day6_1"));
        try (OutputStream file = FileSystem.get(FS, base).create(input, true)) {
            file.write(records);
        }
    }

    @AfterAll
    static void stopDrives() throws IOException {
        try {
            FileSystem.get(FS, base).close();
        } finally {
            drives.close();
        }
    }

    @Test
    void q2ByTypeIsTheSameOnHostDeviceAndCostBasedRunsAndMatchesTheRecords() throws Exception {
        Map<String, Long> expected = new TreeMap<>();
        ByteBuffer buf = ByteBuffer.wrap(records);
        for (int at = 0; at < records.length; at += WorldCup98.RECORD_SIZE) {
            expected.merge(WorldCup98.regionName(WorldCup98.region(WorldCup98.server(buf, at))) + "\t"
                    + WorldCup98.typeName(WorldCup98.type(buf, at)), 1L, Long::sum);
        }
        StringBuilder counts = new StringBuilder();
        expected.forEach((key, n) -> counts.append(key).append('\t').append(n).append('\n'));
        assertTrue(counts.toString().startsWith("unknown\tAUDIO\t7\n"), counts.toString());
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = countingJob(policy, Q2DeviceMapper.class, Q2Format.class);
            assertEquals(counts.toString(), run(job), policy);
        }
    }

    @Test
    void q1CountsEveryRequestOnTheDrives() throws Exception {
        DeviceJob job = countingJob("device-only", Q1DeviceMapper.class, Q1Format.class);
        assertEquals("unknown\t200000\n", run(job));
        // 4,000,000 bytes in four 1 MiB chunks on two drives: each drive's pieces run as one split
        assertEquals(2, job.counter(IspdCounter.SPLITS_ON_DEVICE));
    }

    /**
     * The C-to-wasm Q1 shipped as a module: host-only, device-only and cost-based runs equal the
     * built-in q1's output, and each drive ends up holding the module once. A drive that holds
     * other bytes under the module's name and version refuses it: its split falls back to the
     * host while the other drive's runs on the device, and the output is still the built-in's.
     */
    @Test
    void q1AsAWasmModuleEqualsTheBuiltInOnHostDeviceAndMixedRuns() throws Exception {
        String builtin = run(countingJob("fastest", Q1DeviceMapper.class, Q1Format.class));
        byte[] q1 = Q1WasmMapper.class.getResourceAsStream("/wasm/q1.wasm").readAllBytes();
        byte[] impostor = Arrays.copyOf(q1, q1.length + 4); // q1 and an empty custom section "x"
        System.arraycopy(new byte[] {0, 2, 1, 'x'}, 0, impostor, q1.length, 4);
        try (Drive drive1 = Drive.connect(drives.address(1))) {
            if (drive1.listModules().stream().anyMatch(m -> m.taskletName().equals("q1c@1"))) {
                drive1.unloadModule("q1c", 1);
            }
            drive1.loadModule("q1c", 1, impostor);
            DeviceJob mixed = countingJob("device-only", Q1WasmMapper.class, Q1Format.class);
            assertEquals(builtin, run(mixed), "one drive refusing the module");
            assertEquals(1, mixed.counter(IspdCounter.SPLITS_ON_DEVICE));
            assertEquals(1, mixed.counter(IspdCounter.FALLBACKS));
            drive1.unloadModule("q1c", 1);
        }
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = countingJob(policy, Q1WasmMapper.class, Q1Format.class);
            assertEquals(builtin, run(job), policy);
        }
        for (int d = 0; d < 2; d++) {
            try (Drive drive = Drive.connect(drives.address(d))) {
                assertEquals(List.of(new ModuleInfo("q1c", 1, q1.length, HexFormat.of().formatHex(Drive.sha256(q1)))),
                        drive.listModules());
            }
        }
    }

    /**
     * A declarative plan as a DeviceJob ({@link PlanDeviceMapper}): requests per type with the
     * bytes, earliest timestamp and largest size of those that sent bytes, identical host-only,
     * device-only and cost-based, equal to the same figures taken in plain Java from the records.
     */
    @Test
    void aPlanJobAggregatesTheSampleIdenticallyEverywhere() throws Exception {
        Plan plan = Plan.aggregate(Layout.worldCup98(WorldCup98.RECORD_SIZE),
                Predicate.compare("size", CompareOp.GT, 0), List.of("type"),
                List.of(Aggregate.countStar(), Aggregate.sum("size"), Aggregate.min("timestamp"), Aggregate.max("size")));
        Map<Long, long[]> expected = new TreeMap<>();
        ByteBuffer buf = ByteBuffer.wrap(records);
        for (int at = 0; at < records.length; at += WorldCup98.RECORD_SIZE) {
            long size = buf.getInt(at + 12) & 0xFFFFFFFFL;
            if (size == 0) {
                continue;
            }
            long time = buf.getInt(at) & 0xFFFFFFFFL;
            long[] g = expected.computeIfAbsent((long) (buf.get(at + 18) & 0xFF),
                    t -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
            g[0]++;
            g[1] += size;
            g[2] = Math.min(g[2], time);
            g[3] = Math.max(g[3], size);
        }
        StringBuilder lines = new StringBuilder();
        expected.forEach((type, g) -> lines.append(type).append('\t').append(g[0]).append('\t').append(g[1])
                .append('\t').append(g[2]).append('\t').append(g[3]).append('\n'));
        assertTrue(expected.size() > 3, lines.toString());
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            Configuration conf = new Configuration(base);
            conf.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
            String name = "plan-" + policy + "-" + JOBS.incrementAndGet();
            DeviceJob job = PlanDeviceMapper.setPlan(DeviceJob.getInstance(conf, name), plan).addInputPath(input)
                    .setOutputPath(new Path(work.resolve("out-" + name).toUri()));
            assertEquals(lines.toString(), run(job), policy);
        }
    }

    /** The Rust-to-wasm Q1 shipped as a module: host-only and device-only runs equal the built-in q1's output. */
    @Test
    void q1InRustEqualsTheBuiltInOnHostAndDevice() throws Exception {
        String builtin = run(countingJob("fastest", Q1DeviceMapper.class, Q1Format.class));
        for (String policy : List.of("host-only", "device-only")) {
            DeviceJob job = countingJob(policy, Q1RustWasmMapper.class, Q1Format.class);
            assertEquals(builtin, run(job), policy);
        }
    }

    /** A DeviceJob whose format's (Text, LongWritable) pairs LongSumReducer sums into one output file. */
    private static DeviceJob countingJob(String policy, Class<? extends DeviceMapper> mapper,
            Class<? extends DeviceMapperFormat> format) throws IOException {
        Configuration conf = new Configuration(base);
        conf.set(OffloadKeys.OFFLOAD_POLICY.name(), policy);
        String name = mapper.getSimpleName() + "-" + policy + "-" + JOBS.incrementAndGet(); // an output directory each
        return DeviceJob.getInstance(conf, name).setDeviceMapper(mapper).setDeviceMapperFormat(format)
                .setCombinerClass(LongSumReducer.class).setReducerClass(LongSumReducer.class)
                .setOutputKeyClass(Text.class).setOutputValueClass(LongWritable.class).setNumReduceTasks(1)
                .addInputPath(input).setOutputPath(new Path(work.resolve("out-" + name).toUri()));
    }

    private static String run(DeviceJob job) throws Exception {
        assertTrue(job.waitForCompletion(false), "job " + job.job().getJobName() + " failed");
        return Files.readString(work.resolve("out-" + job.job().getJobName()).resolve("part-r-00000"));
    }
}
