package dev.ispd.offload.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/**
 * The few file operations the core's job-wide records need (offload corrections, drive failures),
 * on a file system the job's client and every task JVM reach: the engine supplies it.
 */
public interface SharedFiles {
    boolean exists(String path) throws IOException;

    InputStream open(String path) throws IOException;

    /** A new file at {@code path}, replacing one that is there. */
    OutputStream create(String path) throws IOException;

    /** The files in directory {@code dir}. */
    List<String> list(String dir) throws IOException;

    /** Deletes directory {@code dir} and what it holds. */
    void deleteDirectory(String dir) throws IOException;
}
