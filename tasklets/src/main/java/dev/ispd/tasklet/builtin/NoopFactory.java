package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import java.nio.ByteBuffer;

/**
 * {@code noop}: reads its extents and computes nothing; its result is empty. Measures the cost of
 * a command round trip and of the scan itself (papers/smart-ssd-kang-2013.txt V-B-3). No parameters.
 */
public final class NoopFactory implements TaskletFactory {
    public static final String NAME = "noop";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        params.requireOnly();
    }

    /** Exact: the scan's pages and bytes, no work, no result. */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        try {
            validate(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        return Estimates.scanOnly(bytes, pageSize);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        validate(params.overriddenBy(runtimeParams));
        return new NoopTasklet();
    }

    private static final class NoopTasklet implements Tasklet {
        @Override
        public int recordSize() {
            return 0;
        }

        @Override
        public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
            // Nothing to do: the scanner already meters the pages and bytes read.
        }

        @Override
        public void finish(ResultSink out, Meter meter) {
            // The result is empty.
        }
    }
}
