package dev.ispd.examples.worldcup.importer;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * The lines of an input file, whatever its packing: gzip or bzip2 (told by their magic bytes, not
 * the name), and inside that either the text itself or a tar holding exactly one file (the real
 * sample is {@code wc_day6_1_sample.tar.bz2}). Bytes are read as ISO-8859-1, so every byte of a
 * URL is kept and distinct URLs stay distinct.
 */
final class ImportInput implements Closeable {
    private static final int BUFFER = 1 << 16;
    private static final int TAR_HEADER = 512;

    private final Path file;
    private final InputStream stream;
    private final TarArchiveInputStream tar;
    private final String name;
    private final BufferedReader lines;

    private ImportInput(Path file, InputStream stream, TarArchiveInputStream tar, String name) {
        this.file = file;
        this.stream = stream;
        this.tar = tar;
        this.name = name;
        this.lines = new BufferedReader(new InputStreamReader(tar != null ? tar : stream, StandardCharsets.ISO_8859_1),
                BUFFER);
    }

    /** Opens {@code file}; one that cannot be read, or a tar without a file, is an error naming it. */
    static ImportInput open(Path file) throws IOException {
        InputStream in = null;
        try {
            in = new BufferedInputStream(Files.newInputStream(file), BUFFER);
            InputStream text = decompressed(in);
            if (!isTar(text)) {
                return new ImportInput(file, text, null, file.toString());
            }
            TarArchiveInputStream tar = new TarArchiveInputStream(text);
            TarArchiveEntry entry = nextFile(tar);
            if (entry == null) {
                throw new IOException("the tar archive holds no file");
            }
            return new ImportInput(file, text, tar, file + "!" + entry.getName());
        } catch (IOException e) {
            if (in != null) {
                in.close();
            }
            throw unreadable(file.toString(), e);
        }
    }

    /** An error naming what could not be read and why. */
    static IOException unreadable(String name, IOException cause) {
        String why = cause.getMessage() == null || cause instanceof java.nio.file.FileSystemException
                ? cause.getClass().getSimpleName() + (cause.getMessage() == null ? "" : " " + cause.getMessage())
                : cause.getMessage();
        return new IOException(name + ": cannot be read: " + why, cause);
    }

    /** The name to quote in messages: the file, or file!member for a tar. */
    String name() {
        return name;
    }

    BufferedReader lines() {
        return lines;
    }

    /** Checks, once every line is read, that a tar held nothing else to import. */
    void checkNothingLeft() throws IOException {
        if (tar != null) {
            TarArchiveEntry other = nextFile(tar);
            if (other != null) {
                throw new IOException(file + ": the tar archive holds more than one file (" + name + ", "
                        + other.getName() + "); extract them and import one at a time");
            }
        }
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }

    private static InputStream decompressed(InputStream in) throws IOException {
        in.mark(3);
        int b0 = in.read();
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        if (b0 == 0x1f && b1 == 0x8b) {
            return new BufferedInputStream(new GzipCompressorInputStream(in, true), BUFFER);
        }
        if (b0 == 'B' && b1 == 'Z' && b2 == 'h') {
            return new BufferedInputStream(new BZip2CompressorInputStream(in, true), BUFFER);
        }
        return in;
    }

    private static boolean isTar(InputStream in) throws IOException {
        byte[] header = new byte[TAR_HEADER];
        in.mark(TAR_HEADER);
        int n = in.readNBytes(header, 0, TAR_HEADER);
        in.reset();
        return TarArchiveInputStream.matches(header, n);
    }

    private static TarArchiveEntry nextFile(TarArchiveInputStream tar) throws IOException {
        TarArchiveEntry entry;
        while ((entry = tar.getNextEntry()) != null) {
            if (entry.isFile()) {
                return entry;
            }
        }
        return null;
    }
}
