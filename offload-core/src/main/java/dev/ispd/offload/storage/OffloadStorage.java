package dev.ispd.offload.storage;

import java.io.IOException;
import java.util.List;

/**
 * What planning needs of a file system over drives (the osd:// file system implements it for
 * Hadoop): its drives, and where a file's bytes are.
 */
public interface OffloadStorage {
    DriveDirectory drives();

    /** The chunks holding all {@code length} bytes of {@code file}, in file order. */
    List<ChunkExtent> locate(String file, long length) throws IOException;
}
