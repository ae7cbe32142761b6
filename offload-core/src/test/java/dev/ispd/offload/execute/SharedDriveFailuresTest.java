package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.TaskletRunner;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.offload.storage.LocalSharedFiles;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.profile.Profiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job-wide record of drive failures ({@link JobFailureRecord}) shared by task JVMs, each
 * stood in for by a {@link DriveFailures} of its own (the JVM-local state) over one folder on the
 * local disk: the failures of all of them count towards the threshold, a JVM reads the others'
 * at most once per refresh interval, and a record that cannot be written leaves each JVM its own.
 */
class SharedDriveFailuresTest {
    private static final String DRIVE = "tcp:10.0.0.1:7070";
    private static final String JOB = "job_1_0001";
    private static final int ENTRY = 32;
    private static final int RECORDS = 2_000;
    private static final TaskletSpec PLAN = TaskletSpec.plan("test-plan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar())), "test");

    @TempDir
    Path dir;

    /** On a drive whose every execution crashes. */
    private static BytesOnADrive input;

    @BeforeAll
    static void start() throws IOException {
        input = BytesOnADrive.random(RECORDS * ENTRY, 5);
        try (Drive d = Drive.connect(input.drives().address(0))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
        }
    }

    @AfterAll
    static void stop() throws IOException {
        input.close();
    }

    private JobFailureRecord record(String writer, Duration refresh) {
        return new JobFailureRecord(new LocalSharedFiles(), dir.toString(), JOB, writer, refresh);
    }

    /** The record of one task JVM: its own state, the job's shared folder. */
    private DriveFailures jvm(String writer, int avoidAfter, Duration refresh) {
        return new DriveFailures(avoidAfter, Optional.of(record(writer, refresh)));
    }

    @Test
    void theFailuresOfEveryJvmCountTowardsTheThreshold() {
        DriveFailures a = jvm("attempt_a", 3, Duration.ZERO);
        DriveFailures b = jvm("attempt_b", 3, Duration.ZERO);
        assertFalse(a.failed(DRIVE, "attempt_a"));
        assertFalse(b.failed(DRIVE, "attempt_b"));
        assertEquals(2, a.failures(DRIVE), "its own failure and the other JVM's");
        assertTrue(a.failed(DRIVE, "attempt_a"), "the job's third failure makes it avoid the drive");
        assertTrue(b.avoided(DRIVE), "and the other JVM avoids it too");
        assertFalse(b.avoided("tcp:10.0.0.2:7070"));
    }

    @Test
    void aJvmReadsTheOthersFailuresAtMostOncePerRefreshInterval() {
        DriveFailures cached = jvm("executor-1", 1, Duration.ofHours(1));
        assertFalse(cached.avoided(DRIVE), "read once: no failure yet");
        jvm("executor-2", 1, Duration.ZERO).failed(DRIVE, "executor-2");
        assertFalse(cached.avoided(DRIVE), "not read again within the interval");
        assertTrue(jvm("executor-3", 1, Duration.ofHours(1)).avoided(DRIVE), "a JVM that reads now sees it");
    }

    @Test
    void aRecordThatCannotBeWrittenLeavesEachJvmItsOwnFailures() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("file"), "in the way");
        DriveFailures alone = new DriveFailures(2, Optional.of(new JobFailureRecord(new LocalSharedFiles(),
                notAFolder.toString(), JOB, "attempt_a", Duration.ZERO)));
        assertFalse(alone.failed(DRIVE, "attempt_a"));
        assertTrue(alone.failed(DRIVE, "attempt_a"), "its own two failures reach the threshold");
    }

    @Test
    void aFileThatIsNotARecordIsSkipped() throws IOException {
        jvm("attempt_a", 2, Duration.ZERO).failed(DRIVE, "attempt_a");
        Files.writeString(dir.resolve(JOB).resolve("attempt_x.json"), "{\"" + DRIVE + "\": \"many\"}");
        assertEquals(1, jvm("attempt_b", 2, Duration.ZERO).failures(DRIVE));
    }

    @Test
    void theJobsFolderIsDeletedAtItsEnd() throws IOException {
        jvm("attempt_a", 2, Duration.ZERO).failed(DRIVE, "attempt_a");
        assertTrue(Files.exists(dir.resolve(JOB).resolve("attempt_a.json")));
        JobFailureRecord.delete(new LocalSharedFiles(), dir.toString(), JOB);
        assertFalse(Files.exists(dir.resolve(JOB)));
        assertTrue(Files.exists(dir), "only the job's folder");
        JobFailureRecord.delete(new LocalSharedFiles(), dir.toString(), JOB); // nothing left: nothing to do
    }

    /**
     * Two executors with JVM-local records of their own on a drive whose every execution crashes,
     * avoiding a drive after 2 failures: each fails once, the second failure (the other JVM's)
     * makes the job avoid it, and a later split of the first executor skips it without trying.
     */
    @Test
    void splitExecutorsInTwoJvmsAvoidTheDriveOnceTheJobsFailuresReachTheThreshold() throws IOException {
        Map<SplitMetric, Long> first = new EnumMap<>(SplitMetric.class);
        Map<SplitMetric, Long> second = new EnumMap<>(SplitMetric.class);
        SplitExecutor one = executor("executor-1", first);
        SplitExecutor two = executor("executor-2", second);
        byte[] expected = hostResult();

        assertArrayEquals(expected, run(one));
        assertEquals(1L, first.get(SplitMetric.DEVICE_FAULTS_CONNECTION), first.toString());
        assertEquals(null, first.get(SplitMetric.DRIVES_AVOIDED), "one failure of 2: " + first);

        assertArrayEquals(expected, run(two));
        assertEquals(1L, second.get(SplitMetric.DEVICE_FAULTS_CONNECTION), second.toString());
        assertEquals(1L, second.get(SplitMetric.DRIVES_AVOIDED), "the job's second failure: " + second);

        first.clear();
        assertArrayEquals(expected, run(one));
        assertEquals(null, first.get(SplitMetric.DEVICE_FAULTS_CONNECTION), "not tried again: " + first);
        assertEquals(1L, first.get(SplitMetric.AVOIDED_DRIVE_SKIPS), first.toString());
        assertEquals(1L, first.get(SplitMetric.FALLBACKS), first.toString());
    }

    private SplitExecutor executor(String writer, Map<SplitMetric, Long> counts) {
        MetricSink sink = (m, n) -> counts.merge(m, n, Long::sum);
        return new SplitExecutor(new DeviceExecution(new DrivePool(Drive::connect), JOB, PLAN,
                TaskletRunner.Polling.DEFAULT, () -> false), SplitDeadline.of(OffloadSettings.of(Map.of())),
                Speculation.of(OffloadSettings.of(Map.of(OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), "0"))), host(sink),
                sink, 0, jvm(writer, 2, Duration.ZERO), writer, () -> false);
    }

    private static HostExecution host(MetricSink sink) {
        return new HostExecution(path -> input.reader(), new HostModel(Profiles.host("host-i5-2500")), PLAN, sink);
    }

    private static PlannedSplit split() {
        return SplitLayoutTest.wholeObject(input, ENTRY);
    }

    private static byte[] run(SplitExecutor executor) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        executor.run(split(), (result, origin) -> out.write(result));
        return out.toByteArray();
    }

    private static byte[] hostResult() throws IOException {
        return host((m, n) -> { }).run(split(), SplitLayout.wholeSplit(split())).result();
    }
}
