package dev.ispd.examples.worldcup;

import java.nio.ByteBuffer;

/** The generator's records, padded to the entry size. */
final class GeneratedEntries implements EntrySource {
    private final WorldCupGenerator generator;
    private final long total;

    GeneratedEntries(long seed, long total) {
        this.generator = WorldCupGenerator.withDefaults(seed, total);
        this.total = total;
    }

    @Override
    public int fill(ByteBuffer dst, int entrySize) {
        int n = (int) Math.min(dst.remaining() / entrySize, total - generator.produced());
        if (n == 0) {
            return -1;
        }
        generator.fill(dst, n, entrySize);
        return n;
    }

    @Override
    public LoadProgress progress(LoadProgress.Mode mode) {
        return LoadProgress.records(mode, "generate", total);
    }

    @Override
    public long done() {
        return generator.produced();
    }
}
