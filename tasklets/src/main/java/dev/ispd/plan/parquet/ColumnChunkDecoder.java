package dev.ispd.plan.parquet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import dev.ispd.plan.ColumnBatch;
import dev.ispd.plan.StringDictionary;
import java.util.function.IntToLongFunction;
import org.apache.parquet.bytes.ByteBufferInputStream;
import org.apache.parquet.bytes.BytesUtils;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.ValuesType;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.values.ValuesReader;

/**
 * One column chunk's values, a value at a time for a loop that stores them column by column: the
 * chunk's dictionary decoded once (parquet-column's {@link Dictionary}), each data page's
 * definition levels and values read with parquet-column's own {@link ValuesReader}s (PLAIN,
 * dictionary, delta, byte-stream-split; RLE/bit-packed levels), as its {@code ColumnReaderImpl}
 * reads them, without its per-value record-assembly bookkeeping. The column is top-level and not
 * repeated (a {@link ParquetColumn}): a value is NULL where its definition level is 0.
 *
 * <p>Use: {@link #nextIsNull} for each value; where it is false, read the value from
 * {@link #values} with the reader's typed method ({@code readInteger}, {@code readLong}, ...).
 * A required column's values can be read a page's run at a time instead ({@link #run},
 * {@link #consumed}).
 */
final class ColumnChunkDecoder {
    private final ColumnChunkPages pages;
    private final ColumnDescriptor descriptor;
    private final Dictionary dictionary;
    private final boolean optional;
    private long[] entries;
    private StringDictionary strings;
    /** The reader of the chunk's dictionary-encoded pages, made for its first one. */
    private DictionaryIds idsReader;
    /** The reader of the chunk's PLAIN pages of numbers, made for its first one. */
    private PlainNumbers plainReader;
    private int pageNumber;
    private int left;
    private ValuesReader values;
    /** A page's definition levels where they are RLE/bit-packed runs (a v2 page's always, a v1 page's mostly). */
    private final HybridRuns levelRuns = new HybridRuns("definition levels");
    /** A v1 page's definition levels in another encoding (BIT_PACKED), or null: they are {@link #levelRuns}. */
    private ValuesReader levelsV1;
    /** The levels of a run of values ({@link #definitions}), or one ({@link #nextIsNull}). */
    private final int[] levels = new int[ColumnBatch.MAX_ROWS];
    /** The NULLs of a run of values passed over ({@link #skip}), not kept. */
    private final boolean[] passed = new boolean[ColumnBatch.MAX_ROWS];

    ColumnChunkDecoder(ColumnChunkPages pages, ParquetColumn column) throws IOException {
        this.pages = pages;
        this.descriptor = column.descriptor();
        this.optional = column.optional();
        DictionaryPage d = pages.readDictionaryPage();
        this.dictionary = d == null ? null : d.getEncoding().initDictionary(descriptor, d);
    }

    /** Moves to the next value; whether it is NULL (if not, read it from {@link #values}). */
    boolean nextIsNull() {
        while (left == 0) { // a page may hold no values
            nextPage();
        }
        left--;
        if (!optional) {
            return false;
        }
        if (levelsV1 != null) {
            return levelsV1.readInteger() == 0;
        }
        levelRuns.read(levels, 0, 1);
        return levels[0] == 0;
    }

    /**
     * For an optional column: moves over the next {@code k} values of the current page's {@link #run},
     * their NULLs (definition level 0) into {@code nulls[at, at + k)}; returns how many are not
     * NULL, which are the next values of {@link #values} (then {@link #consumed}{@code (k)}).
     */
    int definitions(boolean[] nulls, int at, int k) {
        if (levelsV1 != null) {
            for (int i = 0; i < k; i++) {
                levels[i] = levelsV1.readInteger();
            }
        } else {
            levelRuns.read(levels, 0, k);
        }
        int present = 0;
        for (int i = 0; i < k; i++) {
            boolean isNull = levels[i] == 0;
            nulls[at + i] = isNull;
            present += isNull ? 0 : 1;
        }
        return present;
    }

    /**
     * How many values from the next on the current page holds (at least one, moving to the next
     * page where this one is done): a required column's to be read from {@link #values} in a run,
     * an optional one's {@link #definitions} first; then {@link #consumed}.
     */
    int run() {
        while (left == 0) {
            nextPage();
        }
        return left;
    }

    /** Marks {@code k} values of the current page's {@link #run} as read from {@link #values}. */
    void consumed(int k) {
        left -= k;
    }

    /**
     * Passes over the next {@code rows} values: whole pages by their headers' value counts, never
     * decompressed; in the page holding the last of them, their levels read and values skipped.
     */
    void skip(long rows) {
        while (rows > 0) {
            if (left == 0) {
                int next = pages.nextValueCount();
                if (next >= 0 && next <= rows) {
                    pages.skipPage();
                    pageNumber++;
                    rows -= next;
                    continue;
                }
                nextPage();
            }
            int k = (int) Math.min(rows, left);
            if (optional) { // a run of levels at a time, then the values that are not NULL among them
                k = Math.min(k, levels.length);
                values.skip(definitions(passed, 0, k));
            } else {
                values.skip(k);
            }
            left -= k;
            rows -= k;
        }
    }

