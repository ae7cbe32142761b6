package dev.ispd.offload.execute;

import java.io.IOException;

/** Takes the result bytes of each tasklet run over a split, and where they came from, in order. */
@FunctionalInterface
public interface SplitResults {
    void accept(byte[] result, ResultOrigin origin) throws IOException;
}
