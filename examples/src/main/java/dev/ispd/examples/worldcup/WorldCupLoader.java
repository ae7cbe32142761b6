package dev.ispd.examples.worldcup;

import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.plan.Layout;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Writes WorldCup98 entries of one size into a file of any Hadoop file system (osd:// above all):
 * generated records, or the records of real logs ({@code wc_dayX_Y.gz}, raw, or {@code -} for
 * standard input), each padded with zero bytes to the entry size. The file is written under a
 * temporary name and renamed into place at the end ({@link StagedTarget}): a load that fails
 * (a bad log, say) leaves the target as it was. An uncompressed file records its layout,
 * {@code worldcup98/ENTRY_SIZE}, where the file system keeps one (osd://).
 */
public final class WorldCupLoader {
    private static final int CHUNK_BYTES = 8 << 20;

    private final SourceFactory source;
    private final int entrySize;
    private LoadProgress.Mode progress = LoadProgress.Mode.OFF;

    /** How a load opens its entries; a new source each load, so a loader can load twice. */
    private interface SourceFactory {
        EntrySource open();
    }

    private WorldCupLoader(SourceFactory source, int entrySize) {
        WorldCup98.requireEntrySize(entrySize);
        this.source = source;
        this.entrySize = entrySize;
    }

    /** Generated entries: {@code entries} records of {@link WorldCupGenerator#withDefaults} for {@code seed}. */
    public WorldCupLoader(long seed, long entries, int entrySize) {
        this(() -> new GeneratedEntries(seed, entries), entrySize);
    }

    /**
     * The records of real logs: local files, or {@code -} for standard input, in the order of
     * {@link LogOrder#of} (chronological when every name is a published {@code wc_dayX_Y[.gz]}).
     */
    public static WorldCupLoader ofLogs(List<String> sources, int entrySize) {
        List<String> ordered = LogOrder.of(sources);
        return new WorldCupLoader(() -> new LogEntries(ordered), entrySize);
    }

    /** Shows a progress bar on standard error: AUTO does on long loads only. Default OFF. */
    public WorldCupLoader progress(LoadProgress.Mode mode) {
        this.progress = mode;
        return this;
    }

    public int entrySize() {
        return entrySize;
    }

    /**
     * Creates (replaces) {@code file} with the entries, gzip-compressed if its name ends in
     * {@code .gz} (at 20 B per entry, the published format); returns the entry bytes written.
     */
    public long load(FileSystem fs, Path file) throws IOException {
        boolean gzip = WorldCupLogWriter.isGzipName(file.getName());
        try (EntrySource entries = source.open(); LoadProgress bar = entries.progress(progress)) {
            Optional<Layout> layout = gzip ? Optional.empty() : Optional.of(Layout.worldCup98(entrySize));
            return StagedTarget.write(fs, file, layout, out -> {
                ByteBuffer chunk = ByteBuffer.allocate(CHUNK_BYTES - CHUNK_BYTES % entrySize);
                try (WorldCupLogWriter writer = WorldCupLogWriter.of(out, gzip, entrySize)) {
                    while (entries.fill(chunk.clear(), entrySize) >= 0) {
                        writer.write(chunk.flip());
                        bar.stepTo(entries.done());
                    }
                    return writer.entries() * entrySize;
                }
            });
        }
    }
}
