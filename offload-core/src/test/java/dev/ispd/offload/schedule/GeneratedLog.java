package dev.ispd.offload.schedule;

import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.util.Random;

/** A seeded WorldCup98-format log: regions and the named file types skewed as in the real log. */
final class GeneratedLog {
    private GeneratedLog() {
    }

    static byte[] of(int entries, int entrySize, long seed) {
        Random rnd = new Random(seed);
        ByteBuffer buf = ByteBuffer.allocate(entries * entrySize);
        for (int i = 0; i < entries; i++) {
            int region = rnd.nextInt(10) < 7 ? rnd.nextInt(4) : rnd.nextInt(8);
            int type = Math.min(rnd.nextInt(13), rnd.nextInt(13));
            new WorldCupEntry(893_971_817L + rnd.nextInt(86_400), rnd.nextInt(1 << 20), rnd.nextInt(5000),
                    rnd.nextInt(1 << 16), 0, 200, type, region << 5 | rnd.nextInt(32)).writeTo(buf, i * entrySize, entrySize);
        }
        return buf.array();
    }
}
