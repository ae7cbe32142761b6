package dev.ispd.examples.worldcup;

import dev.ispd.examples.worldcup.logs.WorldCupLogReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/** The records of real log files (or {@code -}, standard input), one after the other, padded to the entry size. */
final class LogEntries implements EntrySource {
    /** The source name that stands for standard input. */
    static final String STDIN = "-";

    private final List<String> sources;
    private int next;
    private WorldCupLogReader current;
    /** Input bytes of the sources already finished. */
    private long finishedBytes;

    LogEntries(List<String> sources) {
        this.sources = List.copyOf(sources);
    }

    @Override
    public int fill(ByteBuffer dst, int entrySize) throws IOException {
        int put = 0;
        while (dst.remaining() >= entrySize) {
            if (current == null) {
                if (next == sources.size()) {
                    break;
                }
                String source = sources.get(next++);
                current = STDIN.equals(source) ? WorldCupLogReader.stdin() : WorldCupLogReader.open(Path.of(source));
            }
            int n = current.read(dst, entrySize);
            if (n < 0) {
                finishedBytes += current.bytesConsumed();
                current.close();
                current = null;
            } else {
                put += n;
            }
        }
        return put == 0 && current == null && next == sources.size() ? -1 : put;
    }

    @Override
    public LoadProgress progress(LoadProgress.Mode mode) throws IOException {
        long expected = 0;
        for (String source : sources) {
            if (STDIN.equals(source)) {
                expected = -1;
                break;
            }
            try {
                expected += Files.size(Path.of(source));
            } catch (NoSuchFileException e) {
                throw new FileNotFoundException(source + ": no such file");
            }
        }
        return LoadProgress.bytes(mode, "load", expected);
    }

    @Override
    public long done() {
        return finishedBytes + (current == null ? 0 : current.bytesConsumed());
    }

    @Override
    public void close() throws IOException {
        if (current != null) {
            current.close();
            current = null;
        }
    }
}
