package dev.ispd.sim.controller;

import static dev.ispd.sim.controller.ControllerHarness.await;
import static dev.ispd.sim.controller.ControllerHarness.bytes;
import static dev.ispd.sim.controller.ControllerHarness.call;
import static dev.ispd.sim.controller.ControllerHarness.createData;
import static dev.ispd.sim.controller.ControllerHarness.createTasklet;
import static dev.ispd.sim.controller.ControllerHarness.execute;
import static dev.ispd.sim.controller.ControllerHarness.poll;
import static dev.ispd.sim.controller.ControllerHarness.sum;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.controller.ControllerHarness.Reply;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.testing.LinearModel;
import dev.ispd.sim.testing.SumTaskletFactory;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every command through the controller, with a hand-checkable model ({@link LinearModel}). */
class DriveControllerTest {
    private static final int PAGE = ControllerHarness.PROFILE.pageSizeBytes();
    private static final Params NONE = Params.EMPTY;

    @TempDir
    Path dir;
    private ControllerHarness drive;

    private RequestHandler.Session start(int maxInflight, double pace) throws Exception {
        drive = new ControllerHarness(dir, new LinearModel(), maxInflight, pace);
        return drive.session();
    }

    @AfterEach
    void close() throws Exception {
        if (drive != null) {
            drive.close();
        }
    }

    private static void assertError(Reply r, Status status, String... fragments) {
        assertEquals(status, r.status(), r.message());
        for (String f : fragments) {
            assertTrue(r.message().contains(f), "message '" + r.message() + "' lacks '" + f + "'");
        }
    }

    /** Issue 27 point 6: every opcode reaches a handler; none is answered OK with an empty payload by default. */
    @Test
    void aCommandTheControllerDoesNotServeIsRefusedNotAnsweredOk() throws Exception {
        RequestHandler.Session s = start(4, 0);
        assertError(call(s, new Requests.SetFaults("")), Status.UNSUPPORTED, "SET_FAULTS", "fault injector");
    }

    private static long[] longs(byte[] result) {
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        return new long[] {b.getLong(), b.getLong()};
    }

    private static byte[] readResult(RequestHandler.Session s, long exec, long offset, int len) {
        Responses.ReadResult r = call(s, new Requests.ReadResult(exec, offset, len)).ok();
        byte[] out = new byte[r.data().remaining()];
        r.data().get(out);
        return out;
    }

    private static Responses.DeviceLog log(RequestHandler.Session s) {
        return call(s, new Requests.DeviceLog()).ok();
    }

    @Test
    void deviceInfoReportsTheProfileAndTheTasklets() throws Exception {
        RequestHandler.Session s = start(8, 0);
        Responses.DeviceInfo info = call(s, new Requests.DeviceInfo()).ok();
        assertEquals("drive0", info.driveName());
        assertEquals("smartssd-2013", info.profileName());
        assertEquals(ControllerHarness.PROFILE.capacityBytes(), info.capacityBytes());
        assertEquals(PAGE, info.pageSize());
        assertEquals(ControllerHarness.PROFILE.pagesPerBatch(), info.pagesPerBatch());
        assertEquals(Limits.MAX_IO, info.maxIo());
        assertEquals(8, info.maxInflight());
        String tasklets = info.capabilities().asMap().get("tasklets");
        assertTrue(Arrays.asList(tasklets.split(",")).containsAll(
                java.util.List.of("filter", "microbench", "noop", "q1", "q2", SumTaskletFactory.NAME)), tasklets);
        assertEquals(ControllerHarness.PROFILE.capabilities().get("link.bandwidthBytesPerSec"),
                info.capabilities().asMap().get("link.bandwidthBytesPerSec"));
    }

