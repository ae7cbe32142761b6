package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.Replica;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.IOException;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * DeviceJobs on three real drives (a file with two replicas of every chunk, a split per chunk)
 * while one drive injects a fault set over the protocol (SET_FAULTS): under each kind the job's
 * output is that of the fault-free run, and its counters say what happened. The device timeout is
 * 500 ms, and correction is off so that the job writes nothing to the drives.
 */
@Tag("heavy")
class FaultSurvivalTest {
    private static final long CHUNK = 256 * 1024;
    private static final int ENTRY = 20;

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(3, CHUNK).withReplication(2);

    @TempDir
    static java.nio.file.Path work;

    private static byte[] data;
    private static Path input;
    private static String expected;

    @BeforeAll
    static void write() throws IOException {
        data = WorldCupSamples.generate(10, 60_000, ENTRY); // 1.2 MB: 5 chunks
        input = new Path(OSD.uri().resolve("/wc/faults"));
        JobRunner.write(FileSystem.get(OSD.uri(), OSD.conf()), input, data);
        expected = WorldCupSamples.asOutput(WorldCupSamples.q1(data, ENTRY));
    }

    @AfterEach
    void clearFaults() throws IOException {
        for (int d = 0; d < 3; d++) {
            try (Drive drive = Drive.connect(OSD.drives().address(d))) {
                drive.clearFaults();
            }
        }
    }

    @Test
    void aCrashDuringATaskletRunsTheSplitOnAReplica() throws Exception {
        int victim = busiestDrive();
        Map<IspdCounter, Long> c = runWith(victim, "{\"faults\":[{\"kind\":\"crash\",\"times\":1}]}");
        assertEachRetriedOnAReplica(c, IspdCounter.DEVICE_FAULTS_CONNECTION, 1);
    }

    @Test
    void aHungDriveMissesOneDeadlineAndTheJobAvoidsItAtOnce() throws Exception {
        int victim = busiestDrive();
        long onVictim = plannedOn(victim);
        assertTrue(onVictim >= 2, "the victim has several splits: " + onVictim);
        setFaults(victim, "{\"faults\":[{\"kind\":\"hang\",\"opcodes\":[\"EXECUTE\"]}]}");
        DeviceJob job = q1("device-only", "hung-" + victim);
        // the deadline follows the work: a split of 256 KiB is predicted in milliseconds, so its deadline is the
        // floor, 300 ms, not the ten minutes of ispd.device.timeout.ms (the job would take that long per split)
        job.getConfiguration().setLong(OffloadKeys.DEVICE_TIMEOUT_MS.name(), 600_000);
        job.getConfiguration().setLong(OffloadKeys.DEVICE_DEADLINE_FLOOR_MS.name(), 300);
        assertEquals(expected, JobRunner.runForOutput(job), "the output of the fault-free run");
        Map<IspdCounter, Long> c = new EnumMap<>(IspdCounter.class);
        for (IspdCounter k : IspdCounter.values()) {
            c.put(k, job.counter(k));
        }
        assertEquals(1, c.get(IspdCounter.DEVICE_FAULTS_TIMEOUT), "one missed deadline: " + c);
        assertEquals(1, c.get(IspdCounter.DRIVES_AVOIDED), "avoided at once, not after 3 failures: " + c);
        assertEquals(onVictim - 1, c.get(IspdCounter.AVOIDED_DRIVE_SKIPS), c.toString());
        assertEquals(onVictim, c.get(IspdCounter.REPLICA_RUNS), c.toString());
        assertEquals(0, c.get(IspdCounter.FALLBACKS), c.toString());
    }

