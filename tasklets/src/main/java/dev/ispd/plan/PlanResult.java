package dev.ispd.plan;

import dev.ispd.tasklet.Leb128;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The decoded result of a plan: rows of 64-bit words, {@link Plan#rowWords()} of them per row, as
 * {@link ColumnValues} lays a row out (a string column as its length word, then its bytes, 8 to a
 * word, zero-filled to the longest the column holds). Encoded (little-endian, plan encoding
 * version 7): {@code u16 words}, {@code u64 rows}, {@code u16 strings}, then {@code strings} x
 * ({@code u16 at}, {@code u16 words}: a string column's first word in a row and its words), then
 * the rows, each its words in order, but each of those string columns travels at its length: its
 * length + 1 as an unsigned LEB128 number (0 for NULL), then that many bytes. So a {@code char(N)}
 * or a Parquet string comes back without its padding. Unsigned 8-byte fields come back as the same
 * 64 bits. An aggregate plan without GROUP BY returns no row when no record matched, so partial
 * results merge by concatenation.
 *
 * @param columns the words of a row
 */
public record PlanResult(int columns, List<long[]> rows) {
    /** Bytes before the first row of a result without string columns ({@link #firstRow}: with them). */
    public static final int HEADER_BYTES = 12;
    /** Bytes of a string column's entry in the header. */
    private static final int STRING_ENTRY_BYTES = 4;

    public PlanResult {
        rows = List.copyOf(rows);
    }

    /**
     * Encoded bytes of {@code rows} rows of {@code columns} words without string columns; rows with
     * string columns take fewer (a string's length and bytes are never more than its words).
     */
    public static long bytes(long rows, int columns) {
        return HEADER_BYTES + rows * columns * Long.BYTES;
    }

    /** Decodes {@code result}, each string column's words filled in as {@link ColumnValues} lays them out. */
    public static PlanResult decode(byte[] result) {
        Shape shape = shape(result);
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        b.position(shape.firstRow);
        List<long[]> rows = new ArrayList<>(shape.rows);
        for (long i = 0; i < shape.rows; i++) {
            long[] row = new long[shape.words];
            readRow(b, shape, row, 0);
            rows.add(row);
        }
        return new PlanResult(shape.words, rows);
    }

    /**
     * Decodes the rows of {@code results}, one result after another, into one array
     * ({@link WordRows}), each string column's words filled in as {@link ColumnValues} lays them
     * out; every row must be of {@code words} words.
     */
    public static WordRows decodeAll(List<byte[]> results, int words) {
        Shape[] shapes = new Shape[results.size()];
        long rows = 0;
        for (int i = 0; i < shapes.length; i++) {
            shapes[i] = shape(results.get(i));
            if (shapes[i].rows > 0 && shapes[i].words != words) {
                throw new IllegalArgumentException("a plan result of rows of " + shapes[i].words + " words, the plan's rows are "
                        + words + " words");
            }
            rows += shapes[i].rows;
        }
        if (rows * words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("plan results of " + rows + " rows of " + words + " words, more than an array holds");
        }
        long[] into = new long[(int) rows * words];
        int at = 0;
        for (int i = 0; i < shapes.length; i++) {
            ByteBuffer b = ByteBuffer.wrap(results.get(i)).order(ByteOrder.LITTLE_ENDIAN);
            b.position(shapes[i].firstRow);
            for (int r = 0; r < shapes[i].rows; r++, at += words) {
                readRow(b, shapes[i], into, at);
            }
        }
        return new WordRows(into, words, (int) rows);
    }

    /**
     * Decodes the row at {@code b}'s position of a result whose header is {@code shape} (checked by
     * {@link #shape}) into {@code into} from {@code at}, {@link Shape#words} words, each string
     * column's words filled in as {@link ColumnValues} lays them out; the position moves past the row.
     */
    static void readRow(ByteBuffer b, Shape shape, long[] into, int at) {
        int w = 0;
        for (int s = 0; s <= shape.stringAt.length; s++) {
            int end = s < shape.stringAt.length ? shape.stringAt[s] : shape.words;
            for (; w < end; w++) {
                into[at + w] = b.getLong();
            }
            if (s < shape.stringAt.length) {
                int length = readLength(b);
                into[at + w] = length;
                Arrays.fill(into, at + w + 1, at + w + shape.stringWords[s], 0);
                for (int k = 0; k < length; k++) {
                    into[at + w + 1 + k / Long.BYTES] |= (b.get() & 0xFFL) << (8 * (k % Long.BYTES));
                }
                w += shape.stringWords[s];
            }
        }
    }

    /**
     * The number of rows of the encoded {@code result}, once its header and rows are checked
     * against its length (see {@link #shape}).
     */
    public static int rowCount(byte[] result) {
        return shape(result).rows;
    }

    /**
     * What the header of encoded {@code result} says, once checked against the result's bytes: its
     * rows are read in place from {@link Shape#firstRow}, each string column at its length.
     */
    public static Shape shape(byte[] result) {
        Shape shape = header(result);
        if (shape.stringAt.length > 0) {
            shape.checkEnd(shape.walk(ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN)), result.length);
        }
        return shape;
    }

    /**
     * What the header of encoded {@code result} says, checked against the result's bytes as far as
     * the header alone can be: a result without string columns whole, one with string columns up
     * to its first row. A reader that walks the rows itself checks each string's length
     * ({@link Shape#stringLength}) and that the last row ends the result ({@link Shape#checkEnd}),
     * so the rows are walked once.
     */
    public static Shape header(byte[] result) {
        if (result.length < HEADER_BYTES) {
            throw new IllegalArgumentException("a plan result has a header of at least " + HEADER_BYTES
                    + " bytes, got " + result.length + " bytes");
        }
        ByteBuffer b = ByteBuffer.wrap(result).order(ByteOrder.LITTLE_ENDIAN);
        int words = Short.toUnsignedInt(b.getShort());
        long n = b.getLong();
        int strings = Short.toUnsignedInt(b.getShort());
        int firstRow = HEADER_BYTES + strings * STRING_ENTRY_BYTES;
        if (n < 0 || n > Integer.MAX_VALUE || (words == 0 && n != 0) || result.length < firstRow) {
            throw new IllegalArgumentException("a plan result of " + Long.toUnsignedString(n) + " rows of " + words
                    + " words and " + strings + " string columns has a header of " + firstRow + " bytes, got "
                    + result.length + " bytes");
        }
        int[] at = new int[strings];
        int[] span = new int[strings];
        for (int s = 0; s < strings; s++) {
            at[s] = Short.toUnsignedInt(b.getShort());
            span[s] = Short.toUnsignedInt(b.getShort());
            if (span[s] < 1 || at[s] < (s == 0 ? 0 : at[s - 1] + span[s - 1]) || at[s] + span[s] > words) {
                throw new IllegalArgumentException("a plan result of " + words + " words per row has string column "
                        + s + " at word " + at[s] + " of " + span[s] + " words, outside the row or before the last");
            }
        }
        Shape shape = new Shape(words, (int) n, at, span, firstRow);
        if (strings == 0) {
            shape.checkEnd(firstRow + n * words * Long.BYTES, result.length);
        }
        return shape;
    }

    /**
     * A string's length as the result holds it at {@code b}'s position (its length + 1 as unsigned
     * LEB128, 0 for NULL): the length, -1 for NULL; the position moves past it.
     */
    public static int readLength(ByteBuffer b) {
        long v;
        try {
            v = Leb128.readU32(b);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a string length of a plan result: " + e.getMessage(), e);
        }
        if (v > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a string length of " + (v - 1) + " bytes at byte " + b.position()
                    + " of a plan result");
        }
        return (int) v - 1;
    }

    /**
     * The header of an encoded result.
     *
     * @param words        the words of a decoded row
     * @param rows         the rows
     * @param stringAt     per string column, its first word (its length word) in a decoded row, ascending
     * @param stringWords  per string column, its words in a decoded row (1 + its bytes' words)
     * @param firstRow     the offset of the first row in the result
     */
    public record Shape(int words, int rows, int[] stringAt, int[] stringWords, int firstRow) {
        /** The offset just past the last row, the strings' lengths checked against their words. */
        private long walk(ByteBuffer b) {
            long at = firstRow;
            for (int r = 0; r < rows; r++) {
                int w = 0;
                for (int s = 0; s < stringAt.length; s++) {
                    at += (long) (stringAt[s] - w) * Long.BYTES;
                    if (at >= b.limit()) {
                        throw ends(r, b);
                    }
                    b.position((int) at);
                    int length = stringLength(b, r, s);
                    at = b.position() + (long) Math.max(length, 0);
                    w = stringAt[s] + stringWords[s];
                }
                at += (long) (words - w) * Long.BYTES;
            }
            return at;
        }

        /**
         * The length of string column {@code s} of row {@code row} at {@code b}'s position
         * ({@link #readLength}: -1 for NULL; the position moves past it), checked against the
         * column's words and the result's end.
         */
        public int stringLength(ByteBuffer b, int row, int s) {
            int length;
            try {
                length = readLength(b);
            } catch (BufferUnderflowException | IndexOutOfBoundsException e) {
                throw ends(row, b);
            }
            if (length > (stringWords[s] - 1) * Long.BYTES) {
                throw new IllegalArgumentException("row " + row + " of a plan result has a string of " + length
                        + " bytes in string column " + s + ", of " + (stringWords[s] - 1) * Long.BYTES
                        + " bytes at most");
            }
            if (b.position() + Math.max(length, 0) > b.limit()) {
                throw ends(row, b);
            }
            return length;
        }

        /** Fails unless the rows, read to offset {@code end}, end the result of {@code bytes} bytes. */
        public void checkEnd(long end, int bytes) {
            if (end != bytes) {
                throw new IllegalArgumentException("a plan result of " + rows + " rows of " + words + " words has "
                        + end + " bytes, got " + bytes);
            }
        }

        private IllegalArgumentException ends(int row, ByteBuffer b) {
            return new IllegalArgumentException("a plan result of " + rows + " rows of " + words + " words ends in row "
                    + row + ", at " + b.limit() + " bytes");
        }
    }
}
