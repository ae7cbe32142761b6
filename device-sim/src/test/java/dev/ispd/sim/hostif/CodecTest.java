package dev.ispd.sim.hostif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CodecTest {

    private static ByteBuffer encode(Requests.Request r) {
        PayloadWriter w = new PayloadWriter(64);
        r.encode(w);
        return w.payload();
    }

    private static Requests.Request decode(Opcode op, ByteBuffer payload) throws StatusException {
        return Requests.decode(op, new PayloadReader(payload, op + " request"));
    }

    private static StatusException malformed(Opcode op, ByteBuffer payload) {
        StatusException e = assertThrows(StatusException.class, () -> decode(op, payload));
        assertEquals(Status.MALFORMED, e.status(), e.getMessage());
        return e;
    }

    private static ByteBuffer le(int capacity) {
        return ByteBuffer.allocate(capacity).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Test
    void everyRequestRoundTrips() throws StatusException {
        List<Requests.Request> all = List.of(new Requests.DeviceInfo(), new Requests.DeviceLog(),
                new Requests.CreateObject(-1L), new Requests.ReadObject(7, 1L << 40, Limits.MAX_IO),
                new Requests.StatObject(7), new Requests.ListObjects(0, Limits.MAX_LIST), new Requests.DeleteObject(9),
                new Requests.Poll(3), new Requests.ReadResult(3, 5, 0), new Requests.Cancel(3), new Requests.Release(3));
        for (Requests.Request r : all) {
            assertEquals(r, decode(r.opcode(), encode(r)), r.opcode().name());
        }
        Requests.WriteObject w = (Requests.WriteObject) decode(Opcode.WRITE_OBJECT,
                encode(new Requests.WriteObject(5, 10, ByteBuffer.wrap(new byte[] {1, 2, 3}))));
        assertEquals(5, w.id());
        assertEquals(10, w.offset());
        assertEquals(ByteBuffer.wrap(new byte[] {1, 2, 3}), w.data());
        Requests.CreateTasklet c = (Requests.CreateTasklet) decode(Opcode.CREATE_TASKLET, encode(
                new Requests.CreateTasklet(TaskletForm.PLAN, "plän", Params.of("a.b", "x y", "k-2", ""),
                        ByteBuffer.wrap(new byte[] {9}))));
        assertEquals("plän", c.name());
        assertEquals(Params.of("a.b", "x y", "k-2", ""), c.params());
        assertEquals(1, c.body().remaining());
        List<Extent> extents = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            extents.add(new Extent(i + 1, i * 8192L, 8192));
        }
        Requests.Execute x = new Requests.Execute(1, 0, Params.of("k", "v"), extents);
        assertEquals(x, decode(Opcode.EXECUTE, encode(x)));
    }

    @Test
    void headerRoundTripsAndChecksFraming() {
        ByteBuffer b = ByteBuffer.allocate(64);
        FrameHeader h = FrameHeader.response(0x22, 0x1122334455667788L, 123, Status.BUSY);
        h.encode(b);
        FrameHeader back = FrameHeader.decode(b.flip());
        assertEquals(h, back);
        assertNull(back.checkFraming());
        assertEquals(Status.BAD_MAGIC, new FrameHeader(0x12345678, 1, 1, 0, 1, 0, 0, 0, 0, 0, new byte[32]).checkFraming().status());
        assertEquals(Status.BAD_VERSION,
                new FrameHeader(FrameFormat.MAGIC, 2, 1, 0, 1, 0, 0, 0, 0, 0, new byte[32]).checkFraming().status());
        assertEquals(Status.BAD_FLAGS,
                new FrameHeader(FrameFormat.MAGIC, 1, 1, 4, 1, 0, 0, 0, 0, 0, new byte[32]).checkFraming().status());
        StatusException big = FrameHeader.request(0x11, 1, Limits.MAX_PAYLOAD + 1L).checkFraming();
        assertEquals(Status.PAYLOAD_TOO_LARGE, big.status());
        assertTrue(big.getMessage().contains("8454145"), big.getMessage());
        assertNull(FrameHeader.request(0x11, 1, Limits.MAX_PAYLOAD).checkFraming());
    }

    @Test
    void truncatedPayloadsNameTheField() {
        StatusException e = malformed(Opcode.READ_OBJECT, le(18).putLong(1).putLong(0).putShort((short) 0).flip());
        assertTrue(e.getMessage().contains("READ_OBJECT request: field length needs 4 bytes at payload offset 16 but only 2 remain"), e.getMessage());
        e = malformed(Opcode.CREATE_OBJECT, le(3).flip());
        assertTrue(e.getMessage().contains("requested_id"), e.getMessage());
    }

    @Test
    void trailingBytesAreMalformed() {
        StatusException e = malformed(Opcode.DEVICE_INFO, le(2).flip().limit(2));
        assertTrue(e.getMessage().contains("2 unexpected bytes after the last field"), e.getMessage());
    }

    @Test
    void writeLengthMustMatchTheData() {
        ByteBuffer p = le(8 + 8 + 4 + 5).putLong(1).putLong(0).putInt(6).put(new byte[5]).flip();
        StatusException e = malformed(Opcode.WRITE_OBJECT, p);
        assertTrue(e.getMessage().contains("length 6 does not match the 5 data bytes"), e.getMessage());
        ByteBuffer big = le(20).putLong(1).putLong(0).putInt(Limits.MAX_IO + 1).flip();
        assertTrue(malformed(Opcode.WRITE_OBJECT, big).getMessage().contains("length is 8388609, outside [0, 8388608]"));
    }

    @Test
    void listMaxMustBeInRange() {
        StatusException e = malformed(Opcode.LIST_OBJECTS, le(12).putLong(0).putInt(0).flip());
        assertTrue(e.getMessage().contains("max is 0, outside [1, 4096]"), e.getMessage());
        malformed(Opcode.LIST_OBJECTS, le(12).putLong(0).putInt(Limits.MAX_LIST + 1).flip());
    }

    @Test
    void stringsAreBoundedAndUtf8() {
        ByteBuffer longName = le(1 + 2 + 1025 + 2 + 4).put((byte) 1).putShort((short) 1025).put(new byte[1025])
                .putShort((short) 0).putInt(0).flip();
        assertTrue(malformed(Opcode.CREATE_TASKLET, longName).getMessage().contains("name is 1025 bytes long"));
        ByteBuffer badUtf8 = le(1 + 2 + 2 + 2 + 4).put((byte) 1).putShort((short) 2).put((byte) 0xC3).put((byte) 0x28)
                .putShort((short) 0).putInt(0).flip();
        assertTrue(malformed(Opcode.CREATE_TASKLET, badUtf8).getMessage().contains("name is not valid UTF-8"));
    }

    @Test
    void paramsAreChecked() {
        assertTrue(malformed(Opcode.CREATE_TASKLET, tasklet(params("bad key", "v"))).getMessage()
                .contains("params key 0 'bad key' has a character outside [A-Za-z0-9._-] at index 3"));
        assertTrue(malformed(Opcode.CREATE_TASKLET, tasklet(params("", "v"))).getMessage().contains("params key 0 is empty"));
        assertTrue(malformed(Opcode.CREATE_TASKLET, tasklet(params("k", "a\nb"))).getMessage()
                .contains("value of 'k' contains a newline"));
        assertTrue(malformed(Opcode.CREATE_TASKLET, tasklet(params("k", "1", "k", "2"))).getMessage()
                .contains("key 'k' appears twice"));
        ByteBuffer many = le(2).putShort((short) 65).flip();
        ByteBuffer p = le(1 + 2 + 2 + 4).put((byte) 1).putShort((short) 0).put(many).putInt(0).flip();
        assertTrue(malformed(Opcode.CREATE_TASKLET, p).getMessage().contains("params has 65 pairs, over the limit of 64"));
    }

    @Test
    void taskletFormAndBodyAreChecked() {
        ByteBuffer p = le(1 + 2 + 2 + 4).put((byte) 7).putShort((short) 0).putShort((short) 0).putInt(0).flip();
        assertTrue(malformed(Opcode.CREATE_TASKLET, p).getMessage().contains("form 7 is not one of 1 (BUILTIN), 2 (PLAN), 3 (MODULE)"));
        ByteBuffer body = le(1 + 2 + 2 + 4).put((byte) 1).putShort((short) 0).putShort((short) 0).putInt(100).flip();
        assertTrue(malformed(Opcode.CREATE_TASKLET, body).getMessage().contains("body length 100 exceeds the 0 bytes left"));
    }

    @Test
    void extentCountMustMatchThePayload() {
        ByteBuffer p = le(8 + 8 + 2 + 4 + 24).putLong(1).putLong(0).putShort((short) 0).putInt(2)
                .putLong(1).putLong(0).putLong(10).flip();
        assertTrue(malformed(Opcode.EXECUTE, p).getMessage().contains("n says 2 extents (48 bytes) but 24 bytes follow"));
        ByteBuffer tooMany = le(22).putLong(1).putLong(0).putShort((short) 0).putInt(Limits.MAX_EXTENTS + 1).flip();
        malformed(Opcode.EXECUTE, tooMany);
    }

    @Test
    void hugeExtentIsOutOfRangeNamingItsIndex() {
        ByteBuffer p = le(8 + 8 + 2 + 4 + 48).putLong(1).putLong(0).putShort((short) 0).putInt(2)
                .putLong(1).putLong(0).putLong(10).putLong(1).putLong(-1L).putLong(10).flip();
        StatusException e = assertThrows(StatusException.class, () -> decode(Opcode.EXECUTE, p));
        assertEquals(Status.OUT_OF_RANGE, e.status());
        assertTrue(e.getMessage().startsWith("extent 1 (object 1, offset 18446744073709551615"), e.getMessage());
    }

    @Test
    void errorMessagesAreCutToTheStringLimitOnACharacterBoundary() throws StatusException {
        PayloadWriter w = new PayloadWriter(64);
        new Responses.Error("é".repeat(600)).encode(w);
        String back = Responses.Error.decode(new PayloadReader(w.payload(), "error")).message();
        assertEquals("é".repeat(512), back);
        assertEquals(1024, back.getBytes(StandardCharsets.UTF_8).length);
    }

    @Test
    void writerGrowsAndKeepsItsBuffer() {
        PayloadWriter w = new PayloadWriter(16);
        w.claim(Limits.MAX_IO).put(0, (byte) 7);
        w.u32(1);
        assertEquals(Limits.MAX_IO + 4, w.size());
        w.clear();
        assertEquals(0, w.size());
        assertThrows(IllegalStateException.class, () -> w.claim(Limits.MAX_PAYLOAD + 1));
    }

    private static ByteBuffer params(String... kv) {
        ByteBuffer b = le(256).putShort((short) (kv.length / 2));
        for (String s : kv) {
            byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
            b.putShort((short) bytes.length).put(bytes);
        }
        return b.flip();
    }

    private static ByteBuffer tasklet(ByteBuffer params) {
        return le(1 + 2 + params.remaining() + 4).put((byte) 1).putShort((short) 0).put(params).putInt(0).flip();
    }
}
