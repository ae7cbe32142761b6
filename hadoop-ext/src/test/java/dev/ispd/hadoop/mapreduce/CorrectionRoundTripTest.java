package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.offload.HadoopCorrections;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scheduler's correction across jobs, on a real in-JVM drive in Hadoop's local runner: a
 * job's map tasks record what their splits cost, the client folds that into the correction file,
 * and the next job's predictions are scaled by it; a correction file seeded by hand changes the
 * plan; a corrupt one is ignored.
 */
class CorrectionRoundTripTest {
    private static final long CHUNK = 8 << 20;
    /**
     * 16,000 entries of 256 B (4 MB): one split, so the file's ratios follow from the job's
     * counters exactly, large enough that the drive beats the host on it (smaller splits are
     * dominated by the device's command latencies).
     */
    private static final int ENTRIES = 16_000;
    private static final int ENTRY_SIZE = 256;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(1, CHUNK);

    @TempDir
    static java.nio.file.Path work;

    private static FileSystem fs;
    private static JobRunner runner;
    private static String deviceKey;

    @BeforeAll
    static void load() throws Exception {
        Configuration conf = OSD.conf();
        fs = FileSystem.get(OSD.uri(), conf);
        byte[] data = WorldCupSamples.generate(3, ENTRIES, ENTRY_SIZE);
        for (String name : List.of("/rt/day1", "/seeded/day1", "/corrupt/day1", "/measured/day1")) {
            JobRunner.write(fs, new Path(OSD.uri().resolve(name)), data);
        }
        runner = new JobRunner(conf, work);
        deviceKey = CorrectionBook.deviceKey("q1", ((OsdFileSystem) fs).drives().address(0));
    }

    private static Path input(String name) {
        return new Path(OSD.uri().resolve(name));
    }

    private static DeviceJob q1(Configuration conf, Path input) throws Exception {
        return runner.countingJob(conf, "q1-correction", Q1DeviceMapper.class, Q1Format.class, input);
    }

    /** The one decision of {@code input} with corrections off: the uncorrected prediction. */
    private static Decision uncorrected(String policy, Path input) throws Exception {
        Configuration off = runner.conf(policy, ENTRY_SIZE);
        off.setBoolean(OffloadKeys.OFFLOAD_CORRECTION.name(), false);
        return q1(off, input).plan().get(0);
    }

    /** The EW ratio after one sample from a neutral start. */
    private static double afterOneSample(long observed, long predicted) {
        return 1 + 0.3 * (observed / (double) predicted - 1);
    }

    @Test
    void aJobsObservationsReachTheFileAndScaleTheNextJobsPredictions() throws Exception {
        Path in = input("/rt/day1");
        Configuration first = runner.conf("device-only", ENTRY_SIZE);
        DeviceJob job1 = q1(first, in);
        Decision planned = job1.plan().get(0);
        JobRunner.runForOutput(job1);
        assertEquals(1, job1.counter(IspdCounter.SPLITS_ON_DEVICE));

        CorrectionStore store = HadoopCorrections.forInput(first, in);
        assertEquals(fs.makeQualified(new Path(HadoopCorrections.DEFAULT_FILE)).toString(), store.file(), "the default file");
        FileStatus[] left = fs.listStatus(new Path(store.file() + ".observations"));
        assertEquals(List.of(), Arrays.stream(left).map(s -> s.getPath().getName()).toList(),
                "the tasks' observations are folded in and deleted");

        CorrectionBook.Entry device = store.load().entries().get(deviceKey);
        long observedNs = job1.counter(IspdCounter.MODELED_DEVICE_NS);
        long observedNj = job1.counter(IspdCounter.MODELED_DEVICE_ENERGY_NJ);
        assertEquals(1, device.samples());
        assertEquals(afterOneSample(observedNs, planned.baseline().deviceExecution().timeNs()), device.time(), 1e-9);
        assertEquals(afterOneSample(observedNj, planned.baseline().deviceExecution().energyNj()), device.energy(), 1e-9);
        // the execution's share of the prediction is close to what the idle drive models
        assertEquals(1, device.time(), 0.05, "time ratio " + device.time());

        Decision raw = uncorrected("fastest", in);
        Decision corrected = q1(runner.conf("fastest", ENTRY_SIZE), in).plan().get(0);
        assertEquals(raw.baseline(), corrected.baseline());
        assertEquals(raw.device().timeNs() + Math.round(raw.baseline().deviceExecution().timeNs() * (device.time() - 1)),
                corrected.device().timeNs(), "the modeled basis corrects the execution's share");
        assertEquals(raw.device().energyNj()
                + Math.round(raw.baseline().deviceExecution().energyNj() * (device.energy() - 1)),
                corrected.device().energyNj());
        assertEquals(raw.host(), corrected.host(), "no host split observed yet");

        DeviceJob job2 = q1(runner.conf("host-only", ENTRY_SIZE), in);
        JobRunner.runForOutput(job2);
        CorrectionBook book = store.load();
        CorrectionBook.Entry host = book.entries().get(CorrectionBook.hostKey("q1"));
        assertEquals(1, host.samples());
        assertEquals(afterOneSample(job2.counter(IspdCounter.MODELED_HOST_NS), raw.baseline().host().timeNs()),
                host.time(), 1e-9);
        assertEquals(device, book.entries().get(deviceKey), "the device correction is kept");
    }

