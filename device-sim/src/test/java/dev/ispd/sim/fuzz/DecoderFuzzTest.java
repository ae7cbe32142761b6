package dev.ispd.sim.fuzz;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The seeded frame fuzzer against the drive's decoder (issue 10, point 6): mutants of the
 * protocol's test vectors and of the checked-in corpus must each be answered with a status or
 * decoded to a request that round-trips, never crash the decoder. The quick variant runs here;
 * {@code -Dfuzz.iterations=N -Dfuzz.seed=S} run more, and {@code -Dfuzz.saveCorpus=true} writes one
 * mutant per distinct outcome into the corpus folder (docs/benchmarks.md, "Frame fuzzing").
 */
class DecoderFuzzTest {
    @Test
    void mutantsOfTheVectorsNeverCrashTheDecoder() throws IOException {
        long seed = Long.getLong("fuzz.seed", 20_261_123L);
        int iterations = Integer.getInteger("fuzz.iterations", 30_000);
        List<byte[]> seeds = FrameMutator.seedFrames();
        assertTrue(seeds.size() >= 29, "seed frames: the vectors and the corpus, found " + seeds.size());
        for (byte[] frame : seeds) {
            run(frame, seed, -1);
        }
        FrameMutator mutator = new FrameMutator(seeds, seed);
        Map<String, byte[]> outcomes = new TreeMap<>();
        for (int i = 0; i < iterations; i++) {
            byte[] frame = mutator.next();
            outcomes.putIfAbsent(run(frame, seed, i), frame);
        }
        assertTrue(outcomes.size() > 20, "mutants reached only " + outcomes.keySet());
        if (Boolean.getBoolean("fuzz.saveCorpus")) {
            save(outcomes);
        }
    }

    private static String run(byte[] frame, long seed, int iteration) throws IOException {
        try {
            return DecoderTarget.decode(frame);
        } catch (RuntimeException | AssertionError | StackOverflowError e) {
            Path dir = Files.createDirectories(Path.of("target", "fuzz-failures"));
            Path file = dir.resolve("seed-" + seed + "-iteration-" + iteration + ".bin");
            Files.write(file, frame);
            fail("the decoder failed on mutant " + iteration + " of seed " + seed + " (saved as " + file + "): "
                    + HexFormat.of().formatHex(frame, 0, Math.min(frame.length, 128)), e);
            return null;
        }
    }

    private static void save(Map<String, byte[]> outcomes) throws IOException {
        Files.createDirectories(FrameMutator.CORPUS);
        int n = 0;
        for (byte[] frame : outcomes.values()) {
            Files.write(FrameMutator.CORPUS.resolve(String.format("mutant-%03d.bin", n++)), frame);
        }
    }
}
