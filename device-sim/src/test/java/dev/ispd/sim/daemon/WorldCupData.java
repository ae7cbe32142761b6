package dev.ispd.sim.daemon;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.util.Random;

/** Synthetic WorldCup98 entries for tests: a fixed seed, so every run writes the same bytes. */
final class WorldCupData {
    private WorldCupData() {
    }

    static byte[] entries(int count, int entrySize, long seed) {
        Random rnd = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(count * entrySize);
        for (int i = 0; i < count; i++) {
            new WorldCupEntry(893_964_000L + i, rnd.nextInt(1 << 20), rnd.nextInt(1 << 16), rnd.nextInt(1 << 16),
                    0, WorldCup98.status(1, 2), rnd.nextInt(13), WorldCup98.server(rnd.nextInt(4), rnd.nextInt(32)))
                    .writeTo(b, i * entrySize, entrySize);
        }
        return b.array();
    }
}
