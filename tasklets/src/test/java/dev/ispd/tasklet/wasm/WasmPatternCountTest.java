package dev.ispd.tasklet.wasm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletRegistry;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The C byte-pattern count example (wasm/examples/count.c) against a count taken here, for
 * patterns of several lengths, occurrences that straddle batches, and two extents with a gap.
 */
class WasmPatternCountTest {
    private static final int PAGE = 512;
    private static TaskletRegistry registry;
    private static byte[] data;

    @BeforeAll
    static void load() throws ModuleRejectedException {
        registry = TaskletRegistry.builtins()
                .with(new WasmTaskletFactory(WasmFiles.load("count", "examples/count.wasm", WasmLimits.DEFAULT)));
        data = new byte[300 * PAGE];
        Random r = new Random(12);
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) "abc".charAt(r.nextInt(3)); // short patterns of a, b, c occur often
        }
    }

    /** Occurrences starting at every position of [from, to), overlapping ones included. */
    private static long countHere(byte[] pattern, int from, int to) {
        long n = 0;
        for (int p = from; p + pattern.length <= to; p++) {
            int i = 0;
            while (i < pattern.length && data[p + i] == pattern[i]) {
                i++;
            }
            n += i == pattern.length ? 1 : 0;
        }
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "ab", "abcab", "aaaaaa", "abcabcabcabc"})
    void countsWhatAPlainLoopCountsForEveryBatchSize(String text) throws Exception {
        byte[] pattern = text.getBytes(StandardCharsets.US_ASCII);
        List<Extent> extents = List.of(new Extent(1, 0, 100 * PAGE + 7), new Extent(1, 150 * PAGE + 3, 100 * PAGE));
        long expected = countHere(pattern, 0, 100 * PAGE + 7) + countHere(pattern, 150 * PAGE + 3, 250 * PAGE + 3);
        for (int pagesPerBatch : new int[] {1, 3, 128}) {
            byte[] result = new HostRunner(registry, PAGE, pagesPerBatch).run("count@1", Params.of("pattern", text),
                    Params.EMPTY, extents, InMemoryPageSource.of(1, data)).bytes();
            assertEquals(expected, ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN).getLong(),
                    pagesPerBatch + " pages per batch");
        }
    }

    @Test
    void refusesAMissingPattern() {
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> registry.find("count@1").orElseThrow().validate(Params.EMPTY));
        assertEquals("tasklet 'count@1' refused its parameters: parameter 'pattern' must be 1 to 64 bytes", e.getMessage());
    }
}
