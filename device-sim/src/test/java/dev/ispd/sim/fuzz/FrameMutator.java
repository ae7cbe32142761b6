package dev.ispd.sim.fuzz;

import dev.ispd.protocol.FrameFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Seeded mutations of protocol frames: bit flips, interesting integers at field-sized offsets,
 * truncation, extension, chunk duplication, splicing two frames, a new opcode; half of the
 * mutants get a {@code payload_len} that matches their real length, so that the payload decoders
 * (not only the framing checks) see them. The same seed gives the same mutants.
 */
final class FrameMutator {
    /** The protocol's checked-in test vectors: a request and a response of every opcode, and an error. */
    static final Path VECTORS = Path.of("..", "docs", "protocol", "vectors");
    /** Mutants checked in because they reach distinct decoder paths (see docs/benchmarks.md, "Frame fuzzing"). */
    static final Path CORPUS = Path.of("src", "test", "resources", "fuzz", "frames");
    private static final long[] INTERESTING = {0, 1, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000,
            0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFFL, 0x0080_0000L, 0x0081_0000L, 65_536, 65_537, 1_024, 1_025, -1L,
            Long.MAX_VALUE, Long.MIN_VALUE};

    private final List<byte[]> seeds;
    private final Random random;

    FrameMutator(List<byte[]> seeds, long seed) {
        if (seeds.isEmpty()) {
            throw new IllegalArgumentException("no seed frames to mutate");
        }
        this.seeds = seeds;
        this.random = new Random(seed);
    }

    /** Every .bin frame under the vectors and the corpus folders (not the plan bodies). */
    static List<byte[]> seedFrames() {
        List<byte[]> frames = new ArrayList<>();
        for (Path dir : List.of(VECTORS, CORPUS)) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".bin")).sorted().toList()) {
                    frames.add(Files.readAllBytes(f));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return frames;
    }

    byte[] next() {
        byte[] frame = seeds.get(random.nextInt(seeds.size())).clone();
        int mutations = 1 + random.nextInt(4);
        for (int i = 0; i < mutations; i++) {
            frame = mutate(frame);
        }
        if (random.nextBoolean() && frame.length >= FrameFormat.HEADER_SIZE) {
            ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN).putInt(16, frame.length - FrameFormat.HEADER_SIZE);
        }
        return frame;
    }

    private byte[] mutate(byte[] f) {
        switch (random.nextInt(8)) {
            case 0 -> {
                if (f.length > 0) {
                    int at = random.nextInt(f.length);
                    f[at] ^= (byte) (1 << random.nextInt(8));
                }
                return f;
            }
            case 1 -> {
                if (f.length > 0) {
                    f[random.nextInt(f.length)] = (byte) random.nextInt(256);
                }
                return f;
            }
            case 2 -> {
                return interesting(f);
            }
            case 3 -> {
                return Arrays.copyOf(f, f.length == 0 ? 0 : random.nextInt(f.length));
            }
            case 4 -> {
                byte[] longer = Arrays.copyOf(f, f.length + 1 + random.nextInt(64));
                for (int i = f.length; i < longer.length; i++) {
                    longer[i] = (byte) random.nextInt(256);
                }
                return longer;
            }
            case 5 -> {
                return duplicateChunk(f);
            }
            case 6 -> {
                byte[] other = seeds.get(random.nextInt(seeds.size()));
                int cut = random.nextInt(f.length + 1);
                int from = random.nextInt(other.length + 1);
                byte[] spliced = Arrays.copyOf(f, cut + other.length - from);
                System.arraycopy(other, from, spliced, cut, other.length - from);
                return spliced;
            }
            default -> {
                if (f.length > 5) {
                    f[5] = (byte) (random.nextBoolean() ? random.nextInt(256) : 0x01 + random.nextInt(0x26));
                }
                return f;
            }
        }
    }

    /** An interesting integer, 1, 2, 4 or 8 bytes wide, little-endian, at a random offset. */
    private byte[] interesting(byte[] f) {
        int width = 1 << random.nextInt(4);
        if (f.length < width) {
            return f;
        }
        long v = INTERESTING[random.nextInt(INTERESTING.length)];
        int at = random.nextInt(f.length - width + 1);
        for (int i = 0; i < width; i++) {
            f[at + i] = (byte) (v >>> (8 * i));
        }
        return f;
    }

    private byte[] duplicateChunk(byte[] f) {
        if (f.length == 0) {
            return f;
        }
        int from = random.nextInt(f.length);
        int len = 1 + random.nextInt(Math.min(256, f.length - from));
        int to = random.nextInt(f.length + 1);
        byte[] out = new byte[f.length + len];
        System.arraycopy(f, 0, out, 0, to);
        System.arraycopy(f, from, out, to, len);
        System.arraycopy(f, to, out, to + len, f.length - to);
        return out;
    }
}
