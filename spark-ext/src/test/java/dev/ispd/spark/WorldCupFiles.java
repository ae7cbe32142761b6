package dev.ispd.spark;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import java.nio.ByteBuffer;

/** WorldCup98 entries for the tests, from the examples' generator (deterministic for a seed). */
public final class WorldCupFiles {
    private WorldCupFiles() {
    }

    /** {@code entries} generated entries of {@code entrySize} bytes. */
    public static byte[] generate(long seed, int entries, int entrySize) {
        ByteBuffer buf = ByteBuffer.allocate(entries * entrySize);
        WorldCupGenerator.withDefaults(seed, entries).fill(buf, entries, entrySize);
        return buf.array();
    }
}
