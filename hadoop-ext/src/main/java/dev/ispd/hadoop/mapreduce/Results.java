package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.execute.ResultOrigin;
import java.io.IOException;
import java.util.function.Supplier;

/**
 * Decodes a tasklet result for a {@link DeviceMapperFormat}, turning a malformed one into an
 * IOException that names the split's file.
 */
public final class Results {
    private Results() {
    }

    public static <T> T decode(Supplier<T> decoder, ResultOrigin origin) throws IOException {
        try {
            return decoder.get();
        } catch (IllegalArgumentException e) {
            throw new IOException("malformed tasklet result for a split of " + origin.file() + ": " + e.getMessage(), e);
        }
    }
}
