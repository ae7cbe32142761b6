package dev.ispd.sim.hostif;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.tasklet.wasm.TaskletModule;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Decodes every checked-in vector (docs/protocol/vectors/*.bin) to the fields documented in
 * docs/protocol/vectors.md, and encodes those fields back to the identical bytes.
 */
class VectorTest {
    private static final Path DIR = Path.of("..", "docs", "protocol", "vectors");

    /** A decoded vector: header and payload reader positioned after the header. */
    private record Frame(FrameHeader header, ByteBuffer payload, byte[] bytes) {
        PayloadReader reader() {
            return new PayloadReader(payload, "vector");
        }
    }

    private static Frame load(String name) throws IOException {
        byte[] bytes = Files.readAllBytes(DIR.resolve(name));
        ByteBuffer b = ByteBuffer.wrap(bytes);
        FrameHeader h = FrameHeader.decode(b);
        assertEquals(null, h.checkFraming(), name + " header");
        assertEquals(bytes.length - FrameFormat.HEADER_SIZE, h.payloadLen(), name + " payload_len");
        assertEquals(0, h.identity());
        assertArrayEquals(new byte[32], h.authTag());
        return new Frame(h, b.slice(), bytes);
    }

    private static Requests.Request request(Frame f, Opcode op, long requestId) throws StatusException {
        assertEquals(op.code(), f.header().opcode());
        assertEquals(0, f.header().flags());
        assertEquals(0, f.header().status());
        assertEquals(requestId, f.header().requestId());
        Requests.Request r = Requests.decode(op, f.reader());
        assertReencodes(f, TestClient.frame(r, requestId));
        return r;
    }

    private static <T extends Responses.Response> T response(Frame f, Opcode op, long requestId, Status status)
            throws StatusException {
        assertEquals(op.code(), f.header().opcode());
        assertEquals(FrameFormat.FLAG_RESPONSE, f.header().flags());
        assertEquals(status.code(), f.header().status());
        assertEquals(requestId, f.header().requestId());
        Responses.Response r = status == Status.OK ? Responses.decode(op, f.reader()) : Responses.Error.decode(f.reader());
        PayloadWriter w = new PayloadWriter(1024);
        r.encode(w);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + w.size());
        FrameHeader.response(op.code(), requestId, w.size(), status).encode(frame);
        assertReencodes(f, frame.put(w.payload()).flip());
        @SuppressWarnings("unchecked")
        T t = (T) r;
        return t;
    }

    private static void assertReencodes(Frame f, ByteBuffer encoded) {
        byte[] out = new byte[encoded.remaining()];
        encoded.get(out);
        assertArrayEquals(f.bytes(), out, "re-encoded frame differs from the vector file");
    }

    private static String text(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return new String(a, StandardCharsets.UTF_8);
    }

    @Test
    void everyDocumentedVectorIsCheckedIn() throws IOException {
        try (var files = Files.list(DIR)) {
            assertEquals(Vectors.all().stream().map(Vectors.Vector::file).sorted().toList(),
                    files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".bin")).sorted().toList());
        }
    }

    @Test
    void everyVectorIsDocumentedInVectorsMd() throws IOException {
        String doc = Files.readString(DIR.resolveSibling("vectors.md"));
        for (Vectors.Vector v : Vectors.all()) {
            assertTrue(doc.contains("| `" + v.file() + "` |"), v.file() + " has no row in docs/protocol/vectors.md");
        }
    }

    @Test
    void everyOpcodeHasARequestAndAResponseVector() throws IOException {
        Set<String> covered = new HashSet<>();
        try (var files = Files.list(DIR)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".bin")).toList()) {
                FrameHeader h = FrameHeader.decode(ByteBuffer.wrap(Files.readAllBytes(file)));
                if (h.status() == Status.OK.code()) {
                    covered.add(Opcode.ofCode(h.opcode()) + (h.isResponse() ? " response" : " request"));
                }
            }
        }
        List<String> missing = new ArrayList<>();
        for (Opcode op : Opcode.values()) {
            for (String frame : List.of(op + " request", op + " response")) {
                if (!covered.contains(frame)) {
                    missing.add(frame);
                }
            }
        }
        assertEquals(List.of(), missing, "frames without a test vector in " + DIR);
    }

    /** Each vector decodes to the message Vectors lists for it (the fields vectors.md documents). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void decodesToItsDocumentedMessage(String file) throws Exception {
        Vectors.Vector v = Vectors.all().stream().filter(x -> x.file().equals(file)).findFirst().orElseThrow();
        Frame f = load(file);
        Opcode op = Opcode.ofCode(v.header().opcode());
        Object decoded = v.header().isResponse()
                ? response(f, op, v.header().requestId(), Status.ofCode(v.header().status()))
                : request(f, op, v.header().requestId());
        assertEquals(v.message(), decoded, file);
    }

    static List<String> vectorFiles() {
        return Vectors.all().stream().map(Vectors.Vector::file).toList();
    }

    @Test
    void deviceInfoRequest() throws Exception {
        Frame f = load("01_device_info_request.bin");
        assertEquals(new Requests.DeviceInfo(), request(f, Opcode.DEVICE_INFO, 1));
        assertEquals(0, f.payload().remaining());
    }

    @Test
    void createObjectRequest() throws Exception {
        assertEquals(new Requests.CreateObject(0), request(load("02_create_object_request.bin"), Opcode.CREATE_OBJECT, 2));
    }

    @Test
    void writeObjectRequest() throws Exception {
        Requests.WriteObject w = (Requests.WriteObject) request(load("03_write_object_request.bin"), Opcode.WRITE_OBJECT, 3);
        assertEquals(42, w.id());
        assertEquals(8192, w.offset());
        assertEquals(12, w.data().remaining());
        assertEquals("hello, drive", text(w.data()));
    }

    @Test
    void readObjectResponse() throws Exception {
        Responses.ReadObject r = response(load("04_read_object_response.bin"), Opcode.READ_OBJECT, 4, Status.OK);
        byte[] data = new byte[r.data().remaining()];
        r.data().get(data);
        assertArrayEquals(new byte[] {(byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF}, data);
    }

    @Test
    void createTaskletRequest() throws Exception {
        Requests.CreateTasklet c = (Requests.CreateTasklet) request(load("05_create_tasklet_request.bin"),
                Opcode.CREATE_TASKLET, 5);
        assertEquals(TaskletForm.BUILTIN, c.form());
        assertEquals("q1", c.name());
        assertEquals(Params.of("entrySize", "256"), c.params());
        assertEquals(0, c.body().remaining());
    }

    @Test
    void executeRequest() throws Exception {
        Requests.Execute e = (Requests.Execute) request(load("06_execute_request.bin"), Opcode.EXECUTE, 6);
        assertEquals(1000, e.taskletId());
        assertEquals(1001, e.outputId());
        assertEquals(Params.EMPTY, e.runtime());
        assertEquals(List.of(new Extent(42, 0, 1048576), new Extent(43, 8192, 16384)), e.extents());
    }

    @Test
    void pollResponse() throws Exception {
        Responses.Poll p = response(load("07_poll_response.bin"), Opcode.POLL, 7, Status.OK);
        assertEquals(new Responses.Poll(ExecutionState.DONE, 0, 0, 130, 130, 72, 123456789, 987654321, 123456789,
                45678901, ""), p);
    }

    @Test
    void pollResponsesWithAServiceTimeBelowTheModeledTime() throws Exception {
        Responses.Poll waited = response(load("44_poll_waited_response.bin"), Opcode.POLL, 44, Status.OK);
        assertEquals(Vectors.POLL_WAITED_44, waited);
        assertEquals(List.of(250000000L, 123456789L), List.of(waited.modeledNs(), waited.serviceNs()));
        Responses.Poll failed = response(load("45_poll_failed_response.bin"), Opcode.POLL, 45, Status.OK);
        assertEquals(Vectors.POLL_FAILED_45, failed);
        assertEquals(List.of(ExecutionState.FAILED, 24, 60000000L), List.of(failed.state(), failed.errorStatus(),
                failed.serviceNs()));
    }

    @Test
    void errorResponse() throws Exception {
        Responses.Error e = response(load("08_error_response.bin"), Opcode.READ_OBJECT, 8, Status.NO_SUCH_OBJECT);
        assertEquals("object 99 does not exist", e.message());
    }

    @Test
    void deviceLogResponse() throws Exception {
        Responses.DeviceLog l = response(load("09_device_log_response.bin"), Opcode.DEVICE_LOG, 9, Status.OK);
        assertEquals(new Responses.DeviceLog(5000000000L, 1, 2, 77, 1073741824L, 4096, 2147483648L, 3500000000L,
                List.of(new Responses.ComponentLog("flash", 2000000000L, 1000000000L),
                        new Responses.ComponentLog("cores", 4000000000L, 2500000000L))), l);
    }

    @Test
    void listObjectsResponse() throws Exception {
        Responses.ListObjects l = response(load("10_list_objects_response.bin"), Opcode.LIST_OBJECTS, 10, Status.OK);
        assertEquals(List.of(new Responses.ObjectStat(42, 8192, ObjectKind.DATA),
                new Responses.ObjectStat(1000, 0, ObjectKind.TASKLET)), l.entries());
        assertFalse(l.more());
    }

    @Test
    void deviceInfoResponse() throws Exception {
        Responses.DeviceInfo i = response(load("11_device_info_response.bin"), Opcode.DEVICE_INFO, 11, Status.OK);
        assertEquals("drive0", i.driveName());
        assertEquals("smartssd-2013", i.profileName());
        assertEquals(200000000000L, i.capacityBytes());
        assertEquals(8192, i.pageSize());
        assertEquals(128, i.pagesPerBatch());
        assertEquals(8388608, i.maxIo());
        assertEquals(64, i.maxInflight());
        assertEquals(List.of("tasklets", "link.bandwidthBytesPerSec"), List.copyOf(i.capabilities().asMap().keySet()));
        assertEquals("noop,q1", i.capabilities().asMap().get("tasklets"));
        assertEquals("300000000", i.capabilities().asMap().get("link.bandwidthBytesPerSec"));
    }

    @Test
    void scrubRequest() throws Exception {
        assertEquals(new Requests.Scrub(0), request(load("30_scrub_request.bin"), Opcode.SCRUB, 30));
    }

    @Test
    void scrubResponse() throws Exception {
        Responses.Scrub s = response(load("31_scrub_response.bin"), Opcode.SCRUB, 31, Status.OK);
        assertEquals(Vectors.SCRUB_31, s);
    }

    @Test
    void setFaultsRequestAndResponse() throws Exception {
        assertEquals(new Requests.SetFaults(Vectors.FAULT_PLAN_39),
                request(load("39_set_faults_request.bin"), Opcode.SET_FAULTS, 39));
        assertEquals(new Responses.Empty(),
                response(load("40_set_faults_response.bin"), Opcode.SET_FAULTS, 40, Status.OK));
    }

    @Test
    void noSpaceResponse() throws Exception {
        Responses.Error e = response(load("41_no_space_response.bin"), Opcode.WRITE_OBJECT, 41, Status.NO_SPACE);
        assertEquals(26, Status.NO_SPACE.code());
        assertEquals("WRITE_OBJECT: the drive is full", e.message());
    }

    @Test
    void refusedModuleVectors() throws Exception {
        Requests.LoadModule load = (Requests.LoadModule) request(load("42_load_refused_module_request.bin"),
                Opcode.LOAD_MODULE, 42);
        assertEquals(List.of("wasi", 1, (long) Vectors.WASI_MODULE.length, 0L),
                List.of(load.name(), load.version(), load.totalSize(), load.offset()));
        assertArrayEquals(Vectors.WASI_MODULE_SHA256, load.sha256());
        assertEquals(ByteBuffer.wrap(Vectors.WASI_MODULE), load.data());
        assertEquals(new Responses.Error(Vectors.WASI_REFUSED),
                response(load("43_module_refused_response.bin"), Opcode.LOAD_MODULE, 43, Status.MODULE_REFUSED));
        assertEquals(TaskletModule.digestOf(Vectors.WASI_MODULE), HexFormat.of().formatHex(Vectors.WASI_MODULE_SHA256));
    }

    /** Vector 43 is what a drive really answers vector 42 with. */
    @Test
    void aDriveAnswersTheRefusedModuleVectorWithItsResponse() throws Exception {
        Requests.Request load = request(load("42_load_refused_module_request.bin"), Opcode.LOAD_MODULE, 42);
        try (EmbeddedDrives drives = EmbeddedDrives.start(1); TestClient c = TestClient.connect(drives.address(0))) {
            TestClient.Reply reply = c.call(load);
            assertEquals(Status.MODULE_REFUSED, reply.status());
            assertEquals(Vectors.WASI_REFUSED, reply.message());
        }
    }

    @Test
    void readObjectResponseCarriesTheCrc32cOfItsBytes() throws Exception {
        Frame f = load("04_read_object_response.bin");
        assertEquals(0xF1DC778E, f.payload().order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt(4),
                "CRC32C of DE AD BE EF");
        ByteBuffer damaged = f.payload().duplicate();
        damaged.put(8, (byte) 0xDF);
        StatusException e = org.junit.jupiter.api.Assertions.assertThrows(StatusException.class,
                () -> Responses.decode(Opcode.READ_OBJECT, new PayloadReader(damaged, "vector")));
        assertTrue(e.getMessage().contains("fail the CRC32C it carries"), e.getMessage());
    }

    @Test
    void writerProducesTheCheckedInBytes() throws IOException {
        for (Vectors.Vector v : Vectors.all()) {
            ByteBuffer encoded = v.encode();
            byte[] out = new byte[encoded.remaining()];
            encoded.get(out);
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(DIR.resolve(v.file())), out), v.file());
        }
    }
}
