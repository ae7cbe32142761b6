package dev.ispd.sim.testing;

import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The tests' WorldCup98 data, in device-sim's test jar so that every module's tests share it:
 * seeded entries (the same bytes for a seed), and plain-Java answers to Q1 and Q2 read from the raw
 * bytes, not through the code under test.
 */
public final class WorldCupSamples {
    private WorldCupSamples() {
    }

    /** {@code entries} random entries of {@code entrySize} bytes: every region 0..7, types 0..12 and a few raw ones. */
    public static byte[] generate(long seed, int entries, int entrySize) {
        Random random = new Random(seed);
        ByteBuffer buf = ByteBuffer.allocate(entries * entrySize);
        for (int i = 0; i < entries; i++) {
            int type = random.nextInt(20) == 0 ? 13 + random.nextInt(3) : random.nextInt(13);
            new WorldCupEntry(893_964_000L + i, random.nextInt(100_000), random.nextInt(5_000),
                    random.nextInt(1 << 20), 0, WorldCup98.status(1, 2), type,
                    WorldCup98.server(random.nextInt(WorldCup98.REGIONS), random.nextInt(32)))
                    .writeTo(buf, i * entrySize, entrySize);
        }
        return buf.array();
    }

    /** {@code entries} entries whose regions and named file types are skewed as in the real log. */
    public static byte[] skewed(long seed, int entries, int entrySize) {
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

    /** Accesses per region name, counted from byte 19 of each entry (the server byte; region = top 3 bits). */
    public static Map<String, Long> q1(byte[] data, int entrySize) {
        Map<String, Long> counts = new TreeMap<>();
        for (int p = 0; p + entrySize <= data.length; p += entrySize) {
            counts.merge(WorldCup98.regionName((data[p + 19] & 0xFF) >>> 5), 1L, Long::sum);
        }
        return counts;
    }

    /** Accesses per "region name\ttype name", from bytes 18 (type) and 19 (server) of each entry. */
    public static Map<String, Long> q2(byte[] data, int entrySize) {
        Map<String, Long> counts = new TreeMap<>();
        for (int p = 0; p + entrySize <= data.length; p += entrySize) {
            String key = WorldCup98.regionName((data[p + 19] & 0xFF) >>> 5) + "\t"
                    + WorldCup98.typeName(data[p + 18] & 0xFF);
            counts.merge(key, 1L, Long::sum);
        }
        return counts;
    }

    /** The reducer output a LongSumReducer job writes for {@code counts}: "key\tvalue" lines in key order. */
    public static String asOutput(Map<String, Long> counts) {
        StringBuilder s = new StringBuilder();
        counts.forEach((k, v) -> s.append(k).append('\t').append(v).append('\n'));
        return s.toString();
    }
}
