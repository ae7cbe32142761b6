package dev.ispd.examples.worldcup;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes generated WorldCup98 entries into a file of any Hadoop file system (osd:// above all). */
public final class WorldCupLoader {
    private static final int CHUNK_BYTES = 8 << 20;

    private final long seed;
    private final long entries;
    private final int entrySize;

    public WorldCupLoader(long seed, long entries, int entrySize) {
        this.seed = seed;
        this.entries = entries;
        this.entrySize = entrySize;
    }

    /** Creates (overwrites) {@code file} with the entries; returns the bytes written. */
    public long load(FileSystem fs, Path file) throws IOException {
        WorldCupGenerator generator = WorldCupGenerator.withDefaults(seed, entries);
        int perChunk = CHUNK_BYTES / entrySize;
        ByteBuffer chunk = ByteBuffer.allocate(perChunk * entrySize);
        long written = 0;
        try (FSDataOutputStream out = fs.create(file, true)) {
            while (generator.produced() < entries) {
                chunk.clear();
                generator.fill(chunk, (int) Math.min(perChunk, entries - generator.produced()), entrySize);
                out.write(chunk.array(), 0, chunk.position());
                written += chunk.position();
            }
        }
        return written;
    }
}
