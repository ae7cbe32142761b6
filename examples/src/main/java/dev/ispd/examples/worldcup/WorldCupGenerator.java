package dev.ispd.examples.worldcup;

import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;

/**
 * Synthetic WorldCup98 requests that look like the real site, deterministic for a seed.
 * Records are produced in order, chunk by chunk, into a caller's buffer: the same seed and
 * total give the same bytes whatever the chunk sizes. Distributions (docs/worldcup98.md):
 * <ul>
 *   <li>objectID: Zipf law with exponent 1 over {@code objects} URLs (rank r has id r);</li>
 *   <li>type and size: fixed per object, drawn once from the type mix (images dominate) and a
 *       per-type size range;</li>
 *   <li>clientID: uniform over {@code clients};</li>
 *   <li>region: Santa Clara 30%, Plano 20%, Herndon 25%, Paris 25%, server number uniform in
 *       the region;</li>
 *   <li>method GET 99.6% else HEAD; status 200 (78%), 304 (20%), 404 (1.5%), other (0.5%);
 *       HTTP/1.0 70%, HTTP/1.1 30%;</li>
 *   <li>timestamp: from 1998-05-01 00:00 GMT over {@code days} days, non-decreasing, with a
 *       diurnal intensity that peaks in the European evening.</li>
 * </ul>
 */
public final class WorldCupGenerator {
    /** 1998-05-01 00:00:00 GMT. */
    public static final long START_SECONDS = 893_980_800L;

    // Request share per file type (HTML, IMAGE, AUDIO, VIDEO, JAVA, FORMATTED, DYNAMIC, TEXT,
    // COMPRESSED, PROGRAMS, DIRECTORY, ICL, other), per mille. Images dominate the real logs.
    private static final int[] TYPE_PER_MILLE = {98, 870, 2, 1, 3, 1, 8, 2, 5, 1, 6, 0, 3};
    private static final int[] TYPE_MIN_SIZE = {2_000, 300, 20_000, 200_000, 2_000, 20_000, 500, 500, 50_000, 50_000, 500, 0, 100};
    private static final int[] TYPE_MAX_SIZE = {30_000, 40_000, 500_000, 3_000_000, 30_000, 400_000, 10_000, 20_000, 2_000_000, 2_000_000, 5_000, 1, 10_000};
    private static final int[] REGION_PERCENT = {30, 20, 25, 25};
    private static final int[] SERVERS_PER_REGION = {4, 4, 8, 10};
    // Relative request intensity per GMT hour.
    private static final int[] HOURLY_WEIGHT = {3, 2, 2, 1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 12, 9, 6, 4};

    private final SplittableRandom random;
    private final double[] zipfCdf;
    private final byte[] objectType;
    private final int[] objectSize;
    private final int clients;
    private final long total;
    private final double[] hourCdf;
    private final int days;
    private long produced;

    /**
     * @param seed    seed of every draw
     * @param total   records the generator will produce (timestamps spread over them)
     * @param objects distinct URLs
     * @param clients distinct clients
     * @param days    days the timestamps cover
     */
    public WorldCupGenerator(long seed, long total, int objects, int clients, int days) {
        if (total <= 0 || objects <= 0 || clients <= 0 || days <= 0) {
            throw new IllegalArgumentException("total, objects, clients and days must be positive");
        }
        this.random = new SplittableRandom(seed);
        this.total = total;
        this.clients = clients;
        this.days = days;
        this.zipfCdf = zipfCdf(objects);
        this.objectType = new byte[objects];
        this.objectSize = new int[objects];
        SplittableRandom objectRandom = new SplittableRandom(seed ^ 0x5DEECE66DL);
        for (int i = 0; i < objects; i++) {
            int type = pick(TYPE_PER_MILLE, objectRandom.nextInt(1000));
            objectType[i] = (byte) type;
            objectSize[i] = TYPE_MIN_SIZE[type] + objectRandom.nextInt(TYPE_MAX_SIZE[type] - TYPE_MIN_SIZE[type]);
        }
        this.hourCdf = cumulative(HOURLY_WEIGHT);
    }

    /** A generator with the defaults used by the quickstart: 20,000 URLs, 50,000 clients, one day. */
    public static WorldCupGenerator withDefaults(long seed, long total) {
        return new WorldCupGenerator(seed, total, 20_000, 50_000, 1);
    }

