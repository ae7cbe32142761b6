package dev.ispd.tasklet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ResultSinkTest {
    @Test
    void wordsPutAsARunAreTheBytesOfEachPutAlone() {
        long[] values = {0, -1, 0x0102030405060708L, Long.MIN_VALUE, 42, 0xFFL << 56};
        ResultSink alone = new ResultSink();
        ResultSink run = new ResultSink();
        // past the first 256 bytes, so that the run's room is made by growing the buffer
        for (int round = 0; round < 20; round++) {
            alone.putByte(round);
            run.putByte(round);
            for (int i = 1; i < 5; i++) {
                alone.putLong(values[i]);
            }
            run.putLongs(values, 1, 4);
            run.putLongs(values, 0, 0);
        }
        assertArrayEquals(alone.toByteArray(), run.toByteArray());
    }

    @Test
    void aRunPastTheLimitIsRefused() {
        // the limit is checked where the buffer grows, past its first 256 bytes
        ResultSink sink = new ResultSink(300);
        sink.putLongs(new long[37], 0, 37);
        assertThrows(ResultSink.ResultTooLargeException.class, () -> sink.putLongs(new long[2], 0, 2));
    }
}
