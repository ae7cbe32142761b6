package dev.ispd.tasklet.spu;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/** Runs an SPU tasklet over bytes stored as object 1, with 4 KB pages and 128-page batches (spu-2018's). */
final class SpuRun {
    static final int PAGE = 4096;

    private SpuRun() {
    }

    static HostRunner.Result run(String tasklet, Params params, ByteBuffer bytes) throws IOException {
        try {
            return new HostRunner(PAGE, 128).run(tasklet, params, Params.EMPTY,
                    List.of(new Extent(1, 0, bytes.remaining())), InMemoryPageSource.of(1, bytes.duplicate()));
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }
}