    /** Records produced so far. */
    public long produced() {
        return produced;
    }

    /**
     * Writes the next {@code count} records as entries of {@code entrySize} bytes into
     * {@code dst} from its position, advancing it.
     */
    public void fill(ByteBuffer dst, int count, int entrySize) {
        WorldCup98.requireEntrySize(entrySize);
        if (count < 0 || produced + count > total) {
            throw new IllegalArgumentException("asked for " + count + " records after " + produced + " of " + total);
        }
        if ((long) count * entrySize > dst.remaining()) {
            throw new IllegalArgumentException(count + " entries of " + entrySize + " bytes do not fit in "
                    + dst.remaining() + " remaining bytes");
        }
        ByteOrder callersOrder = dst.order();
        dst.order(ByteOrder.BIG_ENDIAN); // the record format is big-endian
        int at = dst.position();
        for (int i = 0; i < count; i++, at += entrySize) {
            writeRecord(dst, at, entrySize);
            produced++;
        }
        dst.position(at).order(callersOrder);
    }

    private void writeRecord(ByteBuffer dst, int at, int entrySize) {
        int object = zipfRank(random.nextDouble());
        int region = pick(REGION_PERCENT, random.nextInt(100));
        int server = WorldCup98.server(region, random.nextInt(SERVERS_PER_REGION[region]));
        int method = random.nextInt(1000) < 996 ? 0 : 1;
        int httpVersion = random.nextInt(10) < 7 ? 1 : 2;
        int roll = random.nextInt(1000);
        int code = roll < 780 ? 200 : roll < 980 ? 304 : roll < 995 ? 404 : 500;
        dst.putInt(at + WorldCup98.TIMESTAMP_OFFSET, (int) timestamp(produced));
        dst.putInt(at + WorldCup98.CLIENT_ID_OFFSET, 1 + random.nextInt(clients));
        dst.putInt(at + WorldCup98.OBJECT_ID_OFFSET, object);
        dst.putInt(at + WorldCup98.SIZE_OFFSET, code == 304 ? 0 : objectSize[object]);
        dst.put(at + WorldCup98.METHOD_OFFSET, (byte) method);
        dst.put(at + WorldCup98.STATUS_OFFSET, (byte) WorldCup98.status(httpVersion, WorldCup98.statusIndexOf(code)));
        dst.put(at + WorldCup98.TYPE_OFFSET, objectType[object]);
        dst.put(at + WorldCup98.SERVER_OFFSET, (byte) server);
        for (int p = WorldCup98.RECORD_SIZE; p < entrySize; p++) {
            dst.put(at + p, (byte) 0);
        }
    }

    /** Non-decreasing: record i of n sits at the point where the diurnal intensity has done i/n of its work. */
    private long timestamp(long index) {
        double dayPosition = (double) index / total * days;
        int day = (int) dayPosition;
        double within = dayPosition - day;
        int hour = 0;
        while (hour < 23 && hourCdf[hour + 1] <= within) {
            hour++;
        }
        double hourFraction = (within - hourCdf[hour]) / (hourCdf[hour + 1] - hourCdf[hour]);
        return START_SECONDS + day * 86_400L + hour * 3_600L + (long) (hourFraction * 3_600);
    }

    private int zipfRank(double u) {
        int lo = 0;
        int hi = zipfCdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (zipfCdf[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static double[] zipfCdf(int n) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / (i + 1);
            cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
        cdf[n - 1] = 1.0;
        return cdf;
    }

    /** cdf[h] = share of the day's requests before hour h; cdf[24] = 1. */
    private static double[] cumulative(int[] weights) {
        double[] cdf = new double[weights.length + 1];
        double sum = 0;
        for (int w : weights) {
            sum += w;
        }
        for (int i = 0; i < weights.length; i++) {
            cdf[i + 1] = cdf[i] + weights[i] / sum;
        }
        cdf[weights.length] = 1.0;
        return cdf;
    }

    /** Index of the bucket {@code roll} falls in, buckets sized by {@code weights}. */
    private static int pick(int[] weights, int roll) {
        int acc = 0;
        for (int i = 0; i < weights.length; i++) {
            acc += weights[i];
            if (roll < acc) {
                return i;
            }
        }
        return weights.length - 1;
    }
}
