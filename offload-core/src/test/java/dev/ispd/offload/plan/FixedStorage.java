package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import java.util.List;

/** Storage for planning tests: {@code drives}, and every file in {@code chunks}. */
record FixedStorage(DriveDirectory drives, List<ChunkExtent> chunks) implements OffloadStorage {
    @Override
    public List<ChunkExtent> locate(String file, long length) {
        return chunks;
    }
}
