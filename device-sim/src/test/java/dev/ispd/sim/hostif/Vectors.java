package dev.ispd.sim.hostif;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/** The protocol test vectors of docs/protocol/vectors.md, as messages. */
final class Vectors {
    /** One vector: its file, header fields and payload message. */
    record Vector(String file, FrameHeader header, Object message) {
        /** The complete frame: header (with payload_len filled in) and payload. */
        ByteBuffer encode() {
            PayloadWriter w = new PayloadWriter(1024);
            if (message instanceof Requests.Request r) {
                r.encode(w);
            } else {
                ((Responses.Response) message).encode(w);
            }
            FrameHeader h = new FrameHeader(header.magic(), header.version(), header.opcode(), header.flags(),
                    header.requestId(), w.size(), header.status(), header.reserved(), header.identity(), header.sequence(), header.authTag());
            ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + w.size());
            h.encode(frame);
            return frame.put(w.payload()).flip();
        }
    }

    private Vectors() {
    }

    static List<Vector> all() {
        return List.of(
                request("01_device_info_request.bin", 1, new Requests.DeviceInfo()),
                request("02_create_object_request.bin", 2, new Requests.CreateObject(0)),
                request("03_write_object_request.bin", 3, new Requests.WriteObject(42, 8192, ascii("hello, drive"))),
                response("04_read_object_response.bin", Opcode.READ_OBJECT, 4, Status.OK,
                        new Responses.ReadObject(ByteBuffer.wrap(new byte[] {(byte) 0xDE, (byte) 0xAD, (byte) 0xBE, (byte) 0xEF}))),
                request("05_create_tasklet_request.bin", 5, new Requests.CreateTasklet(TaskletForm.BUILTIN, "q1",
                        Params.of("entrySize", "256"), ByteBuffer.allocate(0))),
                request("06_execute_request.bin", 6, new Requests.Execute(1000, 1001, Params.EMPTY,
                        List.of(new Extent(42, 0, 1048576), new Extent(43, 8192, 16384)))),
                response("07_poll_response.bin", Opcode.POLL, 7, Status.OK,
                        new Responses.Poll(ExecutionState.DONE, 0, 0, 130, 130, 72, 123456789, 987654321, 123456789,
                                45678901, "")),
                response("08_error_response.bin", Opcode.READ_OBJECT, 8, Status.NO_SUCH_OBJECT,
                        new Responses.Error("object 99 does not exist")),
                response("09_device_log_response.bin", Opcode.DEVICE_LOG, 9, Status.OK,
                        new Responses.DeviceLog(5000000000L, 1, 2, 77, 1073741824L, 4096, 2147483648L, 3500000000L,
                                List.of(new Responses.ComponentLog("flash", 2000000000L, 1000000000L),
                                        new Responses.ComponentLog("cores", 4000000000L, 2500000000L)))),
                response("10_list_objects_response.bin", Opcode.LIST_OBJECTS, 10, Status.OK,
                        new Responses.ListObjects(List.of(new Responses.ObjectStat(42, 8192, ObjectKind.DATA),
                                new Responses.ObjectStat(1000, 0, ObjectKind.TASKLET)), false)),
                response("11_device_info_response.bin", Opcode.DEVICE_INFO, 11, Status.OK,
                        new Responses.DeviceInfo("drive0", "smartssd-2013", 200000000000L, 8192, 128, 8388608, 64,
                                Params.of("tasklets", "noop,q1", "link.bandwidthBytesPerSec", "300000000"))),
                request("12_device_log_request.bin", 12, new Requests.DeviceLog()),
                response("13_create_object_response.bin", Opcode.CREATE_OBJECT, 13, Status.OK,
                        new Responses.CreateObject(77)),
                response("14_write_object_response.bin", Opcode.WRITE_OBJECT, 14, Status.OK,
                        new Responses.WriteObject(8204)),
                request("15_read_object_request.bin", 15, new Requests.ReadObject(42, 4096, 4)),
                request("16_stat_object_request.bin", 16, new Requests.StatObject(42)),
                response("17_stat_object_response.bin", Opcode.STAT_OBJECT, 17, Status.OK,
                        new Responses.ObjectStat(42, 8192, ObjectKind.DATA)),
                request("18_list_objects_request.bin", 18, new Requests.ListObjects(0, 16)),
                request("19_delete_object_request.bin", 19, new Requests.DeleteObject(43)),
                response("20_delete_object_response.bin", Opcode.DELETE_OBJECT, 20, Status.OK, new Responses.Empty()),
                response("21_create_tasklet_response.bin", Opcode.CREATE_TASKLET, 21, Status.OK,
                        new Responses.CreateTasklet(1000)),
                response("22_execute_response.bin", Opcode.EXECUTE, 22, Status.OK, new Responses.Execute(5)),
                request("23_poll_request.bin", 23, new Requests.Poll(5)),
                request("24_read_result_request.bin", 24, new Requests.ReadResult(5, 0, 72)),
                response("25_read_result_response.bin", Opcode.READ_RESULT, 25, Status.OK,
                        new Responses.ReadResult(72, ByteBuffer.wrap(new byte[] {1, 2, 3, 4, 5, 6, 7, 8}))),
                request("26_cancel_request.bin", 26, new Requests.Cancel(5)),
                response("27_cancel_response.bin", Opcode.CANCEL, 27, Status.OK,
                        new Responses.Cancel(ExecutionState.CANCELLED)),
                request("28_release_request.bin", 28, new Requests.Release(5)),
                response("29_release_response.bin", Opcode.RELEASE, 29, Status.OK, new Responses.Empty()),
                request("30_scrub_request.bin", 30, new Requests.Scrub(0)),
                response("31_scrub_response.bin", Opcode.SCRUB, 31, Status.OK, SCRUB_31),
                request("32_load_module_request.bin", 32, new Requests.LoadModule("count", 1, EMPTY_MODULE.length,
                        EMPTY_MODULE_SHA256, 0, ByteBuffer.wrap(EMPTY_MODULE))),
                response("33_load_module_response.bin", Opcode.LOAD_MODULE, 33, Status.OK,
                        new Responses.LoadModule(8, true)),
                request("34_list_modules_request.bin", 34, new Requests.ListModules()),
                response("35_list_modules_response.bin", Opcode.LIST_MODULES, 35, Status.OK,
                        new Responses.ListModules(List.of(new Responses.ModuleEntry("q1", 2, 1234, COUNTING_SHA256)))),
                request("36_unload_module_request.bin", 36, new Requests.UnloadModule("q1", 2)),
                response("37_unload_module_response.bin", Opcode.UNLOAD_MODULE, 37, Status.OK, new Responses.Empty()),
                response("38_modules_disabled_response.bin", Opcode.LOAD_MODULE, 38, Status.MODULES_DISABLED,
                        new Responses.Error("this drive's admin has turned user tasklet modules off (--modules off)")),
                request("39_set_faults_request.bin", 39, new Requests.SetFaults(FAULT_PLAN_39)),
                response("40_set_faults_response.bin", Opcode.SET_FAULTS, 40, Status.OK, new Responses.Empty()),
                response("41_no_space_response.bin", Opcode.WRITE_OBJECT, 41, Status.NO_SPACE,
                        new Responses.Error("WRITE_OBJECT: the drive is full")),
                request("42_load_refused_module_request.bin", 42, new Requests.LoadModule("wasi", 1, WASI_MODULE.length,
                        WASI_MODULE_SHA256, 0, ByteBuffer.wrap(WASI_MODULE))),
                response("43_module_refused_response.bin", Opcode.LOAD_MODULE, 43, Status.MODULE_REFUSED,
                        new Responses.Error(WASI_REFUSED)),
                response("44_poll_waited_response.bin", Opcode.POLL, 44, Status.OK, POLL_WAITED_44),
                response("45_poll_failed_response.bin", Opcode.POLL, 45, Status.OK, POLL_FAILED_45));
    }

    /** Vector 44: an execution that waited behind other work: its service time is less than its modeled time. */
    static final Responses.Poll POLL_WAITED_44 = new Responses.Poll(ExecutionState.DONE, 0, 0, 130, 130, 72,
            250000000, 987654321, 123456789, 98765432, "");
    static final String MEDIA_ERROR_45 = "reading the extents of execution 5 failed: object 42 page at offset 524288"
            + " fails its checksum";
    /** Vector 45: an execution that failed part way: the service time of the pages it scanned, then the message. */
    static final Responses.Poll POLL_FAILED_45 = new Responses.Poll(ExecutionState.FAILED, Status.MEDIA_ERROR.code(), 0,
            64, 130, 0, 70000000, 400000000, 60000000, 20000000, MEDIA_ERROR_45);

    /** The fault plan of vector 39: one hang of the next EXECUTE. */
    static final String FAULT_PLAN_39 = "{\"faults\":[{\"kind\":\"hang\",\"opcodes\":[\"EXECUTE\"],\"times\":1}]}";

    /** The smallest WebAssembly binary (magic and version): the module of the load vector. */
    static final byte[] EMPTY_MODULE = {0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00};
    static final byte[] EMPTY_MODULE_SHA256 =
            HexFormat.of().parseHex("93a44bbb96c751218e4c00d479e4c14358122a389acca16205b1e4d0dc5f9476");
    /** The bytes 0x00, 0x01, ..., 0x1f: the sha256 field of the list vector. */
    static final byte[] COUNTING_SHA256 = counting();

    private static byte[] counting() {
        byte[] b = new byte[32];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /**
     * The module of vector 42: a type {@code (i32, i32, i32, i32) -> i32} and one import of it,
     * WASI's {@code wasi_snapshot_preview1.fd_write}, which the tasklet ABI forbids.
     */
    static final byte[] WASI_MODULE = wasiModule();
    static final byte[] WASI_MODULE_SHA256 =
            HexFormat.of().parseHex("2f8921923f7c1a44f958907a92f981ed9c76d38c1e4d54d0b78e7db8dceb10ca");
    /** What a drive answers vector 42 with (vector 43). */
    static final String WASI_REFUSED = "module wasi@1 refused: import wasi_snapshot_preview1.fd_write is not allowed:"
            + " a tasklet module may import only ispd.emit, ispd.param, ispd.progress (no WASI)";

    private static byte[] wasiModule() {
        ByteBuffer b = ByteBuffer.allocate(56);
        b.put(EMPTY_MODULE);
        b.put(new byte[] {0x01, 0x09, 0x01, 0x60, 0x04, 0x7f, 0x7f, 0x7f, 0x7f, 0x01, 0x7f}); // type section
        b.put(new byte[] {0x02, 0x23, 0x01, 0x16}).put(ascii("wasi_snapshot_preview1"));     // import section
        b.put((byte) 0x08).put(ascii("fd_write")).put(new byte[] {0x00, 0x00});               // function, type 0
        return b.array();
    }

    /** The damaged object of vector 31. */
    static final Responses.Damage DAMAGE_31 = new Responses.Damage(42, 4096,
            "object 42, page at offset 4096: its 4096 bytes fail their CRC32C");
    static final Responses.Scrub SCRUB_31 = new Responses.Scrub(3, 12288, 2, 1, List.of(DAMAGE_31));

    private static Vector request(String file, long requestId, Requests.Request r) {
        return new Vector(file, FrameHeader.request(r.opcode().code(), requestId, 0), r);
    }

    private static Vector response(String file, Opcode op, long requestId, Status status, Responses.Response r) {
        return new Vector(file, FrameHeader.response(op.code(), requestId, 0, status), r);
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }
}