    /**
     * The current page's dictionary ids, for a run of values read as ids ({@link DictionaryIds#read})
     * and looked up in the chunk's dictionary ({@link #entries}); null where the page is not dictionary
     * encoded (a writer falls back to PLAIN pages when a chunk's dictionary grows too large).
     */
    DictionaryIds ids() {
        return values instanceof DictionaryIds ids ? ids : null;
    }

    /**
     * The chunk's dictionary entries as {@code entry} makes them, made once for the chunk on the first
     * call (the same {@code entry} each time); null without a dictionary.
     */
    long[] entries(IntToLongFunction entry) {
        if (entries == null && dictionary != null) {
            entries = new long[dictionary.getMaxId() + 1];
            for (int id = 0; id < entries.length; id++) {
                entries[id] = entry.applyAsLong(id);
            }
        }
        return entries;
    }

    /** The chunk's dictionary's strings, made once for the chunk on the first call; null without a dictionary. */
    StringDictionary strings() {
        if (strings == null && dictionary != null) {
            byte[][] entries = new byte[dictionary.getMaxId() + 1][];
            for (int id = 0; id < entries.length; id++) {
                entries[id] = dictionary.decodeToBinary(id).getBytes();
            }
            strings = new StringDictionary(entries);
        }
        return strings;
    }

    /** The current page's values where it is a PLAIN page of numbers, read a run at a time; else null. */
    PlainNumbers plain() {
        return values instanceof PlainNumbers p ? p : null;
    }

    /** The chunk's dictionary, or null. */
    Dictionary dictionary() {
        return dictionary;
    }

    /** The current page's values, positioned at the value {@link #nextIsNull} moved to. */
    ValuesReader values() {
        return values;
    }

    private void nextPage() {
        DataPage page;
        try {
            page = pages.readPage();
        } catch (UncheckedIOException e) {
            throw new IllegalStateException(e.getCause().getMessage(), e); // it names the data page
        }
        if (page == null) {
            throw new IllegalStateException("the column chunk ends after its " + pageNumber + " data pages, before "
                    + "the row group's last row");
        }
        pageNumber++;
        left = page.getValueCount();
        try {
            if (page instanceof DataPageV1 v1) {
                ByteBufferInputStream in = v1.getBytes().toInputStream();
                v1.getRlEncoding().getValuesReader(descriptor, ValuesType.REPETITION_LEVEL).initFromPage(left, in);
                levelsV1 = null;
                if (optional && v1.getDlEncoding() == Encoding.RLE) { // 4 bytes of length, then the runs
                    levelRuns(in.slice(BytesUtils.readIntLittleEndian(in)));
                } else {
                    levelsV1 = v1.getDlEncoding().getValuesReader(descriptor, ValuesType.DEFINITION_LEVEL);
                    levelsV1.initFromPage(left, in);
                }
                values = reader(v1.getValueEncoding());
                values.initFromPage(left, in);
            } else {
                DataPageV2 v2 = (DataPageV2) page;
                levelsV1 = null;
                if (optional) {
                    levelRuns(v2.getDefinitionLevels().toByteBuffer());
                }
                values = reader(v2.getDataEncoding());
                values.initFromPage(left, v2.getData().toInputStream());
            }
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("data page " + pageNumber + " (" + page.getValueCount() + " values): "
                    + e.getMessage(), e);
        }
    }

    /** Reads the definition levels in {@code runs} a run at a time. */
    private void levelRuns(ByteBuffer runs) {
        byte[] bytes;
        int position;
        if (runs.hasArray()) {
            bytes = runs.array();
            position = runs.arrayOffset() + runs.position();
        } else {
            bytes = new byte[runs.remaining()];
            runs.get(runs.position(), bytes);
            position = 0;
        }
        levelRuns.reset(bytes, position, position + runs.remaining(),
                BytesUtils.getWidthFromMaxInt(descriptor.getMaxDefinitionLevel()));
    }

    private ValuesReader reader(Encoding encoding) {
        try {
            if (encoding == Encoding.PLAIN && numberWidth() > 0) {
                if (plainReader == null) {
                    plainReader = new PlainNumbers(numberWidth());
                }
                return plainReader;
            }
            if (!encoding.usesDictionary()) {
                return encoding.getValuesReader(descriptor, ValuesType.VALUES);
            }
            if (dictionary == null) {
                throw new IllegalStateException("the page is dictionary encoded and the chunk has no dictionary page");
            }
            if (idsReader == null) {
                encoding.getDictionaryBasedValuesReader(descriptor, ValuesType.VALUES, dictionary); // refuses a type it does not read
                idsReader = new DictionaryIds(dictionary);
            }
            return idsReader;
        } catch (RuntimeException e) {
            throw new IllegalStateException("encoding " + encoding + ": " + e.getMessage(), e);
        }
    }

    /** The bytes of a value of the column's physical type where it is a number read a run at a time: 4 or 8; else 0. */
    private int numberWidth() {
        return switch (descriptor.getPrimitiveType().getPrimitiveTypeName()) {
            case INT32, FLOAT -> 4;
            case INT64, DOUBLE -> 8;
            default -> 0;
        };
    }
}
