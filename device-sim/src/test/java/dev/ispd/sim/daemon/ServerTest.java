package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.testing.WorldCupSamples;
import dev.ispd.tasklet.builtin.Q1Result;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real drive (real model, real built-in tasklets) behind a real socket, driven by a Java client:
 * every command, then bad input of every kind, while other clients keep working.
 */
class ServerTest {
    private static EmbeddedDrives drives;
    private static String address;

    @BeforeAll
    static void start() throws IOException {
        drives = EmbeddedDrives.builder().drives(2).start();
        address = drives.address(0);
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private static void assertError(TestClient.Reply r, Status status, String... fragments) {
        assertEquals(status, r.status(), () -> r.status() == Status.OK ? "OK" : r.message());
        for (String f : fragments) {
            assertTrue(r.message().contains(f), "message '" + r.message() + "' lacks '" + f + "'");
        }
    }

    @Test
    void everyCommand() throws Exception {
        try (TestClient c = TestClient.connect(address)) {
            Responses.DeviceInfo info = c.info();
            assertEquals("drive0", info.driveName());
            assertEquals("smartssd-2013", info.profileName());
            int entry = 32;
            int count = 20_000;
            byte[] data = WorldCupSamples.generate(42, count, entry);
            long in = c.create(0);
            int half = data.length / 2;
            assertEquals(half, c.write(in, 0, java.util.Arrays.copyOf(data, half)));
            assertEquals(data.length, c.write(in, half, java.util.Arrays.copyOfRange(data, half, data.length)));
            assertArrayEquals(java.util.Arrays.copyOfRange(data, 1000, 9000), c.read(in, 1000, 8000));
            assertEquals(new Responses.ObjectStat(in, data.length, ObjectKind.DATA), c.stat(in));

            long q1 = c.createTasklet("q1", Params.of("entrySize", Integer.toString(entry)));
            long out = c.create(0);
            List<Extent> extents = List.of(new Extent(in, 0, 6400L * entry), new Extent(in, 6400L * entry,
                    (long) (count - 6400) * entry));
            long exec = c.execute(q1, out, Params.EMPTY, extents);
            Responses.Poll p = c.await(exec);
            assertEquals(ExecutionState.DONE, p.state(), p.errorMessage());
            assertEquals(p.pagesTotal(), p.pagesDone());
            assertTrue(p.modeledNs() > 0 && p.modeledEnergyNj() > 0, p.toString());
            byte[] result = c.result(exec);
            assertEquals(p.resultBytes(), result.length);

            HostRunner host = new HostRunner((int) info.pageSize(), (int) info.pagesPerBatch());
            byte[] expected = host.run("q1", Params.of("entrySize", Integer.toString(entry)), Params.EMPTY, extents,
                    InMemoryPageSource.of(in, data)).bytes();
            assertArrayEquals(expected, result, "the drive returns what the same tasklet computes on the host");
            assertEquals(count, Q1Result.decode(result).total());
            assertArrayEquals(result, c.read(out, 0, result.length), "the output object holds the result");

            Responses.ListObjects all = c.list(0, Limits.MAX_LIST);
            assertTrue(all.entries().containsAll(List.of(new Responses.ObjectStat(in, data.length, ObjectKind.DATA),
                    new Responses.ObjectStat(q1, 0, ObjectKind.TASKLET))));
            Responses.ListObjects first = c.list(0, 1);
            assertEquals(1, first.entries().size());
            assertTrue(first.more());

            assertEquals(ExecutionState.DONE, c.cancel(exec));
            c.release(exec);
            assertError(c.call(new Requests.Poll(exec)), Status.NO_SUCH_EXECUTION);

            Responses.DeviceLog log = c.log();
            assertTrue(log.modeledNowNs() > 0 && log.energyNj() > 0);
            assertTrue(log.bytesReadInternal() >= data.length);
            assertTrue(log.bytesWritten() >= data.length);
            assertFalse(log.components().isEmpty());

            c.delete(out);
            assertError(c.call(new Requests.StatObject(out)), Status.NO_SUCH_OBJECT, "object " + out);
        }
    }

    @Test
    void errorsNameTheProblemAndKeepTheConnection() throws Exception {
        try (TestClient c = TestClient.connect(address)) {
            long id = c.create(0);
            c.write(id, 0, new byte[100]);
            assertError(c.call(new Requests.ReadObject(id, 90, 20)), Status.OUT_OF_RANGE,
                    "object " + Long.toUnsignedString(id), "offset 90", "length 20", "size 100");
            long t = c.createTasklet("q1", Params.of("entrySize", "20"));
            assertError(c.call(new Requests.Execute(t, 0, Params.EMPTY, List.of(new Extent(id, 0, 60),
                    new Extent(id, 80, 40)))), Status.OUT_OF_RANGE, "extent 1", "size 100");
            assertError(c.call(new Requests.CreateTasklet(TaskletForm.BUILTIN, "nosuch", Params.EMPTY,
                    ByteBuffer.allocate(0))), Status.NO_SUCH_TASKLET, "'nosuch'");
            assertError(c.call(new Requests.CreateTasklet(TaskletForm.BUILTIN, "q1", Params.of("entrySize", "x"),
                    ByteBuffer.allocate(0))), Status.BAD_PARAMETER, "entrySize");
            assertError(c.call(new Requests.Execute(t, 0, Params.of("bogus", "1"), List.of(new Extent(id, 0, 60)))),
                    Status.BAD_PARAMETER, "bogus");
            assertEquals(100, c.stat(id).size(), "the connection still serves after every error");
        }
    }

    @Test
    void unknownOpcodeAndMalformedPayloadKeepTheConnection() throws Exception {
        try (TestClient c = TestClient.connect(address)) {
            ByteBuffer frame = ByteBuffer.allocate(64 + 3);
            FrameHeader.request(0x7E, 99, 3).encode(frame);
            TestClient.Reply r = c.sendRaw(frame.put(new byte[3]).flip());
            assertError(r, Status.UNKNOWN_OPCODE, "opcode 0x7e");
            assertEquals(99, r.header().requestId());
            assertEquals(0x7E, r.header().opcode());
            assertTrue(r.header().isResponse());

            ByteBuffer shortWrite = ByteBuffer.allocate(64 + 10);
            FrameHeader.request(Opcode.WRITE_OBJECT.code(), 100, 10).encode(shortWrite);
            assertError(c.sendRaw(shortWrite.put(new byte[10]).flip()), Status.MALFORMED, "WRITE_OBJECT", "offset");

            ByteBuffer auth = ByteBuffer.allocate(64);
            new FrameHeader(FrameFormat.MAGIC, 1, Opcode.DEVICE_INFO.code(), FrameFormat.FLAG_AUTH, 101, 0, 0, 0, 0, 0,
                    new byte[32]).encode(auth);
            assertError(c.sendRaw(auth.flip()), Status.UNSUPPORTED, "AUTH");
            assertEquals("drive0", c.info().driveName());
        }
    }

    @Test
    void framingErrorsAreAnsweredThenCloseOnlyThatConnection() throws Exception {
        try (TestClient bystander = TestClient.connect(address)) {
            long id = bystander.create(0);
            bystander.write(id, 0, "still here".getBytes());
            expectClosing(header(0x01020304, 1, 0, 0), Status.BAD_MAGIC, "bad magic 0x01020304");
            expectClosing(header(FrameFormat.MAGIC, 9, 0, 0), Status.BAD_VERSION, "version 9");
            expectClosing(header(FrameFormat.MAGIC, 1, 0x80, 0), Status.BAD_FLAGS, "0x0080");
            expectClosing(header(FrameFormat.MAGIC, 1, FrameFormat.FLAG_RESPONSE, 0), Status.BAD_FLAGS, "RESPONSE");
            expectClosing(header(FrameFormat.MAGIC, 1, 0, Limits.MAX_PAYLOAD + 1L), Status.PAYLOAD_TOO_LARGE,
                    "payload_len 8454145");
            expectClosing(header(FrameFormat.MAGIC, 1, 0, 0xFFFF_FFFFL), Status.PAYLOAD_TOO_LARGE, "4294967295");
            assertArrayEquals("still here".getBytes(), bystander.read(id, 0, 10));
        }
    }

    private static ByteBuffer header(int magic, int version, int flags, long payloadLen) {
        ByteBuffer b = ByteBuffer.allocate(64);
        new FrameHeader(magic, version, Opcode.STAT_OBJECT.code(), flags, 7, payloadLen, 0, 0, 0, 0, new byte[32]).encode(b);
        return b.flip();
    }

    private static void expectClosing(ByteBuffer frame, Status status, String fragment) throws IOException {
        try (TestClient c = TestClient.connect(address)) {
            TestClient.Reply r = c.sendRaw(frame);
            assertError(r, status, fragment);
            assertEquals(7, r.header().requestId());
            assertTrue(c.closedByDrive(), "the drive closes the connection after " + status);
        }
    }

    @Test
    void aFrameCutShortIsAnswered() throws Exception {
        try (SocketChannel ch = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            ch.connect(drives.drive(0).address().socketAddress());
            ByteBuffer b = ByteBuffer.allocate(64);
            FrameHeader.request(Opcode.STAT_OBJECT.code(), 5, 8).encode(b);
            b.flip().limit(30);
            ch.write(b);
            ch.shutdownOutput();
            ByteBuffer reply = ByteBuffer.allocate(200).order(ByteOrder.LITTLE_ENDIAN);
            while (ch.read(reply) >= 0) {
                // read until the drive closes
            }
            FrameHeader h = FrameHeader.decode(reply.flip());
            assertEquals(Status.MALFORMED.code(), h.status());
            assertEquals(5, h.requestId(), "the part of the header that arrived is echoed");
        }
    }

    @Test
    void garbageFromManyClientsLeavesOthersAndTheirDataAlone() throws Exception {
        byte[] data = new byte[1 << 20];
        new Random(1).nextBytes(data);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try (TestClient worker = TestClient.connect(address)) {
            long id = worker.create(0);
            List<Future<Integer>> attackers = new ArrayList<>();
            for (int a = 0; a < 3; a++) {
                long seed = a;
                attackers.add(pool.submit(() -> sendGarbage(seed, 30)));
            }
            for (int i = 0; i < 16; i++) {
                int chunk = data.length / 16;
                worker.write(id, (long) i * chunk, java.util.Arrays.copyOfRange(data, i * chunk, (i + 1) * chunk));
                assertArrayEquals(java.util.Arrays.copyOfRange(data, i * chunk, (i + 1) * chunk),
                        worker.read(id, (long) i * chunk, chunk));
            }
            int answered = 0;
            for (Future<Integer> f : attackers) {
                answered += f.get();
            }
            assertEquals(90, answered, "every garbage connection got an answer");
            assertArrayEquals(data, worker.read(id, 0, data.length));
        } finally {
            pool.shutdown();
        }
        try (TestClient fresh = TestClient.connect(address)) {
            assertEquals("drive0", fresh.info().driveName());
        }
    }

    /**
     * Opens {@code n} connections; every other one sends random bytes, the rest well-framed
     * requests with random opcodes and payloads. Returns how many connections had every frame
     * answered.
     */
    private static int sendGarbage(long seed, int n) throws IOException {
        Random rnd = new Random(seed);
        Opcode[] ops = Opcode.values();
        int answered = 0;
        for (int i = 0; i < n; i++) {
            try (TestClient c = TestClient.connect(address)) {
                if (i % 2 == 0) {
                    byte[] junk = new byte[64 + rnd.nextInt(4096)];
                    rnd.nextBytes(junk);
                    TestClient.Reply r = c.sendRaw(ByteBuffer.wrap(junk));
                    answered += r.status() != Status.OK && !r.message().isEmpty() ? 1 : 0;
                    continue;
                }
                int ok = 0;
                for (int f = 0; f < 5; f++) {
                    byte[] payload = new byte[rnd.nextInt(64)];
                    rnd.nextBytes(payload);
                    int opcode = rnd.nextInt(8) == 0 ? rnd.nextInt(256) : ops[rnd.nextInt(ops.length)].code();
                    ByteBuffer frame = ByteBuffer.allocate(64 + payload.length);
                    FrameHeader.request(opcode, f, payload.length).encode(frame);
                    TestClient.Reply r = c.sendRaw(frame.put(payload).flip());
                    ok += r.header().requestId() == f && r.header().opcode() == opcode ? 1 : 0;
                }
                answered += ok == 5 ? 1 : 0;
            }
        }
        return answered;
    }

    @Test
    void overTcpTheAnswerToAnOversizePayloadSurvivesTheBytesThatFollowIt() throws Exception {
        try (EmbeddedDrives tcp = EmbeddedDrives.builder().tcp(true).start();
             TestClient c = TestClient.connect(tcp.address(0))) {
            ByteBuffer frame = ByteBuffer.allocate(64 + (4 << 20));
            FrameHeader.request(Opcode.WRITE_OBJECT.code(), 3, Limits.MAX_PAYLOAD + 1L).encode(frame);
            frame.position(frame.capacity()).flip();
            assertError(c.sendRaw(frame), Status.PAYLOAD_TOO_LARGE, "payload_len 8454145");
            assertTrue(c.closedByDrive());
        }
    }

    @Test
    void aFileInTheWayOfTheSocketIsLeftAlone(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("drive0.sock"), "precious");
        IOException e = assertThrows(IOException.class, () -> EmbeddedDrives.builder().directory(tmp).start());
        assertTrue(e.getMessage().contains("drive0.sock exists and is not a socket"), e.getMessage());
        assertEquals("precious", Files.readString(tmp.resolve("drive0.sock")));
    }

