package dev.ispd.examples.worldcup.logs;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes a reader consumed from a stream, so an error can say how far into the file
 * it was. mark/reset rewind the count with the stream: the gzip decoder reads ahead and gives
 * back what belongs to the next member.
 */
final class CountingInputStream extends FilterInputStream {
    private long count;
    private long marked;

    CountingInputStream(InputStream in) {
        super(in);
    }

    long count() {
        return count;
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(n);
        count += skipped;
        return skipped;
    }

    @Override
    public synchronized void mark(int readLimit) {
        in.mark(readLimit);
        marked = count;
    }

    @Override
    public synchronized void reset() throws IOException {
        in.reset();
        count = marked;
    }
}