    @Test
    void eachConnectionKeepsItsOwnVirtualClock() throws Exception {
        RequestHandler.Session a = start(8, 0);
        long id = createData(a, bytes(500, 1)); // a: create (1,000 ns), then write 500 bytes (1,500 ns)
        assertEquals(2_500, log(a).modeledNowNs());
        call(a, new Requests.StatObject(id)).ok();
        call(a, new Requests.ListObjects(0, 10)).ok();
        assertEquals(2_500, log(a).modeledNowNs(), "STAT, LIST and DEVICE_LOG take no modeled time");
        RequestHandler.Session b = drive.session(); // starts at the model's now: 2,500
        call(b, new Requests.ReadObject(id, 0, 100)).ok(); // 1,100 ns
        assertEquals(3_600, log(b).modeledNowNs());
        Responses.DeviceLog l = log(a);
        assertEquals(3, l.commands());
        assertEquals(500, l.bytesWritten());
        assertEquals(100, l.bytesToHost());
        assertEquals(3_600, l.energyNj());
        assertEquals(1, l.components().size());
    }

    @Test
    void executeScansTheExtentsAndKeepsTheResult() throws Exception {
        RequestHandler.Session s = start(8, 0);
        byte[] data = bytes(3 * PAGE + 100, 7);
        long in = createData(s, data);
        long out = createData(s, bytes(50, 3));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long clockBefore = log(s).modeledNowNs();
        long exec = execute(s, t, out, NONE, new Extent(in, 100, PAGE), new Extent(in, 2 * PAGE, PAGE + 100))
                .<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.DONE, p.state(), p.errorMessage());
        assertEquals(0, p.errorStatus());
        assertEquals(4, p.pagesTotal(), "extent 0 touches 2 pages, extent 1 touches 2");
        assertEquals(4, p.pagesDone());
        assertEquals(16, p.resultBytes());
        assertEquals(0, p.suggestedPollUs());
        // submitted at clockBefore + 1,000 (the EXECUTE command); 4 pages x 100 ns; 16 result bytes
        assertEquals(4 * LinearModel.PAGE_NS + 16, p.modeledNs());
        assertEquals(4 * LinearModel.PAGE_NS + 16, p.modeledEnergyNj());
        long[] r = longs(readResult(s, exec, 0, 100));
        assertEquals(2L * PAGE + 100, r[0]);
        assertEquals(sum(data, 100, 100 + PAGE) + sum(data, 2 * PAGE, 3 * PAGE + 100), r[1]);
        assertEquals(16, call(s, new Requests.StatObject(out)).<Responses.ObjectStat>ok().size());
        assertArrayEquals(readResult(s, exec, 0, 16), readObject(s, out, 16), "the result replaced the output object");
        assertArrayEquals(Arrays.copyOf(readResult(s, exec, 0, 16), 2), readResult(s, exec, 0, 2));
        Responses.DeviceLog l = log(s);
        assertEquals(2L * PAGE + 100, l.bytesReadInternal());
        assertTrue(l.modeledNowNs() >= clockBefore + LinearModel.COMMAND_NS + 4 * LinearModel.PAGE_NS + 16);
    }

    private static byte[] readObject(RequestHandler.Session s, long id, int len) {
        ByteBuffer b = call(s, new Requests.ReadObject(id, 0, len)).<Responses.ReadObject>ok().data();
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }

    @Test
    void readResultMovesTheClockToTheExecutionsEnd() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(10 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, 10 * PAGE)).<Responses.Execute>ok().execId();
        await(s, exec);
        long end = log(s).modeledNowNs(); // the model is at the execution's end: 10 pages + 16 result bytes later
        readResult(s, exec, 0, 16);
        assertEquals(end + LinearModel.COMMAND_NS + 16, log(s).modeledNowNs());
    }

    @Test
    void readResultInPiecesAndPastTheEnd() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, 0, Params.of("emitBytes", "1000"), new Extent(in, 0, PAGE))
                .<Responses.Execute>ok().execId();
        await(s, exec);
        Responses.ReadResult tail = call(s, new Requests.ReadResult(exec, 1000, 100)).ok();
        assertEquals(1016, tail.totalLength());
        assertEquals(16, tail.data().remaining(), "fewer bytes than asked at the end of the result");
        assertEquals(0, call(s, new Requests.ReadResult(exec, 1016, 10)).<Responses.ReadResult>ok().data().remaining());
        assertError(call(s, new Requests.ReadResult(exec, 1017, 10)), Status.OUT_OF_RANGE,
                "offset 1017 is past the end of execution " + exec + "'s 1016-byte result");
    }

    @Test
    void executeValidatesEverything() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(2 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, Params.of("recordSize", "32"));
        assertError(execute(s, 999, 0, NONE, new Extent(in, 0, 32)), Status.NO_SUCH_OBJECT,
                "tasklet_id: object 999 does not exist");
        assertError(execute(s, in, 0, NONE, new Extent(in, 0, 32)), Status.WRONG_KIND,
                "tasklet_id: object " + in + " is a DATA object");
        assertError(execute(s, t, 0, NONE, new Extent(in, 0, 32), new Extent(in, 2 * PAGE - 32, 64)),
                Status.OUT_OF_RANGE, "extent 1 (object " + in + ", offset " + (2 * PAGE - 32) + ", length 64)",
                "size " + 2 * PAGE);
        assertError(execute(s, t, 0, NONE, new Extent(in, 0, 32), new Extent(777, 0, 32)), Status.NO_SUCH_OBJECT,
                "extent 1: object 777 does not exist");
        assertError(execute(s, t, 0, NONE, new Extent(t, 0, 0)), Status.WRONG_KIND,
                "extent 0: object " + t + " is a tasklet instance");
        assertError(execute(s, t, t, NONE, new Extent(in, 0, 32)), Status.WRONG_KIND, "output_id: object " + t);
        assertError(execute(s, t, 0, NONE, new Extent(in, 0, 32), new Extent(in, 32, 40)), Status.OUT_OF_RANGE,
                "extent 1", "not a whole number of 32-byte records");
        assertError(execute(s, t, 0, Params.of("failAt", "soon"), new Extent(in, 0, 32)), Status.BAD_PARAMETER,
                "'failAt' must be an integer, got 'soon'");
        assertError(execute(s, t, 0, Params.of("colour", "red"), new Extent(in, 0, 32)), Status.BAD_PARAMETER,
                "unknown parameter 'colour'");
        // nothing was queued by the failures, and the objects they named can still be deleted
        Responses.DeviceLog l = log(s);
        assertEquals(0, l.queued() + l.running());
        long spare = createData(s, bytes(10, 1));
        call(s, new Requests.DeleteObject(spare)).ok();
    }

    @Test
    void createTaskletValidates() throws Exception {
        RequestHandler.Session s = start(8, 0);
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.BUILTIN, "q9", NONE, ByteBuffer.allocate(0))),
                Status.NO_SUCH_TASKLET, "no built-in tasklet 'q9'", "available: ", "q1");
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.BUILTIN, "q1", Params.of("entrySize", "33"),
                ByteBuffer.allocate(0))), Status.BAD_PARAMETER, "tasklet 'q1'", "entrySize", "33");
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.BUILTIN, "q1", NONE, ByteBuffer.allocate(0))),
                Status.BAD_PARAMETER, "entrySize");
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.MODULE, "wasm@1", NONE, ByteBuffer.allocate(4))),
                Status.BAD_PARAMETER, "a module tasklet takes an empty body");
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.MODULE, "wasm@1", NONE, ByteBuffer.allocate(0))),
                Status.NO_SUCH_TASKLET, "no module wasm@1 is loaded on this drive (loaded: none)");
        assertError(call(s, new Requests.CreateTasklet(TaskletForm.BUILTIN, "noop", NONE, ByteBuffer.allocate(4))),
                Status.BAD_PARAMETER, "empty body, got 4 bytes");
        long t = createTasklet(s, "q1", Params.of("entrySize", "32"));
        Responses.ObjectStat st = call(s, new Requests.StatObject(t)).ok();
        assertEquals(new Responses.ObjectStat(t, 0, ObjectKind.TASKLET), st);
        assertError(call(s, new Requests.WriteObject(t, 0, ByteBuffer.allocate(1))), Status.WRONG_KIND,
                "object " + t + " is a tasklet instance");
    }

    @Test
    void failuresAreReportedWithTheirMessage() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(4 * PAGE, 1));
        long out = createData(s, bytes(8, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, out, Params.of("failAt", Integer.toString(2 * PAGE)), new Extent(in, 0, 4 * PAGE))
                .<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(Status.TASKLET_FAILED.code(), p.errorStatus());
        assertTrue(p.errorMessage().contains("tasklet 'test-sum' failed"), p.errorMessage());
        assertTrue(p.errorMessage().contains("reached offset " + 2 * PAGE), p.errorMessage());
        assertError(call(s, new Requests.ReadResult(exec, 0, 10)), Status.NOT_READY, "FAILED");
        assertEquals(8, call(s, new Requests.StatObject(out)).<Responses.ObjectStat>ok().size(),
                "a failed execution leaves its output object alone");

        long big = execute(s, t, 0, Params.of("emitBytes", Integer.toString(65 << 20)), new Extent(in, 0, PAGE))
                .<Responses.Execute>ok().execId();
        p = await(s, big);
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(Status.TASKLET_FAILED.code(), p.errorStatus());
        assertTrue(p.errorMessage().contains("exceeds the limit of"), p.errorMessage());

        long limited = execute(s, t, 0, Params.of("limitAt", Integer.toString(PAGE)), new Extent(in, 0, 4 * PAGE))
                .<Responses.Execute>ok().execId();
        p = await(s, limited);
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(Status.LIMIT_EXCEEDED.code(), p.errorStatus(), "a tasklet beyond a limit the drive sets");
        assertTrue(p.errorMessage().contains("beyond this drive's test limit: scanned past offset " + PAGE),
                p.errorMessage());
    }

    /** Issue 22 point 9 on a drive without authentication: the fair share of slots is per connection. */
    @Test
    void aConnectionUnderItsFairShareGetsASlotAtMaxInflightWithinTwiceIt() throws Exception {
        RequestHandler.Session hog = start(2, 0);
        long in = createData(hog, bytes(4 * PAGE, 1));
        long t = createTasklet(hog, SumTaskletFactory.NAME, NONE);
        Params slow = Params.of("batchDelayMs", "200");
        Extent all = new Extent(in, 0, 4 * PAGE);
        List<RequestHandler.Session> sessions = List.of(hog, hog, drive.session(), drive.session());
        List<Long> running = new ArrayList<>();
        for (RequestHandler.Session s : sessions) {
            running.add(execute(s, t, 0, slow, all).<Responses.Execute>ok().execId());
        }
        assertError(execute(drive.session(), t, 0, slow, all), Status.BUSY, "max_inflight 2", "fair share");
        for (long exec : running) {
            call(hog, new Requests.Cancel(exec)).ok();
        }
    }

    @Test
    void busyAtMaxInflightAndDeleteOfObjectsInUse() throws Exception {
        RequestHandler.Session s = start(2, 0);
        long in = createData(s, bytes(4 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        Params slow = Params.of("batchDelayMs", "200");
        Extent all = new Extent(in, 0, 4 * PAGE);
        long first = execute(s, t, 0, slow, all).<Responses.Execute>ok().execId();
        long second = execute(s, t, 0, slow, all).<Responses.Execute>ok().execId();
        assertError(execute(s, t, 0, NONE, all), Status.BUSY, "max_inflight 2");
        assertError(call(s, new Requests.DeleteObject(in)), Status.BUSY, "object " + in + " is used by 2");
        assertError(call(s, new Requests.DeleteObject(t)), Status.BUSY, "object " + t);
        assertError(call(s, new Requests.Release(second)), Status.BUSY, "QUEUED");
        Responses.DeviceLog l = log(s);
        assertEquals(2, l.queued() + l.running());
        assertEquals(ExecutionState.CANCELLED, call(s, new Requests.Cancel(second)).<Responses.Cancel>ok().state());
        assertEquals(ExecutionState.CANCELLED, call(s, new Requests.Cancel(first)).<Responses.Cancel>ok().state());
        assertEquals(ExecutionState.CANCELLED, poll(s, first).state());
        assertEquals(0, poll(s, second).pagesDone());
        call(s, new Requests.DeleteObject(in)).ok();
        assertError(call(s, new Requests.StatObject(in)), Status.NO_SUCH_OBJECT);
    }

    @Test
    void cancelOfAFinishedExecutionReportsItsState() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, PAGE)).<Responses.Execute>ok().execId();
        await(s, exec);
        assertEquals(ExecutionState.DONE, call(s, new Requests.Cancel(exec)).<Responses.Cancel>ok().state());
        assertEquals(16, readResult(s, exec, 0, 100).length);
    }

    @Test
    void releaseForgetsAndOnlyTheNewest1024FinishedAreKept() throws Exception {
        RequestHandler.Session s = start(2048, 0);
        long in = createData(s, bytes(100, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long first = 0;
        long last = 0;
        for (int i = 0; i < ExecutionTable.MAX_FINISHED + 6; i++) {
            last = execute(s, t, 0, NONE, new Extent(in, 0, 100)).<Responses.Execute>ok().execId();
            first = first == 0 ? last : first;
        }
        await(s, last);
        for (long id = first; id < first + 6; id++) {
            assertError(call(s, new Requests.Poll(id)), Status.NO_SUCH_EXECUTION, "execution " + id + " does not exist");
        }
        assertEquals(ExecutionState.DONE, poll(s, first + 6).state());
        call(s, new Requests.Release(last)).ok();
        assertError(call(s, new Requests.ReadResult(last, 0, 1)), Status.NO_SUCH_EXECUTION);
        assertError(call(s, new Requests.Release(last)), Status.NO_SUCH_EXECUTION);
        assertError(call(s, new Requests.Cancel(123456)), Status.NO_SUCH_EXECUTION);
    }

    @Test
    void pacingHoldsDoneUntilModeledTimeTimesTheFactor() throws Exception {
        // 10 pages = 1,000 modeled ns (+16 result bytes); x 2e5 = about 0.2 s of wall time
        RequestHandler.Session s = start(8, 2e5);
        long in = createData(s, bytes(10 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long started = System.nanoTime();
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, 10 * PAGE)).<Responses.Execute>ok().execId();
        Responses.Poll early = poll(s, exec);
        assertTrue(!early.state().isFinished(), "reported before its paced time: " + early);
        assertTrue(early.suggestedPollUs() >= ExecutionCommands.MIN_POLL_US
                && early.suggestedPollUs() <= ExecutionCommands.MAX_POLL_US, early.toString());
        assertError(call(s, new Requests.ReadResult(exec, 0, 16)), Status.NOT_READY);
        Responses.Poll done = await(s, exec);
        assertEquals(ExecutionState.DONE, done.state());
        long waitedMs = (System.nanoTime() - started) / 1_000_000;
        assertTrue(waitedMs >= (long) (done.modeledNs() * 2e5 / 1e6) - 1, "DONE after only " + waitedMs + " ms");
        assertEquals(16, readResult(s, exec, 0, 16).length);
    }

    @Test
    void pollReportsTheWallTimeTheExecutionRanBesideItsModeledTime() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long in = createData(s, bytes(10 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long before = System.nanoTime();
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, 10 * PAGE)).<Responses.Execute>ok().execId();
        Responses.Poll done = await(s, exec);
        long clientNs = System.nanoTime() - before;
        assertEquals(ExecutionState.DONE, done.state(), done.errorMessage());
        assertTrue(done.measuredNs() > 0 && done.measuredNs() <= clientNs,
                "measured " + done.measuredNs() + " ns of a run the client saw take " + clientNs + " ns");
        assertEquals(done.measuredNs(), poll(s, exec).measuredNs(), "final once DONE");
    }

    @Test
    void aPacedDriveMeasuresItsRunUpToWhenItReportsItDone() throws Exception {
        // 10 pages = 1,000 modeled ns (+16 result bytes); x 1e5 = about 0.1 s of wall time
        RequestHandler.Session s = start(8, 1e5);
        long in = createData(s, bytes(10 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, 10 * PAGE)).<Responses.Execute>ok().execId();
        Responses.Poll done = await(s, exec);
        assertEquals(ExecutionState.DONE, done.state(), done.errorMessage());
        // measured from its first turn, paced from its submission: a loaded machine's wait between them is left out
        assertTrue(done.measuredNs() >= (long) (done.modeledNs() * 1e5) / 2,
                "measured " + done.measuredNs() + " ns, paced to " + (long) (done.modeledNs() * 1e5) + " ns");
    }

    @Test
    void aDriveThatSlowsDownMidRunPacesOnlyItsLaterExecutions() throws Exception {
        // paced from its third execution: 10 pages = 1,000 modeled ns; x 1e6 = about 1 s of wall time
        drive = new ControllerHarness(dir, new LinearModel(), 8, 1e6, 3);
        RequestHandler.Session s = drive.session();
        long in = createData(s, bytes(10 * PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long[] measured = new long[4];
        long[] clientNs = new long[4];
        long pacedNs = 0;
        for (int i = 0; i < measured.length; i++) {
            long before = System.nanoTime();
            long exec = execute(s, t, 0, NONE, new Extent(in, 0, 10 * PAGE)).<Responses.Execute>ok().execId();
            Responses.Poll done = await(s, exec);
            clientNs[i] = System.nanoTime() - before;
            assertEquals(ExecutionState.DONE, done.state(), done.errorMessage());
            measured[i] = done.measuredNs();
            pacedNs = (long) (done.modeledNs() * 1e6);
        }
        for (int i = 0; i < 2; i++) {
            assertTrue(measured[i] < pacedNs / 2, "execution " + (i + 1) + " ran unpaced: " + measured[i] + " ns");
        }
        for (int i = 2; i < 4; i++) { // reported done no sooner than its paced time after submission
            assertTrue(clientNs[i] >= pacedNs, "execution " + (i + 1) + " paced to " + pacedNs + " ns: done after "
                    + clientNs[i] + " ns");
        }
    }

    @Test
    void cancelEndsPacingOfAFinishedExecution() throws Exception {
        RequestHandler.Session s = start(8, 1e9);
        long in = createData(s, bytes(PAGE, 1));
        long t = createTasklet(s, SumTaskletFactory.NAME, NONE);
        long exec = execute(s, t, 0, NONE, new Extent(in, 0, PAGE)).<Responses.Execute>ok().execId();
        assertTrue(!poll(s, exec).state().isFinished());
        ExecutionState state = call(s, new Requests.Cancel(exec)).<Responses.Cancel>ok().state();
        assertTrue(state == ExecutionState.DONE || state == ExecutionState.CANCELLED, "state " + state);
        assertEquals(state, poll(s, exec).state());
    }

    @Test
    void objectCommandsReportStoreErrors() throws Exception {
        RequestHandler.Session s = start(8, 0);
        long id = createData(s, bytes(10, 1));
        assertError(call(s, new Requests.ReadObject(id, 5, 10)), Status.OUT_OF_RANGE,
                "read of object " + id + " at offset 5, length 10 goes past its size 10");
        assertError(call(s, new Requests.WriteObject(id, 11, ByteBuffer.allocate(1))), Status.OUT_OF_RANGE, "hole");
        assertError(call(s, new Requests.CreateObject(id)), Status.OBJECT_EXISTS, "object " + id + " already exists");
        assertError(call(s, new Requests.DeleteObject(4242)), Status.NO_SUCH_OBJECT, "object 4242 does not exist");
        assertError(call(s, new Requests.StatObject(0)), Status.NO_SUCH_OBJECT, "object 0");
        assertEquals(2, log(s).commands(), "failed commands are not counted: create and write only");
    }
}
