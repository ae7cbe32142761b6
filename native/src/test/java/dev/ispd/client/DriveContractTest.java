package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.InterruptedIOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract of {@link Drive}, run once per binding ({@link JniDriveTest}, {@link JnaDriveTest})
 * against a real simulated drive started in this JVM by device-sim's launcher: every command,
 * chunked transfers, zero-copy placement, error mapping, tasklet runs, and the handle's life cycle.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class DriveContractTest {
    private static final long MISSING_ID = 987_654_321L;

    private Path tmp;

    private EmbeddedDrives simulated;
    private String address;
    private Drive drive;

    /** The binding under test. */
    abstract Binding binding();

    @BeforeAll
    void startDrive(@TempDir Path dir) throws Exception {
        tmp = dir;
        simulated = EmbeddedDrives.builder().directory(tmp.resolve("drives")).start();
        address = simulated.address(0);
    }

    @AfterAll
    void stopDrive() throws Exception {
        simulated.close();
    }

    @BeforeEach
    void connect() throws DriveException {
        drive = Drive.connect(address, binding());
    }

    @AfterEach
    void disconnect() {
        drive.close();
    }

    // ---- device ----

    @Test
    void deviceInfoDescribesTheDrive() throws DriveException {
        DeviceInfo info = drive.deviceInfo();
        assertFalse(info.driveName().isEmpty());
        assertFalse(info.profileName().isEmpty());
        assertTrue(info.capacityBytes() > 0);
        assertTrue(info.pageSize() > 0);
        assertTrue(info.pagesPerBatch() > 0);
        assertEquals(Limits.MAX_IO, info.maxIo());
        assertTrue(info.maxInflight() > 0);
        assertTrue(info.tasklets().containsAll(List.of("noop", "q1")), info.tasklets().toString());
        assertTrue(info.capabilities().size() > 1, info.capabilities().toString());
    }

    @Test
    void deviceLogCountsCommandsAndBytes() throws DriveException {
        DeviceLog before = drive.deviceLog();
        long id = objectWith(new byte[1000]);
        DeviceLog after = drive.deviceLog();
        assertTrue(after.commands() >= before.commands() + 2, "CREATE_OBJECT and WRITE_OBJECT should count: " + before.commands() + " -> " + after.commands());
        assertTrue(after.bytesWritten() >= before.bytesWritten() + 1000);
        assertTrue(after.modeledNowNs() >= before.modeledNowNs());
        assertFalse(after.components().isEmpty());
        after.components().forEach(c -> assertFalse(c.name().isEmpty(), after.toString()));
        drive.delete(id);
    }

    // ---- objects ----

    @Test
    void createObjectPicksFreshIdsOrTakesTheRequestedOne() throws DriveException {
        long a = drive.createObject();
        long b = drive.createObject();
        assertNotEquals(0, a);
        assertNotEquals(a, b);
        long wanted = Math.max(a, b) + 1000;
        assertEquals(wanted, drive.createObject(wanted));
        DriveException e = assertThrows(DriveException.class, () -> drive.createObject(wanted));
        assertStatus(e, Status.OBJECT_EXISTS, "CREATE_OBJECT", Long.toString(wanted));
    }

    @Test
    void smallRoundTripThroughDirectBuffers() throws DriveException {
        long id = drive.createObject();
        ByteBuffer src = direct("hello, drive");
        assertEquals(12, drive.write(id, 0, src));
        assertEquals(src.limit(), src.position(), "write consumes the buffer");
        ByteBuffer dst = ByteBuffer.allocateDirect(12);
        drive.read(id, 0, dst);
        assertEquals(12, dst.position(), "read fills the buffer");
        assertEquals("hello, drive", StandardCharsets.UTF_8.decode(dst.flip()).toString());
        assertEquals(new ObjectStat(id, 12, ObjectKind.DATA), drive.stat(id));
    }

    @Test
    void writesOverwriteOrAppendButLeaveNoHoles() throws DriveException {
        long id = objectWith(ascii("0123456789"));
        assertEquals(10, drive.write(id, 2, ascii("ab")));
        assertEquals(13, drive.write(id, 10, ascii("XYZ")));
        assertEquals("01ab456789XYZ", new String(drive.read(id, 0, 13), StandardCharsets.US_ASCII));
        DriveException e = assertThrows(DriveException.class, () -> drive.write(id, 14, ascii("!")));
        assertStatus(e, Status.OUT_OF_RANGE, "WRITE_OBJECT", "14");
    }

    @Test
    void appendsLandAtTheEndAndSayWhere() throws DriveException {
        long id = objectWith(ascii("head"));
        ByteBuffer first = direct("-one");
        assertEquals(4, drive.append(id, first));
        assertEquals(first.limit(), first.position(), "append consumes the buffer");
        assertEquals(8, drive.append(id, direct("-two")));
        assertEquals("head-one-two", new String(drive.read(id, 0, 12), StandardCharsets.US_ASCII));
        assertStatus(assertThrows(DriveException.class, () -> drive.append(MISSING_ID, direct("x"))),
                Status.NO_SUCH_OBJECT, "WRITE_OBJECT", Long.toString(MISSING_ID));
        IllegalArgumentException big = assertThrows(IllegalArgumentException.class,
                () -> drive.append(id, ByteBuffer.allocateDirect(Limits.MAX_IO + 1)));
        assertTrue(big.getMessage().contains("MAX_IO"), big.getMessage());
    }

    /** Appenders on separate connections (one per thread) never overlap. */
    @Test
    void concurrentAppendsFromSeveralConnectionsNeverOverlap() throws Exception {
        long id = drive.createObject();
        int writers = 3;
        int appends = 100;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        List<Future<long[]>> offsets = new ArrayList<>();
        try {
            for (int w = 0; w < writers; w++) {
                byte mark = (byte) ('a' + w);
                offsets.add(pool.submit(() -> {
                    long[] at = new long[appends];
                    try (Drive own = Drive.connect(address, binding())) {
                        ByteBuffer rec = ByteBuffer.allocateDirect(8);
                        for (int i = 0; i < appends; i++) {
                            rec.clear();
                            while (rec.hasRemaining()) {
                                rec.put(mark);
                            }
                            at[i] = own.append(id, rec.flip());
                        }
                    }
                    return at;
                }));
            }
            List<long[]> landed = new ArrayList<>();
            for (Future<long[]> f : offsets) {
                landed.add(f.get());
            }
            byte[] all = drive.read(id, 0, writers * appends * 8);
            for (int w = 0; w < writers; w++) {
                for (long at : landed.get(w)) {
                    assertEquals(0, at % 8, "records land on whole 8-byte slots");
                    for (int k = 0; k < 8; k++) {
                        assertEquals('a' + w, all[(int) at + k], "slot at " + at + " holds writer " + w + "'s bytes");
                    }
                }
            }
            assertEquals(writers * appends * 8L, drive.stat(id).size());
        } finally {
            pool.shutdownNow();
        }
    }

    /** 20 MB (and 3 bytes, so the last chunk is short) in and out: split into ISPD_MAX_IO commands. */
    @Test
    void largeTransfersAreSplitIntoChunks() throws DriveException {
        int size = 20 * 1024 * 1024 + 3;
        byte[] content = new byte[size];
        new Random(42).nextBytes(content);
        long id = drive.createObject();
        assertEquals(size, drive.write(id, 0, ByteBuffer.allocateDirect(size).put(content).flip()));
        assertEquals(size, drive.stat(id).size());

        ByteBuffer back = ByteBuffer.allocateDirect(size);
        drive.read(id, 0, back);
        assertEquals(-1, back.flip().mismatch(ByteBuffer.wrap(content)), "direct read differs");
        assertArrayEquals(content, drive.read(id, 0, size), "array read differs");

        long copy = drive.createObject();
        assertEquals(size, drive.write(copy, 0, content));
        assertEquals(-1, ByteBuffer.wrap(drive.read(copy, 0, size)).mismatch(ByteBuffer.wrap(content)));
        drive.delete(id);
        drive.delete(copy);
    }

    /** Zero copy: the C library writes straight into the caller's memory, exactly where asked. */
    @Test
    void aReadIntoASliceLandsExactlyThere() throws DriveException {
        byte[] letters = ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        long id = objectWith(letters);
        ByteBuffer whole = ByteBuffer.allocateDirect(64);
        for (int i = 0; i < 64; i++) {
            whole.put(i, (byte) '*');
        }
        drive.read(id, 0, whole.slice(10, 26));
        drive.read(id, 20, whole.duplicate().position(40).limit(46));
        String seen = StandardCharsets.US_ASCII.decode(whole.duplicate()).toString();
        assertEquals("**********ABCDEFGHIJKLMNOPQRSTUVWXYZ****UVWXYZ******************", seen);
    }

    @Test
    void aWriteFromASliceTakesExactlyThoseBytes() throws DriveException {
        ByteBuffer whole = direct("....payload....");
        long id = drive.createObject();
        assertEquals(7, drive.write(id, 0, whole.slice(4, 7)));
        assertEquals(3, drive.write(id, 7, whole.duplicate().position(0).limit(3)) - 7);
        assertEquals("payload...", new String(drive.read(id, 0, 10), StandardCharsets.US_ASCII));
    }

    @Test
    void arrayOverloadsUseOnlyTheGivenRange() throws DriveException {
        byte[] src = ascii("--------0123456789++++");
        long id = drive.createObject();
        drive.write(id, 0, src, 8, 10);
        byte[] dst = ascii("abcdefghijklmnop");
        drive.read(id, 2, dst, 3, 5);
        assertEquals("abc23456ijklmnop", new String(dst, StandardCharsets.US_ASCII));
        assertThrows(IndexOutOfBoundsException.class, () -> drive.read(id, 0, dst, 12, 5));
    }

    /** Heap buffers are refused, not copied behind the caller's back; nothing reaches the drive. */
    @Test
    void heapAndReadOnlyBuffersAreRefusedWithAClearMessage() throws DriveException {
        long id = objectWith(ascii("abc"));
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class,
                () -> drive.write(id, 0, ByteBuffer.wrap(ascii("xyz"))));
        assertTrue(w.getMessage().startsWith("write: the buffer must be direct"), w.getMessage());
        IllegalArgumentException r = assertThrows(IllegalArgumentException.class,
                () -> drive.read(id, 0, ByteBuffer.allocate(3)));
        assertTrue(r.getMessage().startsWith("read: the buffer must be direct"), r.getMessage());
        IllegalArgumentException ro = assertThrows(IllegalArgumentException.class,
                () -> drive.read(id, 0, ByteBuffer.allocateDirect(3).asReadOnlyBuffer()));
        assertEquals("read: the buffer is read-only", ro.getMessage());
        assertEquals("abc", new String(drive.read(id, 0, 3), StandardCharsets.US_ASCII));
        assertThrows(IllegalArgumentException.class,
                () -> binding().get().readObject(0, id, 0, ByteBuffer.allocate(3), 0, 3), "the binding refuses too");
    }

    @Test
    void readingPastTheEndIsOutOfRangeAndTheMessageGivesTheSize() throws DriveException {
        long id = objectWith(new byte[100]);
        DriveException e = assertThrows(DriveException.class, () -> drive.read(id, 90, ByteBuffer.allocateDirect(20)));
        assertStatus(e, Status.OUT_OF_RANGE, "READ_OBJECT", "100");
        assertEquals(100, drive.stat(id).size(), "the connection is still usable");
    }

    @Test
    void unknownObjectsAreNoSuchObjectNamingTheId() {
        String id = Long.toString(MISSING_ID);
        assertStatus(assertThrows(DriveException.class, () -> drive.stat(MISSING_ID)), Status.NO_SUCH_OBJECT,
                "STAT_OBJECT", id);
        assertStatus(assertThrows(DriveException.class, () -> drive.read(MISSING_ID, 0, 1)), Status.NO_SUCH_OBJECT,
                "READ_OBJECT", id);
        assertStatus(assertThrows(DriveException.class, () -> drive.write(MISSING_ID, 0, new byte[1])),
                Status.NO_SUCH_OBJECT, "WRITE_OBJECT", id);
        assertStatus(assertThrows(DriveException.class, () -> drive.delete(MISSING_ID)), Status.NO_SUCH_OBJECT,
                "DELETE_OBJECT", id);
    }

    @Test
    void listingPagesThroughEveryObjectInIdOrder() throws DriveException {
        List<Long> created = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            created.add(objectWith(new byte[i]));
        }
        List<ObjectStat> inPagesOfThree = drive.list(3);
        assertEquals(drive.list(), inPagesOfThree);
        for (int i = 1; i < inPagesOfThree.size(); i++) {
            assertTrue(inPagesOfThree.get(i - 1).id() < inPagesOfThree.get(i).id(), inPagesOfThree.toString());
        }
        for (int i = 0; i < created.size(); i++) {
            assertTrue(inPagesOfThree.contains(new ObjectStat(created.get(i), i, ObjectKind.DATA)));
        }
        ObjectPage first = drive.listPage(0, 3);
        assertEquals(3, first.objects().size());
        assertTrue(first.more());
        assertEquals(inPagesOfThree.subList(0, 3), first.objects());
        ObjectPage rest = drive.listPage(first.lastId(), Limits.MAX_LIST);
        assertFalse(rest.more());
        assertEquals(inPagesOfThree.subList(3, inPagesOfThree.size()), rest.objects());
        assertThrows(IllegalArgumentException.class, () -> drive.listPage(0, 0));
    }

    @Test
    void deleteRemovesTheObject() throws DriveException {
        long id = objectWith(new byte[10]);
        drive.delete(id);
        assertStatus(assertThrows(DriveException.class, () -> drive.stat(id)), Status.NO_SUCH_OBJECT, "STAT_OBJECT",
                Long.toString(id));
        assertTrue(drive.list().stream().noneMatch(o -> o.id() == id));
    }

    // ---- tasklets ----

    @Test
    void createTaskletMakesATaskletObject() throws DriveException {
        long id = drive.createTasklet("q1", Params.of("entrySize", "32"));
        assertEquals(new ObjectStat(id, drive.stat(id).size(), ObjectKind.TASKLET), drive.stat(id));
        assertTrue(drive.list().stream().anyMatch(o -> o.id() == id && o.kind() == ObjectKind.TASKLET));
    }

    @Test
    void anUnknownBuiltinIsNoSuchTasklet() {
        DriveException e = assertThrows(DriveException.class, () -> drive.createTasklet("nosuch", Params.EMPTY));
        assertStatus(e, Status.NO_SUCH_TASKLET, "CREATE_TASKLET", "nosuch");
    }

    @Test
    void aBadParameterIsNamed() {
        DriveException e = assertThrows(DriveException.class,
                () -> drive.createTasklet("q1", Params.of("entrySize", "33")));
        assertStatus(e, Status.BAD_PARAMETER, "CREATE_TASKLET", "entrySize");
    }

    @Test
    void plansAndModulesPassThroughToTheDrive() {
        DriveException plan = assertThrows(DriveException.class,
                () -> drive.createTasklet(TaskletForm.PLAN, "custom", Params.EMPTY, direct("{\"scan\": []}")));
        assertEquals(Status.BAD_PARAMETER, plan.status(), plan.getMessage());
        assertTrue(plan.getMessage().contains("plan encoding, byte 0"), plan.getMessage());
        DriveException module = assertThrows(DriveException.class,
                () -> drive.createTasklet(TaskletForm.MODULE, "custom@1", Params.EMPTY, direct("{\"scan\": []}")));
        assertEquals(Status.BAD_PARAMETER, module.status(), module.getMessage());
        assertTrue(module.getMessage().contains("a module tasklet takes an empty body"), module.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> drive.createTasklet(TaskletForm.PLAN, "custom", Params.EMPTY, ByteBuffer.wrap(new byte[1])));
    }

    /** A module loaded through the binding runs as the built-in q1 does, is listed, loads again by hash, unloads. */
    @Test
    void aLoadedModuleRunsLikeABuiltInAndUnloads() throws Exception {
        byte[] wasm = java.nio.file.Files.readAllBytes(Path.of("..", "wasm", "examples", "q1.wasm"));
        String name = "q1c-" + binding().name().toLowerCase();
        drive.loadModule(name, 1, wasm);
        drive.loadModule(name, 1, wasm); // the drive holds it already: one chunk, answered at once
        ModuleInfo info = drive.listModules().stream().filter(m -> m.name().equals(name)).findFirst().orElseThrow();
        assertEquals(new ModuleInfo(name, 1, wasm.length, java.util.HexFormat.of().formatHex(Drive.sha256(wasm))), info);

        long[] expected = new long[WorldCup98.REGIONS];
        long data = objectWith(entries(5000, 32, new Random(11), expected, 5000));
        long module = drive.createTasklet(TaskletForm.MODULE, info.taskletName(), Params.of("entrySize", "32"), null);
        TaskletResult r = new TaskletRunner(drive).run(module, 0, Params.EMPTY, List.of(new Extent(data, 0, 5000L * 32)));
        assertArrayEquals(expected, Q1Result.decode(r.result()).counts());

        drive.unloadModule(name, 1);
        assertFalse(drive.listModules().contains(info));
        assertStatus(assertThrows(DriveException.class, () -> drive.unloadModule(name, 1)), Status.NO_SUCH_TASKLET,
                "UNLOAD_MODULE", name + "@1");
        DriveException refused = assertThrows(DriveException.class,
                () -> drive.loadModule("junk", 1, "not a module".getBytes(StandardCharsets.US_ASCII)));
        assertStatus(refused, Status.MODULE_REFUSED, "LOAD_MODULE", "not a well-formed WebAssembly module");
    }

    @Test
    void noopRunsEndToEnd() throws Exception {
        int size = 1 << 20;
        long data = objectWith(new byte[size]);
        long noop = drive.createTasklet("noop", Params.EMPTY);
        long before = System.nanoTime();
        TaskletResult r = new TaskletRunner(drive).run(noop, 0, Params.EMPTY, List.of(new Extent(data, 0, size)));
        long clientNs = System.nanoTime() - before;
        assertEquals(0, r.result().length);
        assertTrue(r.modeledNs() > 0, r.toString());
        assertTrue(r.measuredNs() > 0 && r.measuredNs() <= clientNs, "the drive's wall time, within the client's "
                + clientNs + " ns: " + r);
        assertTrue(r.modeledEnergyNj() > 0, r.toString());
        assertTrue(r.pagesTotal() >= size / drive.deviceInfo().pageSize(), r.toString());
        assertTrue(r.polls() >= 1);
    }

    /** q1 over records written here, across two objects and a partial extent, against a count made here. */
    @Test
    void q1CountsAccessesPerRegion() throws Exception {
        int entrySize = 32;
        Random random = new Random(7);
        long[] expected = new long[WorldCup98.REGIONS];
        long first = objectWith(entries(6000, entrySize, random, expected, 6000));
        long second = objectWith(entries(4000, entrySize, random, expected, 2500));
        long q1 = drive.createTasklet("q1", Params.of("entrySize", Integer.toString(entrySize)));
        List<Extent> extents = List.of(new Extent(first, 0, 6000L * entrySize),
                new Extent(second, 0, 2500L * entrySize));
        TaskletResult r = new TaskletRunner(drive).run(q1, 0, Params.EMPTY, extents);
        assertArrayEquals(expected, Q1Result.decode(r.result()).counts());
        assertEquals(8500, Q1Result.decode(r.result()).total());
    }

    /** Issue 10, failure D: a flipped byte on the drive is never served, neither read nor scanned, and a scrub finds it. */
    @Test
    void aDamagedPageIsAMediaErrorForReadsScansAndScrubs() throws Exception {
        long data = objectWith(entries(3000, 64, new Random(5), new long[WorldCup98.REGIONS], 3000));
        Path file = simulated.directory().resolve("drive0").resolve("data").resolve(data + "-0.obj");
        byte[] stored = java.nio.file.Files.readAllBytes(file);
        stored[5000] ^= 0x04;
        java.nio.file.Files.write(file, stored);
        long counted = drive.scrub(data).mediaErrors(); // the drive's count, this scrub's find included

        String page = "object " + data + ", page at offset 4096";
        assertStatus(assertThrows(DriveException.class, () -> drive.read(data, 0, 3000 * 64)), Status.MEDIA_ERROR,
                "READ_OBJECT", page);
        long q1 = drive.createTasklet("q1", Params.of("entrySize", "64"));
        ExecutionStatus s = awaitFinished(drive.execute(q1, 0, Params.EMPTY, List.of(new Extent(data, 0, 3000L * 64))));
        assertEquals(ExecutionState.FAILED, s.state(), s.toString());
        assertEquals(Status.MEDIA_ERROR.code(), s.errorStatus());
        assertTrue(s.errorMessage().contains(page), s.errorMessage());

        ScrubReport r = drive.scrub(data);
        assertEquals(1, r.objects());
        assertEquals(1, r.damaged());
        assertEquals(List.of(new ScrubReport.Damage(data, 4096, r.listed().get(0).message())), r.listed());
        assertTrue(r.listed().get(0).message().startsWith(page), r.listed().get(0).message());
        assertEquals(counted + 3, r.mediaErrors(), "the read, the scan and this scrub are counted");
        drive.delete(data);
    }

    /** Each command of an execution by hand: execute, poll to the end, read the result in pieces, release. */
    @Test
    void anExecutionByHand() throws Exception {
        long[] expected = new long[WorldCup98.REGIONS];
        long data = objectWith(entries(3000, 64, new Random(3), expected, 3000));
        long output = drive.createObject();
        long q1 = drive.createTasklet("q1", Params.of("entrySize", "64"));
        long exec = drive.execute(q1, output, Params.EMPTY, List.of(new Extent(data, 0, 3000L * 64)));
        ExecutionStatus s = awaitFinished(exec);
        assertEquals(ExecutionState.DONE, s.state(), s.toString());
        assertEquals(s.pagesTotal(), s.pagesDone());
        assertEquals("", s.errorMessage());

        byte[] whole = drive.readResult(exec);
        assertEquals(s.resultBytes(), whole.length);
        assertArrayEquals(expected, Q1Result.decode(whole).counts());
        ByteBuffer piece = ByteBuffer.allocateDirect(5);
        ByteBuffer collected = ByteBuffer.allocate(whole.length);
        for (long offset = 0; offset < whole.length; ) {
            assertEquals(whole.length, drive.readResult(exec, offset, piece.clear()));
            offset += piece.position();
            collected.put(piece.flip());
        }
        assertArrayEquals(whole, collected.array());
        assertArrayEquals(whole, drive.read(output, 0, whole.length), "the output object holds the result");

        assertEquals(ExecutionState.DONE, drive.cancel(exec), "cancelling a finished execution changes nothing");
        drive.release(exec);
        assertStatus(assertThrows(DriveException.class, () -> drive.poll(exec)), Status.NO_SUCH_EXECUTION, "POLL",
                Long.toString(exec));
        assertStatus(assertThrows(DriveException.class, () -> drive.readResult(exec)), Status.NO_SUCH_EXECUTION,
                "READ_RESULT", Long.toString(exec));
    }

    /** A drive that answers in 10x modeled time: the runner polls, adapting to the drive's hints, until DONE. */
    @Test
    void theRunnerPollsAPacedExecutionUntilItIsDone() throws Exception {
        try (EmbeddedDrives paced = EmbeddedDrives.builder().directory(tmp.resolve("paced10")).pace(10).start();
             Drive slow = Drive.connect(paced.address(0), binding())) {
            long[] expected = new long[WorldCup98.REGIONS];
            byte[] records = entries(20_000, 64, new Random(11), expected, 20_000);
            long data = slow.createObject();
            slow.write(data, 0, records);
            long q1 = slow.createTasklet("q1", Params.of("entrySize", "64"));
            TaskletResult r = new TaskletRunner(slow).run(q1, 0, Params.EMPTY,
                    List.of(new Extent(data, 0, records.length)));
            assertArrayEquals(expected, Q1Result.decode(r.result()).counts());
            assertTrue(r.polls() > 1, "a paced execution takes more than one poll: " + r);
        }
    }

    /** Past its timeout the runner cancels and releases the execution, and says how far it got. */
    @Test
    void theRunnerCancelsAndReleasesAnExecutionThatOutlivesItsTimeout() throws Exception {
        try (EmbeddedDrives paced = EmbeddedDrives.builder().directory(tmp.resolve("paced1000")).pace(1000).start();
             Drive slow = Drive.connect(paced.address(0), binding())) {
            long data = slow.createObject();
            slow.write(data, 0, new byte[4 << 20]);
            long noop = slow.createTasklet("noop", Params.EMPTY);
            TaskletRunner impatient = new TaskletRunner(slow, new TaskletRunner.Polling(Duration.ofNanos(100_000),
                    Duration.ofMillis(5), Duration.ofMillis(50)));
            InterruptedIOException e = assertThrows(InterruptedIOException.class,
                    () -> impatient.run(noop, 0, Params.EMPTY, List.of(new Extent(data, 0, 4 << 20))));
            assertTrue(e.getMessage().contains("did not finish within PT0.05S"), e.getMessage());
            assertEquals(0, e.getSuppressed().length, "cancel and release should succeed");
            DeviceLog log = slow.deviceLog();
            assertEquals(0, log.queued() + log.running(), log.toString());

            Thread.currentThread().interrupt();
            InterruptedIOException interrupted = assertThrows(InterruptedIOException.class,
                    () -> impatient.run(noop, 0, Params.EMPTY, List.of(new Extent(data, 0, 4 << 20))));
            assertTrue(Thread.interrupted(), "the interrupt flag is kept");
            assertTrue(interrupted.getMessage().startsWith("interrupted while waiting for execution"),
                    interrupted.getMessage());
        }
    }

    @Test
    void runtimeParametersReachTheTasklet() throws DriveException {
        long data = objectWith(new byte[640]);
        long q1 = drive.createTasklet("q1", Params.of("entrySize", "64"));
        DriveException e = assertThrows(DriveException.class,
                () -> drive.execute(q1, 0, Params.of("bogus", "1"), List.of(new Extent(data, 0, 640))));
        assertStatus(e, Status.BAD_PARAMETER, "EXECUTE", "bogus");
    }

    @Test
    void extentsOutsideTheirObjectAreOutOfRange() throws DriveException {
        long data = objectWith(new byte[4096]);
        long noop = drive.createTasklet("noop", Params.EMPTY);
        List<Extent> extents = List.of(new Extent(data, 0, 4096), new Extent(data, 4000, 200));
        DriveException e = assertThrows(DriveException.class, () -> drive.execute(noop, 0, Params.EMPTY, extents));
        assertStatus(e, Status.OUT_OF_RANGE, "EXECUTE", "extent 1");
    }

    @Test
    void unknownExecutionsAreNoSuchExecution() {
        assertStatus(assertThrows(DriveException.class, () -> drive.poll(MISSING_ID)), Status.NO_SUCH_EXECUTION,
                "POLL", Long.toString(MISSING_ID));
        assertStatus(assertThrows(DriveException.class, () -> drive.cancel(MISSING_ID)), Status.NO_SUCH_EXECUTION,
                "CANCEL", Long.toString(MISSING_ID));
        assertStatus(assertThrows(DriveException.class, () -> drive.release(MISSING_ID)), Status.NO_SUCH_EXECUTION,
                "RELEASE", Long.toString(MISSING_ID));
    }

    // ---- the handle ----

    @Test
    void statusNamesAreTheLibrarys() {
        DriveBinding b = binding().get();
        for (Status s : Status.values()) {
            assertEquals(s.name(), b.statusName(s.code()));
        }
        assertEquals("UNKNOWN", b.statusName(4242));
    }

    @Test
    void connectFailuresNameTheAddress() {
        String nowhere = "unix:" + tmp.resolve("no-drive-here.sock");
        DriveException e = assertThrows(DriveException.class, () -> Drive.connect(nowhere, binding()));
        assertStatus(e, Status.CONNECT, "CONNECT", nowhere);
        DriveException bad = assertThrows(DriveException.class, () -> Drive.connect("carrier-pigeon:7", binding()));
        assertStatus(bad, Status.ARGUMENT, "CONNECT", "carrier-pigeon:7");
    }

    @Test
    void aClosedDriveRefusesCallsAndClosesOnce() {
        drive.close();
        drive.close();
        assertFalse(drive.isOpen());
        IllegalStateException e = assertThrows(IllegalStateException.class, drive::deviceInfo);
        assertEquals("drive " + address + " is closed", e.getMessage());
    }

    @Test
    void closeIsRefusedWhileACallIsInProgress() throws Exception {
        CountDownLatch inCall = new CountDownLatch(1);
        CountDownLatch proceed = new CountDownLatch(1);
        DriveBinding pausing = decorate((method, call) -> {
            if (method.equals("deviceLog")) {
                inCall.countDown();
                proceed.await();
            }
            return call.run();
        });
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Drive shared = Drive.connect(address, pausing)) {
            Future<DeviceLog> log = pool.submit(shared::deviceLog);
            assertTrue(inCall.await(10, TimeUnit.SECONDS));
            IllegalStateException e = assertThrows(IllegalStateException.class, shared::close);
            assertEquals("drive " + address + ": close() while a call is in progress", e.getMessage());
            proceed.countDown();
            assertTrue(log.get(10, TimeUnit.SECONDS).commands() > 0);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void theCleanerClosesADriveDroppedWithoutClose() throws Exception {
        AtomicInteger closes = new AtomicInteger();
        DriveBinding counting = decorate((method, call) -> {
            if (method.equals("close")) {
                closes.incrementAndGet();
            }
            return call.run();
        });
        openAndDrop(counting);
        for (int i = 0; i < 200 && closes.get() == 0; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertEquals(1, closes.get(), "the Cleaner should have closed the connection once");
    }

    private void openAndDrop(DriveBinding b) throws DriveException {
        assertTrue(Drive.connect(address, b).deviceInfo().pageSize() > 0);
    }

    /** One connection, many threads: the handle serialises them and every answer is the right one. */
    @Test
    void aSharedDriveServesManyThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> work = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                byte[] mine = new byte[4096];
                Arrays.fill(mine, (byte) t);
                work.add(pool.submit(() -> {
                    long id = drive.createObject();
                    for (int i = 0; i < 50; i++) {
                        drive.write(id, 0, mine);
                        assertArrayEquals(mine, drive.read(id, 0, mine.length));
                    }
                    return null;
                }));
            }
            for (Future<?> f : work) {
                f.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- helpers ----

    /** Asserts the status, the C library's name for it, the failed command and a detail of the drive's message. */
    private void assertStatus(DriveException e, Status status, String operation, String detail) {
        assertEquals(status, e.status(), e.getMessage());
        assertEquals(status.code(), e.code());
        assertEquals(status.name(), e.statusName());
        assertEquals(operation, e.operation());
        assertTrue(e.driveMessage().contains(detail), "drive message '" + e.driveMessage() + "' should name " + detail);
        assertTrue(e.getMessage().startsWith(operation + " on "), e.getMessage());
        assertTrue(e.getMessage().endsWith(e.driveMessage()), e.getMessage());
    }

    private long objectWith(byte[] content) throws DriveException {
        long id = drive.createObject();
        drive.write(id, 0, ByteBuffer.allocateDirect(content.length).put(content).flip());
        return id;
    }

    private ExecutionStatus awaitFinished(long exec) throws DriveException, InterruptedException {
        for (int i = 0; i < 10_000; i++) {
            ExecutionStatus s = drive.poll(exec);
            if (s.state().isFinished()) {
                return s;
            }
            Thread.sleep(1);
        }
        throw new AssertionError("execution " + exec + " did not finish");
    }

    /**
     * {@code n} WorldCup98 entries with random servers; the regions of the first {@code counted}
     * are added to {@code regions}.
     */
    private static byte[] entries(int n, int entrySize, Random random, long[] regions, int counted) {
        ByteBuffer b = ByteBuffer.allocate(n * entrySize);
        for (int i = 0; i < n; i++) {
            int server = random.nextInt(256);
            new WorldCupEntry(894_000_000L + i, random.nextInt(1 << 20), random.nextInt(1 << 16), random.nextInt(1 << 20),
                    0, WorldCup98.status(1, 2), 1, server).writeTo(b, i * entrySize, entrySize);
            if (i < counted) {
                regions[WorldCup98.region(server)]++;
            }
        }
        return b.array();
    }

    private static ByteBuffer direct(String ascii) {
        byte[] bytes = ascii(ascii);
        return ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    }

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** What a decorating binding does around one call of the real binding. */
    private interface Around {
        Object apply(String method, Call call) throws Exception;
    }

    private interface Call {
        Object run() throws Exception;
    }

    /** The real binding of this suite, with {@code around} wrapped round every call. */
    private DriveBinding decorate(Around around) {
        DriveBinding real = binding().get();
        InvocationHandler handler = (proxy, method, args) -> around.apply(method.getName(), () -> {
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw (Exception) e.getCause();
            }
        });
        return (DriveBinding) Proxy.newProxyInstance(DriveBinding.class.getClassLoader(),
                new Class<?>[] {DriveBinding.class}, handler);
    }
}
