package dev.ispd.tasklet.builtin;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * Seeded random WorldCup98 logs in two objects, extents that start mid-object, and an oracle that
 * reads the records with plain byte-array arithmetic (not through the code under test).
 */
public final class LogFixture {
    static final long OBJECT_A = 7;
    static final long OBJECT_B = 9;
    static final List<Integer> ENTRY_SIZES = List.of(20, 32, 64, 128, 256);
    static final List<Integer> PAGE_SIZES = List.of(8192, 100);
    public static final List<Integer> BATCH_SIZES = List.of(1, 2, 128);

    public final int entrySize;
    final byte[] a;
    final byte[] b;
    public final List<Extent> extents;

    public LogFixture(int entrySize, long seed) {
        this.entrySize = entrySize;
        Random rnd = new Random(seed);
        this.a = records(rnd, 1500, entrySize);
        this.b = records(rnd, 700, entrySize);
        this.extents = List.of(
                records(OBJECT_A, 3, 811),
                records(OBJECT_A, 816, 1500),
                records(OBJECT_B, 123, 650));
    }

    /** Every (entry size, page size) pair. */
    public static Stream<Arguments> entryAndPageSizes() {
        return ENTRY_SIZES.stream().flatMap(e -> PAGE_SIZES.stream().map(p -> Arguments.of(e, p)));
    }

    public InMemoryPageSource source() {
        return new InMemoryPageSource(Map.of(OBJECT_A, ByteBuffer.wrap(a), OBJECT_B, ByteBuffer.wrap(b)));
    }

    byte[] bytes(long objectId) {
        return objectId == OBJECT_A ? a : b;
    }

    public HostRunner.Result run(String tasklet, Params params, int pageSize, int pagesPerBatch) {
        return run(tasklet, params, extents, pageSize, pagesPerBatch);
    }

    HostRunner.Result run(String tasklet, Params params, List<Extent> ext, int pageSize, int pagesPerBatch) {
        try {
            return new HostRunner(pageSize, pagesPerBatch).run(tasklet, params, Params.EMPTY, ext, source());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Calls the visitor for each record of the extents, in scan order. */
    void forEachRecord(RecordVisitor visitor) {
        for (Extent e : extents) {
            for (long off = e.offset(); off < e.end(); off += entrySize) {
                visitor.record(e.objectId(), bytes(e.objectId()), (int) off);
            }
        }
    }

    public long recordCount() {
        return extents.stream().mapToLong(Extent::length).sum() / entrySize;
    }

    /** The extents cut into {@code parts} record-aligned pieces each, as separate splits. */
    List<List<Extent>> splits(int parts) {
        return extents.stream().flatMap(e -> {
            long records = e.length() / entrySize;
            return IntStream.range(0, parts).mapToObj(i -> {
                long from = records * i / parts;
                long to = records * (i + 1) / parts;
                return List.of(new Extent(e.objectId(), e.offset() + from * entrySize, (to - from) * entrySize));
            });
        }).toList();
    }

    @FunctionalInterface
    interface RecordVisitor {
        void record(long objectId, byte[] object, int offset);
    }

    // The oracle's own decoding: big-endian by hand.
    static int u8(byte[] b, int off) {
        return b[off] & 0xFF;
    }

    static long u32(byte[] b, int off) {
        return (b[off] & 0xFFL) << 24 | (b[off + 1] & 0xFFL) << 16 | (b[off + 2] & 0xFFL) << 8 | (b[off + 3] & 0xFFL);
    }

    static int region(byte[] b, int record) {
        return u8(b, record + 19) >> 5;
    }

    static int type(byte[] b, int record) {
        return u8(b, record + 18);
    }

    private Extent records(long objectId, int from, int to) {
        return new Extent(objectId, (long) from * entrySize, (long) (to - from) * entrySize);
    }

    private static byte[] records(Random rnd, int n, int entrySize) {
        ByteBuffer buf = ByteBuffer.allocate(n * entrySize);
        for (int i = 0; i < n; i++) {
            randomEntry(rnd).writeTo(buf, i * entrySize, entrySize);
        }
        return buf.array();
    }

    /** Skewed fields so counts differ, ties happen, and comparisons both match and miss. */
    static WorldCupEntry randomEntry(Random rnd) {
        int region = rnd.nextInt(10) < 7 ? rnd.nextInt(4) : rnd.nextInt(8);
        int type = rnd.nextInt(25) == 0 ? 13 + rnd.nextInt(243) : Math.min(rnd.nextInt(13), rnd.nextInt(13));
        long clientId = (rnd.nextBoolean() ? 0x8000_0000L : 0) + rnd.nextInt(40);
        return new WorldCupEntry(893_971_817L + rnd.nextInt(92 * 86_400), clientId, rnd.nextInt(500),
                rnd.nextLong() & 0xFFFF_FFFFL, rnd.nextInt(9), rnd.nextInt(256), type,
                region << 5 | rnd.nextInt(32));
    }
}
