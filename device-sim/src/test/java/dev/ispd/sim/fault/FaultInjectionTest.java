package dev.ispd.sim.fault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each kind of fault of a plan set by SET_FAULTS, over the real protocol: what the client sees,
 * that a scoped fault leaves everything else alone, that a plan fires as often as it says, and
 * that clearing it restores the drive. Also a plan from options at start, bad plans, and
 * SET_FAULTS refused to an identity without admin.
 */
class FaultInjectionTest {
    private static final int PAGE = 8192; // smartssd-2013

    private static EmbeddedDrives drives;
    private static long object;
    private static byte[] data;

    @BeforeAll
    static void start() throws IOException {
        drives = EmbeddedDrives.start(1);
        data = new byte[3 * PAGE];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 31);
        }
        try (TestClient c = client()) {
            object = c.create(0);
            c.write(object, 0, data);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private static TestClient client() throws IOException {
        return TestClient.connect(drives.address(0));
    }

    private static void setFaults(String json) throws IOException {
        try (TestClient c = client()) {
            TestClient.Reply r = c.call(new Requests.SetFaults(json));
            assertEquals(Status.OK, r.status(), r::message);
        }
    }

    @Test
    void mediaErrorsHitOnlyTheChosenPagesAsOftenAsThePlanSays() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"media-error\",\"objects\":[" + object + "],\"pages\":[1],\"times\":2}]}");
        try (TestClient c = client()) {
            assertArrayEquals(slice(0, PAGE), c.read(object, 0, PAGE), "page 0 is not in the plan");
            for (int i = 0; i < 2; i++) {
                TestClient.Reply r = c.call(new Requests.ReadObject(object, PAGE - 10, 20));
                assertEquals(Status.MEDIA_ERROR, r.status());
                assertTrue(r.message().contains("page 1") && r.message().contains("offset " + PAGE), r.message());
            }
            assertArrayEquals(slice(PAGE, PAGE), c.read(object, PAGE, PAGE), "the plan's two errors are spent");
        } finally {
            setFaults("");
        }
    }

    @Test
    void aScanOverAFaultyPageIsRefused() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"media-error\",\"objects\":[" + object + "]}]}");
        try (TestClient c = client()) {
            long tasklet = c.createTasklet("noop", Params.EMPTY);
            TestClient.Reply r = c.call(new Requests.Execute(tasklet, 0, Params.EMPTY,
                    List.of(new Extent(object, 0, data.length))));
            assertEquals(Status.MEDIA_ERROR, r.status(), r.message());
        } finally {
            setFaults("");
        }
    }

    @Test
    void aFullDriveRefusesWritesAndNewObjectsUntilCleared() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"device-full\"}]}");
        try (TestClient c = client()) {
            TestClient.Reply w = c.call(new Requests.WriteObject(object, 0, java.nio.ByteBuffer.wrap(new byte[8])));
            assertEquals(Status.NO_SPACE, w.status(), w.message());
            assertEquals(Status.NO_SPACE, c.call(new Requests.CreateObject(0)).status());
            assertArrayEquals(slice(0, 16), c.read(object, 0, 16), "reads go on; the refused write changed nothing");
            c.call(new Requests.SetFaults(""));
            long id = c.create(0);
            c.delete(id);
        }
    }

    @Test
    void aConnectionIsDroppedAfterTheRequestsThePlanLetsThrough() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"drop-connection\",\"opcodes\":[\"STAT_OBJECT\"],\"after\":2,"
                + "\"times\":1}]}");
        try (TestClient c = client()) {
            c.stat(object);
            c.stat(object);
            c.send(TestClient.frame(new Requests.StatObject(object), 99));
            assertTrue(c.closedByDrive(), "the third STAT_OBJECT ends the connection unanswered");
        }
        try (TestClient c = client()) {
            assertEquals(data.length, c.stat(object).size(), "the fault fired once; the drive serves on");
        }
    }

    @Test
    void aHungDriveAnswersNothingUntilTheClientGivesUp() throws Exception {
        setFaults("{\"faults\":[{\"kind\":\"hang\",\"opcodes\":[\"DEVICE_INFO\"],\"times\":1}]}");
        try (TestClient c = client()) {
            c.send(TestClient.frame(new Requests.DeviceInfo(), 1));
            CompletableFuture<TestClient.Reply> answer = CompletableFuture.supplyAsync(() -> {
                try {
                    return c.readReply();
                } catch (IOException e) {
                    return null;
                }
            });
            assertThrows(TimeoutException.class, () -> answer.get(300, TimeUnit.MILLISECONDS));
        }
        try (TestClient c = client()) {
            assertEquals("drive0", c.info().driveName(), "another connection is served");
        }
    }

    @Test
    void slowAnswersComeTheirDelayLater() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"slow\",\"opcodes\":[\"STAT_OBJECT\"],\"delayMs\":150}]}");
        try (TestClient c = client()) {
            long t0 = System.nanoTime();
            c.stat(object);
            assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(150));
        } finally {
            setFaults("");
        }
    }

    @Test
    void aCrashLosesTheExecutionAndDropsTheConnection() throws IOException {
        setFaults("{\"faults\":[{\"kind\":\"crash\",\"times\":1}]}");
        try (TestClient c = client()) {
            long tasklet = c.createTasklet("noop", Params.EMPTY);
            c.send(TestClient.frame(new Requests.Execute(tasklet, 0, Params.EMPTY,
                    List.of(new Extent(object, 0, data.length))), 50));
            assertTrue(c.closedByDrive(), "the EXECUTE is not answered");
        }
        try (TestClient c = client()) {
            assertEquals(0, c.log().queued() + c.log().running(), "the execution was lost with the crash");
        }
    }

    @Test
    void aSeededProbabilityFiresOnTheSameRequestsEveryRun() throws IOException {
        String plan = "{\"seed\":42,\"faults\":[{\"kind\":\"device-full\",\"opcodes\":[\"WRITE_OBJECT\"],"
                + "\"probability\":0.5}]}";
        List<Status> first = writes(plan);
        assertEquals(first, writes(plan));
        assertTrue(first.contains(Status.OK) && first.contains(Status.NO_SPACE), first.toString());
    }

    private static List<Status> writes(String plan) throws IOException {
        setFaults(plan);
        List<Status> out = new ArrayList<>();
        try (TestClient c = client()) {
            for (int i = 0; i < 16; i++) {
                out.add(c.call(new Requests.WriteObject(object, 0, java.nio.ByteBuffer.wrap(slice(0, 8)))).status());
            }
        } finally {
            setFaults("");
        }
        return out;
    }

    @Test
    void aBadPlanIsRefusedNamingTheFaultAndField() throws IOException {
        try (TestClient c = client()) {
            TestClient.Reply r = c.call(new Requests.SetFaults(
                    "{\"faults\":[{\"kind\":\"slow\",\"delayMs\":5},{\"kind\":\"media-error\"}]}"));
            assertEquals(Status.BAD_PARAMETER, r.status());
            assertEquals("SET_FAULTS plan, fault 1 (media-error): a media error needs \"objects\", the objects whose "
                    + "pages fail", r.message());
            r = c.call(new Requests.SetFaults("{\"faults\":[{\"kind\":\"melt\"}]}"));
            assertTrue(r.message().contains("unknown fault kind 'melt'"), r.message());
            r = c.call(new Requests.SetFaults("{\"faults\":[{\"kind\":\"crash\",\"opcodes\":[\"POLL\"]}]}"));
            assertTrue(r.message().contains("its only opcode is EXECUTE"), r.message());
            assertEquals(data.length, c.stat(object).size(), "a refused plan injects nothing");
        }
    }

    @Test
    void aPlanFromTheOptionsActsFromTheStart() throws IOException {
        FaultPlan plan = FaultPlan.parse("{\"faults\":[{\"kind\":\"device-full\"}]}", "test");
        try (EmbeddedDrives full = EmbeddedDrives.builder().faults(plan).start();
             TestClient c = TestClient.connect(full.address(0))) {
            assertEquals(Status.NO_SPACE, c.call(new Requests.CreateObject(0)).status());
        }
    }

    @Test
    void aPlanFileIsReadAndABadOneNamesTheFile(@TempDir Path dir) throws IOException {
        Path good = java.nio.file.Files.writeString(dir.resolve("plan.json"),
                "{\"seed\": 3, \"faults\": [{\"kind\": \"slow\", \"opcodes\": [\"POLL\"], \"delayMs\": 20}]}");
        FaultPlan plan = FaultPlan.load(good);
        assertEquals(3, plan.seed());
        assertEquals(List.of(new Fault(FaultKind.SLOW, java.util.Set.of(dev.ispd.protocol.Opcode.POLL),
                java.util.Set.of(), java.util.Set.of(), 0, 0, 1, 20)), plan.faults());
        Path bad = java.nio.file.Files.writeString(dir.resolve("bad.json"),
                "{\"faults\": [{\"kind\": \"hang\", \"times\": -1}]}");
        IOException e = assertThrows(IOException.class, () -> FaultPlan.load(bad));
        assertEquals("fault plan " + bad + ", fault 0 (hang): \"times\" must be 0 or more, got -1", e.getMessage());
    }

    @Test
    void onlyAnAdminMaySetFaults(@TempDir Path dir) throws IOException {
        try (EmbeddedDrives secured = EmbeddedDrives.builder().auth(AuthConfig.load(AuthFixture.write(dir))).start()) {
            try (TestClient owner = TestClient.connect(secured.address(0))) {
                owner.authenticate(AuthFixture.OWNER, AuthFixture.key(AuthFixture.OWNER));
                TestClient.Reply r = owner.call(new Requests.SetFaults("{\"faults\":[{\"kind\":\"device-full\"}]}"));
                assertEquals(Status.FORBIDDEN, r.status(), r.message());
                assertTrue(owner.create(0) != 0, "nothing changed: the drive is not full");
            }
            try (TestClient admin = TestClient.connect(secured.address(0))) {
                admin.authenticate(AuthFixture.ADMIN, AuthFixture.key(AuthFixture.ADMIN));
                assertEquals(Status.OK, admin.call(new Requests.SetFaults("")).status());
            }
        }
    }

    private static byte[] slice(int from, int n) {
        return java.util.Arrays.copyOfRange(data, from, from + n);
    }
}
