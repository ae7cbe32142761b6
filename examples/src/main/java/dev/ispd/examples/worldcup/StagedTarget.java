package dev.ispd.examples.worldcup;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.StoredLayout;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes a Hadoop file under a hidden temporary name beside the target ({@code .NAME.loading},
 * which Hadoop's input formats skip) and renames it onto the target only when everything was
 * written, so a load that fails part way leaves the target as it was. On success an existing
 * target is deleted just before the rename. The temporary name is fixed, not random: osd://
 * places a file's chunks on drives by the path it is created at, so the same load always lands
 * the same way; a temporary file left by a crashed load is replaced. The file's record layout
 * ({@link LayoutAttribute}) is recorded on the temporary file, so the target never shows without it.
 */
public final class StagedTarget {
    /** What writes the file's bytes; returns the bytes written. */
    public interface Body {
        long write(FSDataOutputStream out) throws IOException;
    }

    private StagedTarget() {
    }

    /** Writes {@code target}, recording {@code layout} with it unless empty (a compressed file has none). */
    static long write(FileSystem fs, Path target, Optional<Layout> layout, Body body) throws IOException {
        return write(fs, target, layout, fs.getDefaultBlockSize(target), body);
    }

    /**
     * {@link #write(FileSystem, Path, Optional, Body)} with blocks (osd:// chunks) of
     * {@code blockSize} bytes, whole records of the layout, say.
     */
    public static long write(FileSystem fs, Path target, Optional<Layout> layout, long blockSize, Body body)
            throws IOException {
        return write(fs, target, layout, 0, blockSize, body);
    }

    /**
     * {@link #write(FileSystem, Path, Optional, long, Body)} of records stored column-blocked,
     * {@code recordsPerBlock} to a block (0: in rows), as the layout recorded says.
     */
    public static long write(FileSystem fs, Path target, Optional<Layout> layout, int recordsPerBlock, long blockSize,
                             Body body) throws IOException {
        Path parent = target.getParent();
        if (parent != null) {
            fs.mkdirs(parent);
        }
        Path staging = new Path(parent, "." + target.getName() + ".loading");
        long written;
        try {
            try (FSDataOutputStream out = fs.create(staging, true, fs.getConf().getInt("io.file.buffer.size", 4096),
                    fs.getDefaultReplication(staging), blockSize)) {
                written = body.write(out);
            }
            if (layout.isPresent()) {
                LayoutAttribute.record(fs, staging, new StoredLayout(layout.get(), recordsPerBlock));
            }
        } catch (IOException | RuntimeException e) {
            discard(fs, staging, e);
            throw e;
        }
        if (fs.exists(target) && !fs.delete(target, false)) {
            discard(fs, staging, null);
            throw new IOException("could not replace " + target + ": deleting the old file failed");
        }
        if (!fs.rename(staging, target)) {
            throw new IOException("could not rename " + staging + " to " + target + "; the loaded data is in " + staging);
        }
        return written;
    }

    private static void discard(FileSystem fs, Path staging, Exception cause) {
        try {
            fs.delete(staging, false);
        } catch (IOException | RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }
}
