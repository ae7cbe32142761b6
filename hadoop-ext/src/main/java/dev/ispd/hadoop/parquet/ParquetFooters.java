package dev.ispd.hadoop.parquet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Reads Parquet footers on the host, once per file, with parquet-hadoop: what planning a scan of
 * Parquet files needs (schema, row groups, column chunks and their statistics).
 */
public final class ParquetFooters {
    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    private ParquetFooters() {
    }

    /** Whether {@code file} starts and ends with Parquet's magic {@code PAR1}. */
    public static boolean isParquet(FileSystem fs, FileStatus file) throws IOException {
        if (file.getLen() < 12) {
            return false;
        }
        byte[] head = new byte[4];
        byte[] tail = new byte[4];
        try (FSDataInputStream in = fs.open(file.getPath())) {
            in.readFully(0, head);
            in.readFully(file.getLen() - 4, tail);
        }
        return Arrays.equals(head, MAGIC) && Arrays.equals(tail, MAGIC);
    }

    /**
     * What is wrong with {@code file} where it starts with {@code PAR1} but is not Parquet
     * ({@link #isParquet}), as a phrase to follow its name: a Parquet file cut short, or its
     * footer's end damaged; empty for any other file. Where a reader would otherwise ask for the
     * records' layout, this names the fault.
     */
    public static Optional<String> cutShort(FileSystem fs, FileStatus file) throws IOException {
        if (file.getLen() < 4 || isParquet(fs, file)) {
            return Optional.empty();
        }
        byte[] head = new byte[4];
        try (FSDataInputStream in = fs.open(file.getPath())) {
            in.readFully(0, head);
        }
        return Arrays.equals(head, MAGIC) ? Optional.of("starts as a Parquet file (PAR1) but does not end as one: it is "
                + "cut short, or the end of its footer is damaged") : Optional.empty();
    }

    /** The footer of {@code file}; a damaged one is an IOException naming the file. */
    public static ParquetMetadata read(FileSystem fs, FileStatus file) throws IOException {
        try (ParquetFileReader reader = ParquetFileReader.open(new FileSystemInputFile(fs, file))) {
            return reader.getFooter();
        } catch (IOException | RuntimeException e) {
            throw new IOException(file.getPath() + ": not a readable Parquet footer: " + e.getMessage(), e);
        }
    }
}
