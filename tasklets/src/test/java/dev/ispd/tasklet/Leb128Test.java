package dev.ispd.tasklet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class Leb128Test {
    private static final long[] VALUES = {0, 1, 127, 128, 255, 300, 16_383, 16_384, 2_097_151, 2_097_152,
        268_435_455, 268_435_456, Integer.MAX_VALUE, 0xFFFF_FFFFL};

    private static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex);
    }

    @Test
    void unsignedValuesAreTheBytesOfTheWasmFormat() {
        // the WebAssembly specification's examples and the ends of each length
        String[][] cases = {{"0", "00"}, {"127", "7f"}, {"128", "8001"}, {"624485", "e58e26"},
            {"4294967295", "ffffffff0f"}};
        for (String[] c : cases) {
            long v = Long.parseLong(c[0]);
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            Leb128.writeU32(stream, v);
            ResultSink sink = new ResultSink();
            Leb128.writeU32(sink, v);
            assertEquals(c[1], HexFormat.of().formatHex(stream.toByteArray()), c[0]);
            assertEquals(c[1], HexFormat.of().formatHex(sink.toByteArray()), c[0] + " into a result");
            assertEquals(c[1].length() / 2, Leb128.sizeU32(v), c[0]);
        }
    }

    @Test
    void whatIsWrittenReadsBackFromArraysAndBuffers() {
        for (long v : VALUES) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(0x55); // the value starts past the first byte
            Leb128.writeU32(out, v);
            out.write(0x55);
            byte[] b = out.toByteArray();
            Leb128.U32 read = Leb128.readU32(b, 1);
            assertEquals((int) v, read.value(), "value " + v);
            assertEquals(Leb128.sizeU32(v), read.length(), "value " + v);
            ByteBuffer buf = ByteBuffer.wrap(b).position(1);
            assertEquals(v, Leb128.readU32(buf), "value " + v);
            assertEquals(1 + Leb128.sizeU32(v), buf.position(), "value " + v + ": the position moves past it");
        }
    }

    @Test
    void signedValuesAreTheBytesOfTheWasmFormat() {
        long[][] cases = {{0, 0x00}, {-1, 0x7f}, {63, 0x3f}, {-64, 0x40}};
        for (long[] c : cases) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            Leb128.writeS64(out, c[0]);
            assertArrayEquals(new byte[] {(byte) c[1]}, out.toByteArray(), "value " + c[0]);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Leb128.writeS64(out, -123_456);
        assertEquals("c0bb78", HexFormat.of().formatHex(out.toByteArray()));
    }

    @Test
    void aBadNumberNamesTheByteWhereItStarts() {
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
                () -> Leb128.readU32(bytes("0080808080800001"), 1));
        assertEquals("the LEB128 number at byte 1 takes more than 5 bytes", tooLong.getMessage());
        IllegalArgumentException wide = assertThrows(IllegalArgumentException.class,
                () -> Leb128.readU32(ByteBuffer.wrap(bytes("00ffffffff1f")).position(1)));
        assertEquals("the LEB128 number at byte 1 is beyond 32 bits", wide.getMessage());
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> Leb128.readU32(bytes("008080"), 1));
        assertEquals("the LEB128 number at byte 1 is cut off by the end, byte 3", cut.getMessage());
        assertThrows(BufferUnderflowException.class, () -> Leb128.readU32(ByteBuffer.wrap(bytes("8080"))));
        assertThrows(IllegalArgumentException.class, () -> Leb128.writeU32(new ByteArrayOutputStream(), 1L << 32));
        assertThrows(IllegalArgumentException.class, () -> Leb128.writeU32(new ResultSink(), -1));
    }
}
