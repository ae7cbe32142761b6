package dev.ispd.hadoop.parquet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
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

    /** What a file's first and last four bytes say of it. */
    public enum Ends {
        /** It starts and ends with Parquet's magic {@code PAR1}. */
        PARQUET,
        /** It starts with {@code PAR1} but does not end with it: a Parquet file cut short, or its footer's end damaged. */
        CUT_SHORT,
        /** Anything else. */
        OTHER;

        /** What is wrong with a {@link #CUT_SHORT} file, as a phrase to follow its name. */
        public static final String CUT_SHORT_TEXT = "starts as a Parquet file (PAR1) but does not end as one: it is "
                + "cut short, or the end of its footer is damaged";
    }

    /**
     * What {@code file}'s ends say of it, read in one open: where a reader would otherwise ask for
     * the records' layout of a file that is not Parquet, a {@link Ends#CUT_SHORT} one is named as
     * what it is.
     */
    public static Ends ends(FileSystem fs, FileStatus file) throws IOException {
        if (file.getLen() < 4) {
            return Ends.OTHER;
        }
        byte[] head = new byte[4];
        byte[] tail = new byte[4];
        try (FSDataInputStream in = fs.open(file.getPath())) {
            in.readFully(0, head);
            if (file.getLen() >= 12) {
                in.readFully(file.getLen() - 4, tail);
            }
        }
        if (!Arrays.equals(head, MAGIC)) {
            return Ends.OTHER;
        }
        return Arrays.equals(tail, MAGIC) ? Ends.PARQUET : Ends.CUT_SHORT;
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