    @Test
    void slowAnswersWithinTheTimeoutChangeNothingButTime() throws Exception {
        int victim = busiestDrive();
        Map<IspdCounter, Long> c = runWith(victim,
                "{\"faults\":[{\"kind\":\"slow\",\"opcodes\":[\"EXECUTE\",\"READ_RESULT\"],\"delayMs\":100}]}");
        assertEquals(0, faults(c), c.toString());
        assertEquals(c.get(IspdCounter.SPLITS_PLANNED_ON_DEVICE), c.get(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(0, c.get(IspdCounter.FALLBACKS), c.toString());
    }

    @Test
    void aMediaErrorInAChunkIsReadFromTheOtherReplica() throws Exception {
        int victim = busiestDrive();
        String objects = objectsOn(victim).stream().map(Long::toUnsignedString).collect(Collectors.joining(","));
        Map<IspdCounter, Long> c = runWith(victim,
                "{\"faults\":[{\"kind\":\"media-error\",\"objects\":[" + objects + "]}]}");
        assertEachRetriedOnAReplica(c, IspdCounter.DEVICE_FAULTS_MEDIA_ERROR, plannedOn(victim));
    }

    @Test
    void hostReadsOfDamagedChunksReadTheOtherReplica() throws Exception {
        Map<Integer, List<Long>> firstReplicas = new TreeMap<>();
        for (ChunkExtent e : osd().locate(input, 0, data.length)) {
            firstReplicas.computeIfAbsent(e.drive(), d -> new java.util.ArrayList<>()).add(e.objectId());
        }
        for (Map.Entry<Integer, List<Long>> on : firstReplicas.entrySet()) {
            setFaults(on.getKey(), "{\"faults\":[{\"kind\":\"media-error\",\"objects\":" + on.getValue() + "}]}");
        }
        DeviceJob job = q1("host-only", "host-media-errors");
        assertEquals(expected, JobRunner.runForOutput(job), "the output of the fault-free run");
        assertTrue(job.counter(IspdCounter.REPLICA_READS) > 0, "every first replica failed its reads");
    }

    @Test
    void aFullDriveLeavesTheSplitToAReplica() throws Exception {
        int victim = busiestDrive();
        Map<IspdCounter, Long> c = runWith(victim, "{\"faults\":[{\"kind\":\"device-full\"}]}");
        // the job's CREATE_TASKLET on the victim fails, then each of its splits' own
        assertEachRetriedOnAReplica(c, IspdCounter.DEVICE_FAULTS_NO_SPACE, plannedOn(victim));
    }

    @Test
    void aDroppedConnectionIsRetried() throws Exception {
        int victim = busiestDrive();
        Map<IspdCounter, Long> c = runWith(victim,
                "{\"faults\":[{\"kind\":\"drop-connection\",\"opcodes\":[\"POLL\",\"READ_RESULT\"],\"times\":1}]}");
        assertEachRetriedOnAReplica(c, IspdCounter.DEVICE_FAULTS_CONNECTION, 1);
    }

    @Test
    void aDriveThatKeepsFailingIsAvoidedForTheRestOfTheJob() throws Exception {
        int victim = busiestDrive();
        long onVictim = plannedOn(victim);
        assertTrue(onVictim >= 2, "the victim has several splits: " + onVictim);
        Map<IspdCounter, Long> c = runWith(victim, "{\"faults\":[{\"kind\":\"crash\"}]}", "1");
        assertEquals(1, c.get(IspdCounter.DRIVES_AVOIDED), c.toString());
        assertEquals(1, c.get(IspdCounter.DEVICE_FAULTS_CONNECTION), "only the first split tried it: " + c);
        assertEquals(onVictim - 1, c.get(IspdCounter.AVOIDED_DRIVE_SKIPS), c.toString());
        assertEquals(onVictim, c.get(IspdCounter.REPLICA_RUNS), c.toString());
        assertEquals(0, c.get(IspdCounter.FALLBACKS), c.toString());
    }

    /** {@code splits} device runs failed with {@code fault}, and each ran again on a replica's drive, not the host. */
    private static void assertEachRetriedOnAReplica(Map<IspdCounter, Long> c, IspdCounter fault, long splits) {
        assertEquals(splits, c.get(fault), c.toString());
        assertEquals(splits, c.get(IspdCounter.DEVICE_RETRIES), c.toString());
        assertEquals(splits, c.get(IspdCounter.REPLICA_RUNS), c.toString());
        assertEquals(0, c.get(IspdCounter.FALLBACKS), c.toString());
    }

    /** {@link #runWith(int, String, String)} with the default threshold for avoiding a drive (3 failures). */
    private Map<IspdCounter, Long> runWith(int victim, String plan) throws Exception {
        return runWith(victim, plan, OffloadKeys.DEVICE_AVOID_AFTER.defaultValue());
    }

    /**
     * Runs Q1 device-only with {@code plan} set on drive {@code victim}, avoiding a drive after
     * {@code avoidAfter} failures; checks the output, returns the counters.
     */
    private Map<IspdCounter, Long> runWith(int victim, String plan, String avoidAfter) throws Exception {
        setFaults(victim, plan);
        DeviceJob job = q1("device-only", "faults-on-" + victim);
        job.getConfiguration().set(OffloadKeys.DEVICE_AVOID_AFTER.name(), avoidAfter);
        assertEquals(expected, JobRunner.runForOutput(job), "the output of the fault-free run under " + plan);
        assertTrue(job.decisions().stream().anyMatch(d -> d.drive() == victim && d.placement() == Placement.DEVICE),
                "the faulty drive had splits: " + job.decisions());
        Map<IspdCounter, Long> counters = new EnumMap<>(IspdCounter.class);
        for (IspdCounter c : IspdCounter.values()) {
            counters.put(c, job.counter(c));
        }
        return counters;
    }

    private DeviceJob q1(String policy, String name) throws IOException {
        Configuration conf = new JobRunner(OSD.conf(), work).conf(policy, ENTRY);
        conf.setLong(OffloadKeys.DEVICE_TIMEOUT_MS.name(), 500);
        conf.setLong(OffloadKeys.SPLIT_GROUP_MAX_BYTES.name(), 0); // a split per chunk: several per drive
        conf.setBoolean(OffloadKeys.OFFLOAD_CORRECTION.name(), false);
        return new JobRunner(OSD.conf(), work).countingJob(conf, name, Q1DeviceMapper.class, Q1Format.class, input);
    }

    /** The drive with the most device splits in the fault-free plan. */
    private int busiestDrive() throws IOException {
        List<Decision> plan = q1("device-only", "plan").plan();
        return plan.stream().collect(Collectors.groupingBy(Decision::drive, Collectors.counting())).entrySet()
                .stream().max(Map.Entry.<Integer, Long>comparingByValue().thenComparing(Map.Entry.comparingByKey(
                        Comparator.reverseOrder()))).orElseThrow().getKey();
    }

    private long plannedOn(int drive) throws IOException {
        return q1("device-only", "plan").plan().stream().filter(d -> d.drive() == drive).count();
    }

    private static List<Long> objectsOn(int drive) throws IOException {
        return osd().locate(input, 0, data.length).stream().flatMap(e -> e.replicas().stream())
                .filter(r -> r.drive() == drive).map(Replica::objectId).distinct().toList();
    }

    private static long faults(Map<IspdCounter, Long> c) {
        return c.entrySet().stream().filter(e -> e.getKey().name().startsWith("DEVICE_FAULTS_"))
                .mapToLong(Map.Entry::getValue).sum();
    }

    private static OsdFileSystem osd() throws IOException {
        return (OsdFileSystem) FileSystem.get(OSD.uri(), OSD.conf());
    }

    private static void setFaults(int drive, String plan) throws IOException {
        try (Drive d = Drive.connect(OSD.drives().address(drive))) {
            d.setFaults(plan);
        }
    }
}
