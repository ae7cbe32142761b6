package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MicrobenchTaskletTest {
    private static final long OBJECT = 3;

    /** Bytes of 0 and 1 only, so a 4-byte int equals a given pattern about once in 16 reads. */
    private static byte[] data(int size, long seed) {
        Random rnd = new Random(seed);
        byte[] b = new byte[size];
        for (int i = 0; i < size; i++) {
            b[i] = (byte) rnd.nextInt(2);
        }
        return b;
    }

    private static HostRunner.Result run(byte[] data, List<Extent> extents, int pageSize, int batch, int n, int key) {
        try {
            return new HostRunner(pageSize, batch).run("microbench",
                    Params.of("accessesPerPage", Integer.toString(n), "key", Integer.toString(key)), Params.EMPTY,
                    extents, InMemoryPageSource.of(OBJECT, data));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** {pages, reads, matches} by the documented rule, with plain loops. */
    private static long[] expected(byte[] data, List<Extent> extents, int pageSize, int n, int key) {
        int stride = pageSize / (4 * n) * 4;
        long pages = 0;
        long reads = 0;
        long matches = 0;
        for (Extent e : extents) {
            for (long page = e.offset() / pageSize; page * pageSize < e.end(); page++) {
                pages++;
                for (int i = 0; i < n; i++) {
                    long at = page * pageSize + (long) i * stride;
                    if (at >= e.offset() && at + 4 <= e.end()) {
                        reads++;
                        int o = (int) at;
                        int v = (data[o] & 0xFF) | (data[o + 1] & 0xFF) << 8 | (data[o + 2] & 0xFF) << 16 | data[o + 3] << 24;
                        matches += v == key ? 1 : 0;
                    }
                }
            }
        }
        return new long[] {pages, reads, matches};
    }

    @ParameterizedTest
    @CsvSource({"8192, 1", "8192, 32", "8192, 128", "8192, 2048", "8192, 3", "100, 1", "100, 7", "100, 25"})
    void readsAndMatchesFollowTheDocumentedPatternWhateverTheBatchSize(int pageSize, int n) {
        byte[] data = data(20 * pageSize + 333, pageSize + n);
        // Extents start and end inside pages.
        List<Extent> extents = List.of(new Extent(OBJECT, 150, 9L * pageSize + 50), new Extent(OBJECT, 11L * pageSize + 3, 6L * pageSize));
        int key = 0x0001_0100;
        long[] want = expected(data, extents, pageSize, n, key);
        HostRunner.Result first = run(data, extents, pageSize, 1, n, key);
        for (int batch : LogFixture.BATCH_SIZES) {
            HostRunner.Result r = run(data, extents, pageSize, batch, n, key);
            MicrobenchResult result = MicrobenchResult.decode(r.bytes());
            assertEquals(want[0], result.pages(), "pages");
            assertEquals(want[2], result.matches(), "matches");
            assertEquals(want[1], r.meter().dramAccesses(), "reads");
            assertEquals(want[1], r.meter().compares(), "compares");
            assertEquals(r.meter().pages(), result.pages(), "the tasklet and the scanner count pages alike");
            assertArrayEquals(first.bytes(), r.bytes());
            assertEquals(first.meter(), r.meter());
        }
        assertTrue(want[2] > 0 || n < 4, "the data has matches for the key");
    }

    @Test
    void makesExactlyNAccessesPerWholePage() {
        int pageSize = 8192;
        byte[] data = data(10 * pageSize, 1);
        for (int n : new int[] {1, 16, 128, 256, 2048}) {
            HostRunner.Result r = run(data, List.of(new Extent(OBJECT, 2L * pageSize, 8L * pageSize)), pageSize, 128, n, 0);
            Meter m = r.meter();
            assertEquals(8L * n, m.dramAccesses(), n + " accesses per page");
            assertEquals(8L * n, m.compares(), n + " accesses per page");
            assertEquals(0, m.records());
            assertEquals(16, m.bytesOut());
            assertEquals(8, MicrobenchResult.decode(r.bytes()).pages());
        }
    }

    @Test
    void everyIntOfThePageAtTheMaximum() {
        // With pageSize / 4 accesses the tasklet reads every int: all of them equal the key.
        byte[] zeros = new byte[400];
        HostRunner.Result r = run(zeros, List.of(new Extent(OBJECT, 0, 400)), 100, 2, 25, 0);
        assertEquals(new MicrobenchResult(4, 100), MicrobenchResult.decode(r.bytes()));
    }
}
