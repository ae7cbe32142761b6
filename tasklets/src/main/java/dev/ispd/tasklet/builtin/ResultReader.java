package dev.ispd.tasklet.builtin;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/** Reads a built-in's little-endian result; errors name the tasklet and the byte offset. */
final class ResultReader {
    private final String tasklet;
    private final ByteBuffer buf;

    ResultReader(String tasklet, byte[] result) {
        this.tasklet = tasklet;
        this.buf = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
    }

    int offset() {
        return buf.position();
    }

    int remaining() {
        return buf.remaining();
    }

    int u8() {
        need(1);
        return buf.get() & 0xFF;
    }

    int u16() {
        need(2);
        return buf.getShort() & 0xFFFF;
    }

    long u64() {
        need(8);
        return buf.getLong();
    }

    /** An error about the value at byte {@code at} of the result. */
    IllegalArgumentException error(int at, String message) {
        return new IllegalArgumentException(tasklet + " result, offset " + at + ": " + message);
    }

    void requireEnd() {
        if (buf.hasRemaining()) {
            throw error(buf.position(), buf.remaining() + " bytes left over after the last entry");
        }
    }

    private void need(int n) {
        if (buf.remaining() < n) {
            throw error(buf.position(), "truncated: needs " + n + " more bytes, " + buf.remaining() + " left");
        }
    }
}