    /**
     * {@code policy} on the measured basis, with its corrections in a file of its own; no split
     * straggles (on a loaded machine a device split could, and its host run's win would file a
     * host sample where the test counts device ones).
     */
    private static Configuration measured(String policy) {
        Configuration conf = runner.conf(policy, ENTRY_SIZE);
        conf.set(OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured");
        conf.set(OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), "0");
        conf.set(OffloadKeys.OFFLOAD_CORRECTION_FILE.name(), OSD.uri().resolve("/measured/corrections.json").toString());
        return conf;
    }

    @Test
    void onTheMeasuredBasisTheWallClockOfEachDriveAndHostCorrectsTheNextJobsTimes() throws Exception {
        Path in = input("/measured/day1");
        Decision raw = uncorrected("fastest", in);
        DeviceJob onDevice = q1(measured("device-only"), in);
        JobRunner.runForOutput(onDevice);
        DeviceJob onHost = q1(measured("host-only"), in);
        JobRunner.runForOutput(onHost);

        CorrectionBook book = HadoopCorrections.forInput(measured("fastest"), in).load();
        String drive = ((OsdFileSystem) fs).drives().address(0);
        CorrectionBook.Entry device = book.entries().get(CorrectionBook.measuredDeviceKey("q1", drive));
        CorrectionBook.Entry host = book.entries().get(CorrectionBook.measuredHostKey("q1", LocalHost.name()));
        assertEquals(1, device.samples(), "the device split's wall clock, EXECUTE to result read: " + book.entries());
        assertEquals(1, host.samples(), "the host run's wall clock: " + book.entries());
        assertEquals(1.0, device.energy(), "energy is not measured");
        assertEquals(1, book.entries().get(deviceKey).samples(), "the modeled entries are kept beside");

        Decision corrected = q1(measured("fastest"), in).plan().get(0);
        assertEquals(raw.baseline(), corrected.baseline());
        assertEquals(raw.device().timeNs() + Math.round(raw.baseline().device().timeNs() * (device.time() - 1)),
                corrected.device().timeNs(), "the device split corrected whole");
        assertEquals(raw.host().timeNs() + Math.round(raw.baseline().host().timeNs() * (host.time() - 1)),
                corrected.host().timeNs());
        Decision modeled = q1(runner.conf("fastest", ENTRY_SIZE), in).plan().get(0);
        assertNotEquals(corrected.device(), modeled.device(), "the modeled basis plans without the wall clock");

        String table = q1(measured("fastest"), in).explain();
        assertTrue(table.startsWith("policy fastest, cost basis measured, host profile host-i5-2500, correction on"),
                table);
        assertTrue(table.contains(String.format(java.util.Locale.ROOT, "measured time x%.3f (1 samples)", device.time()))
                && table.contains(String.format(java.util.Locale.ROOT, "measured time x%.3f (1 samples)", host.time())),
                table);
        assertTrue(table.contains(String.format(java.util.Locale.ROOT, "%.3f", corrected.device().timeNs() / 1e9))
                && table.contains(corrected.reason()), table);
        assertEquals(book.entries(), HadoopCorrections.forInput(measured("fastest"), in).load().entries(),
                "explaining runs nothing");
        String fresh = q1(runner.conf("fastest", ENTRY_SIZE), input("/rt/day1")).explain();
        assertTrue(fresh.contains("cost basis modeled"), fresh);
    }

