package dev.ispd.offload.storage;

import java.io.IOException;

/** How a host run reads the bytes of a planned split's file (through the engine's file system). */
@FunctionalInterface
public interface HostFiles {
    RangeReader open(String file) throws IOException;
}