    @Test
    void everyProfileAnswersWhatAClientCanHold() throws Exception {
        for (String profile : dev.ispd.profile.Profiles.deviceNames()) {
            try (EmbeddedDrives d = EmbeddedDrives.builder().profile(profile).start();
                 TestClient c = TestClient.connect(d.address(0))) {
                Responses.DeviceInfo info = c.info();
                assertEquals(profile, info.profileName());
                assertTrue(info.capabilities().asMap().containsKey("tasklets"), profile);
                Responses.DeviceLog log = c.log();
                assertTrue(log.components().size() <= Limits.MAX_COMPONENTS, profile + ": " + log.components());
                assertTrue(log.components().stream().allMatch(x -> x.component().length() < 64), profile);
                assertTrue(log.components().stream().anyMatch(x -> x.component().equals("flash")), profile);
            }
        }
    }

    @Test
    void drivesInOneJvmAreIndependent() throws Exception {
        try (TestClient a = TestClient.connect(drives.address(0)); TestClient b = TestClient.connect(drives.address(1))) {
            long id = a.create(0);
            a.write(id, 0, new byte[10]);
            assertEquals("drive1", b.info().driveName());
            long inB = b.create(0);
            assertEquals(0, b.stat(inB).size());
            assertEquals(10, a.stat(id).size());
            assertTrue(b.log().bytesWritten() < a.log().bytesWritten());
        }
    }

    @Test
    void connectionsOverTheCapAreAnsweredBusy() throws Exception {
        try (EmbeddedDrives capped = EmbeddedDrives.builder().maxConnections(2).tcp(true)
                .options(o -> o.server(o.server().withAdmissionWait(Duration.ofMillis(200)))).start();
             TestClient two = TestClient.connect(capped.address(0))) {
            assertTrue(capped.address(0).startsWith("tcp:127.0.0.1:"), capped.address(0));
            try (TestClient one = TestClient.connect(capped.address(0))) {
                one.info();
                two.info();
                try (TestClient three = TestClient.connect(capped.address(0))) {
                    assertError(three.call(new Requests.DeviceInfo()), Status.BUSY, "serves 2 connections, its limit",
                            "retry after");
                    assertTrue(three.closedByDrive());
                }
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (true) { // the drive notices the close asynchronously
                try (TestClient four = TestClient.connect(capped.address(0))) {
                    TestClient.Reply r = four.call(new Requests.DeviceInfo());
                    if (r.status() == Status.OK) {
                        break;
                    }
                    assertTrue(System.nanoTime() < deadline, "a slot never freed up");
                }
                Thread.sleep(10);
            }
            assertEquals("drive0", two.info().driveName());
        }
    }
}