    /**
     * Issue 24 point 3: on the measured basis a job whose every split the plan puts in the drives
     * runs one of them on the host while the host has too few wall clocks of the shape (here one,
     * a cold run 10x slower than the profile), so a side fastest does not use is measured again.
     */
    @Test
    void aFastestJobInTheDrivesRunsOneSplitOnTheHostToMeasureIt() throws Exception {
        Path in = input("/probe/day1");
        JobRunner.write(fs, in, WorldCupSamples.generate(5, 4 * (int) (CHUNK / ENTRY_SIZE), ENTRY_SIZE));
        Configuration conf = measured("fastest");
        conf.set(OffloadKeys.OFFLOAD_CORRECTION_FILE.name(), OSD.uri().resolve("/probe/corrections.json").toString());
        String host = CorrectionBook.measuredHostKey("q1", LocalHost.name());
        String seed = "{\"version\": 3, \"corrections\": {\"" + host + "\": {\"time\": 10, \"energy\": 1, \"samples\": 1}}}";
        CorrectionStore store = HadoopCorrections.forInput(conf, in);
        store.save(CorrectionBook.read(new ByteArrayInputStream(seed.getBytes(StandardCharsets.UTF_8)), "seed"));

        DeviceJob job = q1(conf, in);
        List<Decision> onHost = job.plan().stream().filter(d -> d.placement() == Placement.HOST).toList();
        assertEquals(1, onHost.size(), "every other split in the drive: " + job.plan());
        assertTrue(onHost.get(0).reason().startsWith("re-measures the host: 1 measured sample(s) of this plan shape "
                + "there against 0 on the device, fewer than 2 + 1 per 128"), onHost.get(0).reason());
        JobRunner.runForOutput(job);
        assertEquals(1, job.counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(2, store.load().entries().get(host).samples(), "the host measured again: " + store.load().entries());
    }

    @Test
    void aSeededFileThatCallsTheDriveSlowMovesTheSplitToTheHost() throws Exception {
        Path in = input("/seeded/day1");
        assertEquals(Placement.DEVICE, uncorrected("fastest", in).placement(), "the premise: the drive is faster");

        Configuration conf = runner.conf("fastest", ENTRY_SIZE);
        Path file = new Path(OSD.uri().resolve("/seeded/corrections.json"));
        conf.set(OffloadKeys.OFFLOAD_CORRECTION_FILE.name(), file.toString());
        String json = "{\"version\": 2, \"corrections\": {\"" + deviceKey
                + "\": {\"time\": 50, \"energy\": 1, \"samples\": 8}}}";
        CorrectionStore store = HadoopCorrections.forInput(conf, in);
        assertEquals(file.toString(), store.file());
        store.save(CorrectionBook.read(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)), "seed"));
        assertEquals(10.0, store.load().entries().get(deviceKey).time(), "a ratio is bounded by 10");

        DeviceJob job = q1(conf, in);
        assertEquals(Placement.HOST, job.plan().get(0).placement());
        JobRunner.runForOutput(job);
        assertEquals(1, job.counter(IspdCounter.SPLITS_ON_HOST));
        assertEquals(1, store.load().entries().get(CorrectionBook.hostKey("q1")).samples());
    }

    @Test
    void aCorruptFileIsIgnored() throws Exception {
        Path in = input("/corrupt/day1");
        Configuration conf = runner.conf("fastest", ENTRY_SIZE);
        Path file = new Path(OSD.uri().resolve("/corrupt/corrections.json"));
        conf.set(OffloadKeys.OFFLOAD_CORRECTION_FILE.name(), file.toString());
        try (OutputStream out = fs.create(file, true)) {
            out.write("{\"version\": 2, \"corrections\": {\"host q1\": {\"time\": -2}}}".getBytes(StandardCharsets.UTF_8));
        }
        Decision d = q1(conf, in).plan().get(0);
        Decision raw = uncorrected("fastest", in);
        assertEquals(raw.device(), d.device());
        assertEquals(raw.host(), d.host());
        CorrectionStore store = HadoopCorrections.forInput(conf, in);
        assertEquals(file.toString(), store.file());
        assertTrue(fs.exists(file));
        assertFalse(store.load().entries().containsKey("host q1"));
        assertNotEquals(0, raw.device().timeNs());
        assertTrue(raw.baseline().deviceExecution().timeNs() < raw.device().timeNs(),
                "the commands and the result's read back are not part of the execution");
    }
}
