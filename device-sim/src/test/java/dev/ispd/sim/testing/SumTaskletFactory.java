package dev.ispd.sim.testing;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletLimitException;
import java.nio.ByteBuffer;

/**
 * {@code test-sum}, a tasklet for the drive's own tests: its result is the number of bytes
 * scanned and the sum of their unsigned values (two little-endian u64). Creation parameter
 * {@code recordSize}; runtime parameters to exercise the drive: {@code failAt} (throw when the
 * scan reaches that object offset), {@code limitAt} (go beyond a limit named {@code test} there),
 * {@code emitBytes} (append that many zero bytes to the result), {@code batchDelayMs} (sleep per
 * batch, to keep an execution running).
 */
public final class SumTaskletFactory implements TaskletFactory {
    public static final String NAME = "test-sum";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        params.requireOnly("recordSize");
        params.getInt("recordSize", 0, 0, 1 << 16);
    }

    @Override
    public Tasklet create(Params params, Params runtime, ScanContext context) throws BadParameterException {
        validate(params);
        runtime.requireOnly("failAt", "limitAt", "emitBytes", "batchDelayMs");
        return new SumTasklet(params.getInt("recordSize", 0, 0, 1 << 16),
                runtime.getLong("failAt", Long.MAX_VALUE, 0, Long.MAX_VALUE),
                runtime.getLong("limitAt", Long.MAX_VALUE, 0, Long.MAX_VALUE),
                runtime.getInt("emitBytes", 0, 0, Integer.MAX_VALUE),
                runtime.getLong("batchDelayMs", 0, 0, 10_000));
    }

    private static final class SumTasklet implements Tasklet {
        private final int recordSize;
        private final long failAt;
        private final long limitAt;
        private final int emitBytes;
        private final long batchDelayMs;
        private long bytes;
        private long sum;

        SumTasklet(int recordSize, long failAt, long limitAt, int emitBytes, long batchDelayMs) {
            this.recordSize = recordSize;
            this.failAt = failAt;
            this.limitAt = limitAt;
            this.emitBytes = emitBytes;
            this.batchDelayMs = batchDelayMs;
        }

        @Override
        public int recordSize() {
            return recordSize;
        }

        @Override
        public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
            if (objectOffset + data.remaining() > failAt) {
                throw new IllegalStateException("reached offset " + failAt + " of object " + objectId);
            }
            if (objectOffset + data.remaining() > limitAt) {
                throw new TaskletLimitException("test", "scanned past offset " + limitAt);
            }
            for (int i = data.position(); i < data.limit(); i++) {
                sum += data.get(i) & 0xFF;
            }
            bytes += data.remaining();
            meter.addRecords(recordSize == 0 ? data.remaining() : data.remaining() / recordSize);
            meter.addDramAccesses(data.remaining());
            if (batchDelayMs > 0) {
                try {
                    Thread.sleep(batchDelayMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void finish(ResultSink out, Meter meter) {
            out.putLong(bytes).putLong(sum);
            for (int i = 0; i < emitBytes; i++) {
                out.putByte(0);
            }
            meter.addBytesOut(16L + emitBytes);
        }
    }
}
