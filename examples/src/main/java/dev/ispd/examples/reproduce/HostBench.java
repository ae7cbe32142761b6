package dev.ispd.examples.reproduce;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The same built-in tasklet run on the host over the same bytes ({@link HostRunner}, the drive's
 * page and batch size), priced by the host profile as if the bytes had crossed the drive's link
 * ({@link HostModel}): the host side of Fig. 6 and of the filter comparison. A host application
 * scanning a drive reads ahead, so each batch's compute overlaps the next batch's read
 * ({@link HostModel#priceStreaming}), as the drive's own scan does: the paper's filter, 18% slower
 * on the device than on the host although the host compares every structure (V-C-4), leaves the
 * host no time beyond its reads.
 */
final class HostBench {
    private final HostRunner runner;
    private final HostModel model;
    private final DeviceProfile device;
    private final long batchBytes;

    HostBench(DeviceProfile device, HostProfile host) {
        this.runner = new HostRunner(device.pageSizeBytes(), device.pagesPerBatch());
        this.model = new HostModel(host);
        this.device = device;
        this.batchBytes = (long) device.pageSizeBytes() * device.pagesPerBatch();
    }

    /** A host run: its result bytes (identical to the drive's) and what it costs. */
    record Run(byte[] result, HostCost cost) {
    }

    /** Runs over {@code bytes}, known as {@code object} (the drive's id, so page addresses match the drive's). */
    Run run(String tasklet, Params params, long object, ByteBuffer bytes) throws IOException {
        long length = bytes.remaining();
        HostRunner.Result r;
        try {
            r = runner.run(tasklet, params, Params.EMPTY, List.of(new Extent(object, 0, length)),
                    InMemoryPageSource.of(object, bytes.duplicate()));
        } catch (BadParameterException e) {
            throw new IllegalArgumentException("built-in " + tasklet + " rejects " + params + ": " + e.getMessage(), e);
        }
        return new Run(r.bytes(), model.priceStreaming(device.link(), r.meter(), length, batchBytes));
    }
}
