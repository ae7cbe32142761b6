package dev.ispd.tasklet.wasm;

import java.io.ByteArrayOutputStream;

/** The LEB128 integers of the WebAssembly binary format: read unsigned, write unsigned and signed. */
final class Leb128 {
    private Leb128() {
    }

    /** An unsigned 32-bit value read at an offset, and how many bytes it took. */
    record U32(int value, int length) {
    }

    static U32 readU32(byte[] b, int offset) {
        long value = 0;
        int shift = 0;
        int i = offset;
        while (true) {
            if (i >= b.length || shift > 28) {
                throw new IllegalArgumentException("bad LEB128 integer at byte " + offset);
            }
            int x = b[i++] & 0xff;
            value |= (long) (x & 0x7f) << shift;
            if ((x & 0x80) == 0) {
                return new U32((int) value, i - offset);
            }
            shift += 7;
        }
    }

    static void writeU32(ByteArrayOutputStream out, long value) {
        long v = value;
        do {
            int x = (int) (v & 0x7f);
            v >>>= 7;
            out.write(v != 0 ? x | 0x80 : x);
        } while (v != 0);
    }

    static void writeS64(ByteArrayOutputStream out, long value) {
        long v = value;
        while (true) {
            int x = (int) (v & 0x7f);
            v >>= 7;
            boolean done = (v == 0 && (x & 0x40) == 0) || (v == -1 && (x & 0x40) != 0);
            out.write(done ? x : x | 0x80);
            if (done) {
                return;
            }
        }
    }
}
