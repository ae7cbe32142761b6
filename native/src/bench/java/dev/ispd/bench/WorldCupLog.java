package dev.ispd.bench;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/** Random padded WorldCup98 entries for the scan benchmark, and the plain region count over them. */
final class WorldCupLog {
    /** 1998-05-01 00:00:00 GMT. */
    private static final long FIRST_TIMESTAMP = 893_980_800L;
    /** The logs use regions 0-3 (Santa Clara, Plano, Herndon, Paris). */
    private static final int REGIONS_USED = 4;
    private static final int HTTP_1_0 = 1;

    private WorldCupLog() {
    }

    /** {@code entries} entries of {@code entrySize} bytes in a new direct buffer, deterministic for the seed. */
    static ByteBuffer generate(int entries, int entrySize, long seed) {
        ByteBuffer buf = ByteBuffer.allocateDirect(Math.multiplyExact(entries, entrySize));
        SplittableRandom random = new SplittableRandom(seed);
        long timestamp = FIRST_TIMESTAMP;
        for (int i = 0; i < entries; i++) {
            timestamp += random.nextInt(2);
            new WorldCupEntry(timestamp, random.nextInt(1 << 20), random.nextInt(90_000), random.nextInt(1 << 20),
                    0, WorldCup98.status(HTTP_1_0, WorldCup98.statusIndexOf(200)),
                    random.nextInt(WorldCup98.LAST_NAMED_TYPE + 1),
                    WorldCup98.server(random.nextInt(REGIONS_USED), random.nextInt(32)))
                    .writeTo(buf, i * entrySize, entrySize);
        }
        return buf;
    }

    /**
     * Adds to {@code counts} the entries per region from the buffer's position to its limit: the
     * loop Q1 runs per batch, here with nothing around it.
     */
    static void countRegions(ByteBuffer data, int entrySize, long[] counts) {
        int limit = data.limit();
        for (int p = data.position(); p <= limit - entrySize; p += entrySize) {
            counts[WorldCup98.region(WorldCup98.server(data, p))]++;
        }
    }
}
