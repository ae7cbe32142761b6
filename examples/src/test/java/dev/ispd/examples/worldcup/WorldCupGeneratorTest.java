package dev.ispd.examples.worldcup;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

class WorldCupGeneratorTest {
    private static final int N = 100_000;

    private static ByteBuffer generate(long seed, int entrySize, int chunk) {
        WorldCupGenerator g = WorldCupGenerator.withDefaults(seed, N);
        ByteBuffer buf = ByteBuffer.allocate(N * entrySize);
        while (g.produced() < N) {
            g.fill(buf, (int) Math.min(chunk, N - g.produced()), entrySize);
        }
        return buf.flip();
    }

    @Test
    void sameSeedGivesSameBytesWhateverTheChunking() {
        assertArrayEquals(generate(7, 32, N).array(), generate(7, 32, 333).array());
    }

    @Test
    void differentSeedsDiffer() {
        assertTrue(!java.util.Arrays.equals(generate(1, 32, N).array(), generate(2, 32, N).array()));
    }

    @Test
    void paddingIsZeroAndFieldsMatchUnpaddedRecords() {
        ByteBuffer padded = generate(3, 64, 1000);
        ByteBuffer plain = generate(3, 20, 1000);
        for (int i = 0; i < N; i++) {
            assertEquals(plain.slice(i * 20, 20), padded.slice(i * 64, 20), "record " + i);
            for (int p = 20; p < 64; p++) {
                assertEquals(0, padded.get(i * 64 + p));
            }
        }
    }

    @Test
    void distributionsLookLikeTheRealSite() {
        ByteBuffer buf = generate(11, 20, 4096);
        long[] types = new long[256];
        long[] regions = new long[8];
        long[] objects = new long[20_000];
        long previousTime = 0;
        for (int i = 0; i < N; i++) {
            int at = i * 20;
            types[WorldCup98.type(buf, at)]++;
            regions[WorldCup98.region(WorldCup98.server(buf, at))]++;
            objects[(int) WorldCup98.objectId(buf, at)]++;
            long t = WorldCup98.timestamp(buf, at);
            assertTrue(t >= previousTime, "timestamps never go back");
            previousTime = t;
        }
        assertTrue(types[1] > 0.7 * N, "images dominate: " + types[1]);
        assertTrue(regions[0] > 0.27 * N && regions[0] < 0.33 * N, "Santa Clara about 30%: " + regions[0]);
        assertEquals(0, regions[4] + regions[5] + regions[6] + regions[7], "only the four real regions");
        assertTrue(objects[0] > objects[10] && objects[10] > objects[1000], "Zipf: popularity falls with rank");
        assertTrue(previousTime < WorldCupGenerator.START_SECONDS + 86_400);
    }

    @Test
    void rejectsOverrunAndBadEntrySize() {
        WorldCupGenerator g = WorldCupGenerator.withDefaults(1, 10);
        assertThrows(IllegalArgumentException.class, () -> g.fill(ByteBuffer.allocate(1000), 11, 32));
        assertThrows(IllegalArgumentException.class, () -> g.fill(ByteBuffer.allocate(1000), 1, 48));
        assertThrows(IllegalArgumentException.class, () -> g.fill(ByteBuffer.allocate(10), 1, 32));
    }
}
