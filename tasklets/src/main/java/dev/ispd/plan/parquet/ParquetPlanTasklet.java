package dev.ispd.plan.parquet;

import dev.ispd.plan.DecodedBatch;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.StringDictionary;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.IntToLongFunction;
import org.apache.parquet.column.Dictionary;
import org.apache.parquet.column.values.ValuesReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A plan over Parquet column chunks: the execution's extents are the chunks of
 * {@link ParquetSource#rowGroups}, back to back; each row group, once its bytes are in, is decoded
 * with parquet-column's value readers ({@link ColumnChunkPages}, {@link ColumnChunkDecoder}) a
 * column at a time straight into the interpreter's column arrays ({@link DecodedBatch}, up to
 * {@link DecodedBatch#capacity} rows), which a plan with expressions evaluates as they are
 * ({@link PlanTasklet#scan(DecodedBatch, Meter)}); a string column's dictionary ids go beside its
 * values, so that a WHERE on it is judged once per dictionary entry; a part of a plan that reads
 * records gets the batch's rows as records of the plan's layout (a {@link ParquetTable}'s).
 * So a plan gives the same answer over Parquet, on the drive and on the host, as over the same
 * values in fixed-width records. Nothing is allocated per value (a PLAIN string's or decimal's
 * {@code Binary} excepted: parquet-column's PLAIN reader makes one).
 *
 * <p>Meter: the interpreter's, plus the decoding ({@link #countDecoding}): per decoded value one
 * {@code decodedValues} and one DRAM access (its store into the batch), its kind (dictionary id, byte
 * array, definition level) and the compressed bytes by codec.
 */
public final class ParquetPlanTasklet implements Tasklet {
    /**
     * A too-long string's error's advice, before the width it asks for: the tasklet runs for every
     * caller, so the caller names its own option that sets the width ({@link #namingWidthOption}).
     */
    static final String WIDER = "read the files with a string width of at least ";

    private final PlanTasklet plan;
    private final ParquetSource source;
    private final ParquetColumn[] columns;
    private final Field[] fields;
    private final DecodedBatch batch;
    private final Scratch scratch;
    /** Per column, the dictionary all of whose entries its field was found to hold exactly, so its rows are not checked one by one. */
    private final StringDictionary[] fitting;
    /** A run of dictionary ids, row by row of the batch. */
    private final int[] ids;
    /**
     * Per column, whether it is decoded for a batch only when the plan first reads it: a column the
     * WHERE's first test does not read (of an AND, its first operand; the rows the tests before a
     * later test leave are all it reads); null where that test reads every column, or none.
     */
    private final boolean[] onDemand;
    /**
     * Of a batch whose rows the plan reads are fewer than one in this many, a column
     * {@link #onDemand} has those rows' values alone decoded, the others passed over: a value read
     * alone costs more than one of a run.
     */
    private static final int FEW_READ = 16;
    /** Fills a batch's column {@link #onDemand} ({@link DecodedBatch#filled(int, boolean[], DecodedBatch.ColumnFiller)}). */
    private final DecodedBatch.ColumnFiller fillLater = this::fillLater;
    /** The row group being decoded, its columns' decoders, and the rows of the batch in it. */
    private ParquetRowGroup group;
    private ColumnChunkDecoder[] decoders;
    private int batchRows;
    /** The batch's first row, counted from the first the row group's part read starts at. */
    private long batchStart;
    /**
     * Per column {@link #onDemand}, the row its decoder is at, counted as {@link #batchStart} is: the
     * rows from there to the batch are those of batches that never read it, passed over undecoded
     * when it is next read.
     */
    private final long[] decodedTo;
    /** The bytes sent that no row group decoded yet has taken: an array of {@link ChunkBuffers} from the first batch to {@link #finish}. */
    private byte[] pending;
    /** The room {@link #pending} starts with: the largest row group's bytes, at most a page's largest. */
    private final int firstRoom;
    private int pendingLength;
    private int nextGroup;

    /**
     * {@code plan} runs over {@code layout}, whose fields include every column of {@code source};
     * {@code where} is its WHERE, the columns of whose first test are decoded first (the others
     * only for a batch with a row that passes the tests before one that reads them).
     */
    public ParquetPlanTasklet(PlanTasklet plan, Layout layout, Predicate where, ParquetSource source) {
        this.plan = plan;
        this.source = source;
        this.columns = source.columns().toArray(ParquetColumn[]::new);
        this.fields = new Field[columns.length];
        for (int c = 0; c < columns.length; c++) {
            fields[c] = layout.field(columns[c].name(), "parquet");
        }
        Set<String> tested = PlanFields.named(firstTest(where));
        boolean[] later = new boolean[columns.length];
        for (int c = 0; c < columns.length; c++) {
            later[c] = !tested.contains(columns[c].name());
        }
        boolean some = false;
        boolean all = true;
        for (boolean l : later) {
            some |= l;
            all &= l;
        }
        this.onDemand = some && !all ? later : null;
        // room made once, not doubled as the bytes come; at most a page's largest size at first (the source's sizes are a caller's word)
        long largest = source.rowGroups().stream().mapToLong(ParquetRowGroup::bytes).max().orElse(0);
        this.firstRoom = (int) Math.min(largest, ColumnChunkPages.MAX_PAGE_BYTES);
        this.batch = new DecodedBatch(layout, List.of(fields));
        int widest = Arrays.stream(fields).mapToInt(Field::width).max().orElse(0);
        this.scratch = new Scratch(widest);
        this.fitting = new StringDictionary[columns.length];
        this.ids = new int[batch.capacity()];
        this.decodedTo = new long[columns.length];
    }

    /** The test of {@code where} the interpreter makes first: of an AND (and its first operand's, ...), the first operand. */
    private static Predicate firstTest(Predicate where) {
        return where instanceof Predicate.And a ? firstTest(a.operands().get(0)) : where;
    }

    /**
     * {@code message} (an error's, raised by a drive or on the host) with {@code option}, the setting
     * of the string width as the caller spells it, named after the width a too-long string's error
     * asks for; null where the message holds no such error.
     */
    public static String namingWidthOption(String message, String option) {
        int at = message == null ? -1 : message.indexOf(WIDER);
        if (at < 0) {
            return null;
        }
        int end = at + WIDER.length();
        while (end < message.length() && Character.isDigit(message.charAt(end))) {
            end++;
        }
        return message.substring(0, end) + " (" + option + ")" + message.substring(end);
    }

    @Override
    public int recordSize() {
        return 0; // the extents are column chunks, not records
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int n = data.remaining();
        if (pending == null) {
            pending = ChunkBuffers.take(Math.max(firstRoom, n));
        }
        if (pendingLength + n > pending.length) {
            pending = Arrays.copyOf(pending, Math.max(pendingLength + n, 2 * pending.length));
        }
        data.get(data.position(), pending, pendingLength, n);
        pendingLength += n;
        int used = 0;
        while (nextGroup < source.rowGroups().size()
                && pendingLength - used >= source.rowGroups().get(nextGroup).bytes()) {
            ParquetRowGroup g = source.rowGroups().get(nextGroup++);
            decode(g, used, meter);
            used += (int) g.bytes();
        }
        if (used > 0) {
            System.arraycopy(pending, used, pending, 0, pendingLength - used);
            pendingLength -= used;
        }
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        if (nextGroup < source.rowGroups().size() || pendingLength > 0) {
            String where = nextGroup < source.rowGroups().size()
                    ? "row group " + source.rowGroups().get(nextGroup).index() + " needs "
                    + source.rowGroups().get(nextGroup).bytes() + " bytes of column chunks and got " + pendingLength
                    : pendingLength + " bytes past the last row group";
            throw new ParquetDecodeException(source.file() + ": the extents do not hold the row groups' column chunks: "
                    + where, null);
        }
        plan.finish(out, meter);
        if (pending != null) {
            ChunkBuffers.giveBack(pending);
            pending = null;
        }
    }

    /**
     * Runs the plan over the rows of {@code g} it reads, the rows before them passed over
     * undecoded, and the rows of a batch that the plan never reads of a column {@link #onDemand}
     * passed over in that column (whole pages of them, where no batch of theirs is read, not even
     * decompressed); of a batch few rows of which the plan reads of such a column, those rows' values
     * alone are decoded ({@link #fillRows}).
     */
    private void decode(ParquetRowGroup g, int at, Meter meter) {
        group = g;
        decoders = open(g, at);
        skip(decoders, g);
        Arrays.fill(decodedTo, 0);
        for (batchStart = 0; batchStart < g.count(); batchStart += batchRows) {
            batchRows = (int) Math.min(batch.capacity(), g.count() - batchStart);
            for (int c = 0; c < columns.length; c++) {
                if (onDemand == null || !onDemand[c]) {
                    fill(c, batchRows);
                }
            }
            batch.filled(batchRows, onDemand, fillLater);
            plan.scan(batch, meter);
        }
        countDecoding(g, source.columns(), meter);
    }

    /**
     * Column {@code c} ({@link #onDemand}) of the batch, of rows {@code sel[0, k)} where those are
     * few (null {@code sel}: every row): first past the rows of the batches before it it was not
     * read for.
     */
    private void fillLater(int c, int[] sel, int k) {
        try {
            decoders[c].skip(batchStart - decodedTo[c]);
        } catch (RuntimeException e) {
            throw failure(group, c, e);
        }
        decodedTo[c] = batchStart + batchRows;
        if (sel != null && FEW_READ * k < batchRows) {
            fillRows(c, sel, k);
        } else {
            fill(c, batchRows);
        }
    }

    /**
     * Rows {@code sel[0, k)} (ascending) of column {@code c} into the batch, a value at a time, the
     * batch's other rows passed over (their values not decoded: no row of the plan reads them); a
     * string's bytes into its row's place, not as a dictionary id.
     */
    private void fillRows(int c, int[] sel, int k) {
        ColumnChunkDecoder d = decoders[c];
        ParquetColumn column = columns[c];
        try {
            int at = 0;
            for (int i = 0; i < k; i++) {
                int r = sel[i];
                d.skip(r - at);
                if (numbers(column.conversion())) {
                    fillOneByOne(d, column.conversion(), batch.values(c), batch.nulls(c), r, r + 1);
                } else if (column.conversion() == ParquetColumn.Conversion.STRING) {
                    fillString(d, column, fields[c], c, r);
                } else {
                    fillColumn(d, column, fields[c], batch.values(c), batch.highs(c), batch.nulls(c), r, r + 1);
                }
                at = r + 1;
            }
            d.skip(batchRows - at);
        } catch (RuntimeException e) {
            throw failure(group, c, e);
        }
        if (column.conversion() == ParquetColumn.Conversion.STRING) {
            batch.dictionary(c, null);
        }
    }

    /** The next string of column {@code c} into row {@code row}'s place (its dictionary entry where the page holds ids), or its NULL. */
    private void fillString(ColumnChunkDecoder d, ParquetColumn column, Field f, int c, int row) {
        if (isNull(d, batch.nulls(c), row)) {
            return;
        }
        if (d.ids() == null) {
            putString(d.values().readBytes(), column, f, c, row);
            return;
        }
        byte[] entry = d.strings().entry(d.values().readValueDictionaryId()); // the id checked to be the dictionary's
        check(entry, entry.length, f, column);
        batch.place(c, row, entry, entry.length);
    }

    /**
     * Counts into {@code meter} the decoding of {@code columns} (the source's, in order) of
     * {@code g}: per row read per column a decoded value, and of those the dictionary ids (a chunk
     * whose data pages are dictionary encoded), the byte arrays (a BYTE_ARRAY or
     * FIXED_LEN_BYTE_ARRAY column) and the definition levels (an optional column); a DRAM access per
     * value decoded or passed over (the values of a column's pages sent before {@code g.first()});
     * and the chunks' bytes sent by their codec, which are decompressed. The drive's meter and a
     * planner's estimate both count it here, from what the source says of each chunk.
     */
    public static void countDecoding(ParquetRowGroup g, List<ParquetColumn> columns, Meter meter) {
        long passedOver = 0;
        for (int c = 0; c < columns.size(); c++) {
            ParquetRowGroup.Chunk chunk = g.chunks().get(c);
            ParquetColumn column = columns.get(c);
            passedOver += g.first() - chunk.firstRow();
            if (chunk.dictionary()) {
                meter.addDictionaryIds(g.count());
            }
            if (column.physical() == PrimitiveTypeName.BINARY
                    || column.physical() == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
                meter.addByteArrayValues(g.count());
            }
            if (column.optional()) {
                meter.addDefinitionLevels(g.count());
            }
            PageCodecs.countCompressed(chunk.codec(), chunk.length(), meter);
        }
        meter.addDramAccesses(passedOver + g.count() * columns.size());
        meter.addDecodedValues(g.count() * columns.size());
    }

    /**
     * Moves every column past the rows of its pages sent before {@code g.first()} (whole pages
     * passed over undecoded, the rest their levels read and values skipped).
     */
    private void skip(ColumnChunkDecoder[] decoders, ParquetRowGroup g) {
        for (int c = 0; c < columns.length; c++) {
            long before = g.first() - g.chunks().get(c).firstRow();
            try {
                decoders[c].skip(before);
            } catch (RuntimeException e) {
                throw failure(g, c, e);
            }
        }
    }

    /**
     * A decoder per column over its chunk, which starts at {@code at} of the pending bytes, its data
     * pages decompressed into this thread's {@link PageRoom}: the decoders are read within
     * {@link #decode}, on its thread, and not after.
     */
    private ColumnChunkDecoder[] open(ParquetRowGroup g, int at) {
        ColumnChunkDecoder[] decoders = new ColumnChunkDecoder[columns.length];
        PageRoom room = PageRoom.ofThisThread(); // the row group is decoded on this thread, within this call
        int offset = at;
        for (int c = 0; c < columns.length; c++) {
            ParquetRowGroup.Chunk chunk = g.chunks().get(c);
            try {
                if (!PageCodecs.supported(chunk.codec())) {
                    throw new UnsupportedOperationException("codec " + PageCodecs.name(chunk.codec())
                            + " (the drive reads UNCOMPRESSED, SNAPPY, GZIP and ZSTD)");
                }
                ColumnChunkPages pages = new ColumnChunkPages(pending, offset, (int) chunk.length(), chunk.codec(), room, c);
                if (pages.getTotalValueCount() != chunk.rows()) {
                    throw new IOException("the chunk holds " + pages.getTotalValueCount() + " values for "
                            + chunk.rows() + " rows" + (chunk.rows() == g.rows() ? "" : " from row " + chunk.firstRow())
                            + ": it is truncated or damaged");
                }
                decoders[c] = new ColumnChunkDecoder(pages, columns[c]);
            } catch (IOException | RuntimeException e) {
                throw failure(g, c, e);
            }
            offset += (int) chunk.length();
        }
        return decoders;
    }

    /** The next {@code n} rows of column {@code c} of the row group into the batch. */
    private void fill(int c, int n) {
        try {
            if (columns[c].conversion() == ParquetColumn.Conversion.STRING) {
                fillStrings(decoders[c], columns[c], fields[c], c, n);
            } else if (numbers(columns[c].conversion())) {
                fillNumbers(decoders[c], columns[c].conversion(), batch.values(c), batch.nulls(c), n);
            } else {
                fillColumn(decoders[c], columns[c], fields[c], batch.values(c), batch.highs(c), batch.nulls(c), 0, n);
            }
        } catch (RuntimeException e) {
            throw failure(group, c, e);
        }
    }

    /**
     * The next values of one column, a value at a time, into rows {@code [from, to)} of {@code values}
     * as the field's {@link Field#readInteger} would read them from a record ({@code highs}: a 16-byte
     * decimal's high words), NULLs into {@code nulls} (null for a required column): milliseconds,
     * booleans, decimals in bytes.
     */
    private void fillColumn(ColumnChunkDecoder d, ParquetColumn column, Field f, long[] values, long[] highs,
                            boolean[] nulls, int from, int to) {
        switch (column.conversion()) {
            case INT64_MILLIS -> {
                for (int r = from; r < to; r++) {
                    values[r] = isNull(d, nulls, r) ? 0 : Math.multiplyExact(d.values().readLong(), 1000L);
                }
            }
            case BOOLEAN -> {
                for (int r = from; r < to; r++) {
                    values[r] = !isNull(d, nulls, r) && d.values().readBoolean() ? 1 : 0;
                }
            }
            case BYTES_DECIMAL -> {
                for (int r = from; r < to; r++) {
                    if (isNull(d, nulls, r)) {
                        values[r] = 0;
                        if (highs != null) {
                            highs[r] = 0;
                        }
                    } else {
                        decimal(d.values().readBytes(), column, f, values, highs, r);
                    }
                }
            }
            default -> throw new IllegalStateException(column.conversion() + " is not read here");
        }
    }

    /** Whether a column of {@code conversion} is one of numbers a page's values are read a run at a time of. */
    private static boolean numbers(ParquetColumn.Conversion conversion) {
        return conversion == ParquetColumn.Conversion.INT32 || conversion == ParquetColumn.Conversion.INT64
                || conversion == ParquetColumn.Conversion.FLOAT || conversion == ParquetColumn.Conversion.DOUBLE;
    }

    /**
     * The next {@code n} values of an INT32, INT64, FLOAT or DOUBLE column into {@code values}
     * (NULLs into {@code nulls}, null for a required column), a page's run at a time with no call
     * per value: an optional column's definition levels read as runs, then its values that are
     * not NULL; a dictionary-encoded page's ids read a run at a time and looked up in the chunk's
     * dictionary, made once as the values the field reads ({@link ColumnChunkDecoder#entries}); a
     * PLAIN page's values straight from its bytes ({@link PlainNumbers}); from a page in another
     * encoding on (delta, byte-stream-split), the values one by one.
     */
    private void fillNumbers(ColumnChunkDecoder d, ParquetColumn.Conversion conversion, long[] values,
                             boolean[] nulls, int n) {
        IntToLongFunction entry = entry(d.dictionary(), conversion);
        for (int r = 0; r < n; ) {
            int k = Math.min(n - r, d.run());
            DictionaryIds ids = d.ids();
            PlainNumbers plain = d.plain();
            if (ids == null && plain == null) {
                fillOneByOne(d, conversion, values, nulls, r, n);
                return;
            }
            int present = nulls == null ? k : d.definitions(nulls, r, k);
            if (ids != null) {
                ids.lookUp(d.entries(entry), this.ids, values, r, present);
            } else {
                plain.read(conversion, values, r, present);
            }
            if (present < k) {
                spread(values, nulls, r, k, present);
            }
            d.consumed(k);
            r += k;
        }
    }

    /** Rows {@code [from, n)} of a column of numbers whose page from row {@code from} on is in an encoding read a value at a time. */
    private void fillOneByOne(ColumnChunkDecoder d, ParquetColumn.Conversion conversion, long[] values,
                              boolean[] nulls, int from, int n) {
        for (int r = from; r < n; r++) {
            boolean isNull = isNull(d, nulls, r);
            values[r] = isNull ? 0 : switch (conversion) {
                case INT32 -> d.values().readInteger();
                case INT64 -> d.values().readLong();
                case FLOAT -> Float.floatToRawIntBits(d.values().readFloat()) & 0xFFFF_FFFFL;
                default -> Double.doubleToRawLongBits(d.values().readDouble());
            };
        }
    }

    /**
     * Moves the {@code present} values read into {@code values[at, at + present)} to their rows
     * among the {@code k} from {@code at}, whose NULLs {@code nulls} holds (a NULL's value 0), from
     * the last back, so that none is overwritten before it moves.
     */
    private static void spread(long[] values, boolean[] nulls, int at, int k, int present) {
        int from = at + present;
        for (int i = at + k - 1; i >= at; i--) {
            values[i] = nulls[i] ? 0 : values[--from];
        }
    }

    /** How a dictionary entry of a column of {@code conversion} reads as the field's value; null where a dictionary's entries are not made so. */
    private static IntToLongFunction entry(Dictionary dictionary, ParquetColumn.Conversion conversion) {
        if (dictionary == null) {
            return null;
        }
        return switch (conversion) {
            case INT32 -> dictionary::decodeToInt;
            case INT64 -> dictionary::decodeToLong;
            case FLOAT -> id -> Float.floatToRawIntBits(dictionary.decodeToFloat(id)) & 0xFFFF_FFFFL;
            case DOUBLE -> id -> Double.doubleToRawLongBits(dictionary.decodeToDouble(id));
            default -> null; // milliseconds may overflow for an entry no row reads; decimals and strings are not longs
        };
    }

    /**
     * The next {@code n} strings of column {@code c} into the batch, their lengths into its
     * {@link DecodedBatch#lengths}, a page's run at a time: an optional column's NULLs (definition
     * levels read as runs) into the batch's nulls, then its values that are not NULL. Where every
     * value is a dictionary id (dictionary-encoded pages), only the ids go into the batch (a NULL's
     * the dictionary's size) and it is told the dictionary: nothing is copied per row, a WHERE on
     * the column is judged once per entry, and a row stored as a record gets its entry then. Other
     * values are {@link DecodedBatch#place}d in their rows' places (and the rows of the batch read
     * as ids before them, once a page of the chunk is not dictionary encoded).
     */
    private void fillStrings(ColumnChunkDecoder d, ParquetColumn column, Field f, int c, int n) {
        boolean[] nulls = batch.nulls(c);
        int[] ids = batch.dictionaryIds(c);
        int[] lengths = batch.lengths(c);
        StringDictionary strings = d.strings();
        boolean coded = strings != null;
        for (int r = 0; r < n; ) {
            int k = Math.min(n - r, d.run());
            int end = r + k;
            int present = nulls == null ? k : d.definitions(nulls, r, k);
            DictionaryIds reader = d.ids();
            if (reader != null) {
                reader.read(ids, r, present);
                if (present < k) {
                    spread(ids, nulls, r, k, present, strings.size());
                }
                if (!fits(strings, column, f, c)) { // each row's entry checked; else the batch finds their lengths when asked
                    for (; r < end; r++) {
                        if (nulls == null || !nulls[r]) {
                            byte[] entry = strings.entry(ids[r]);
                            check(entry, entry.length, f, column);
                            lengths[r] = entry.length;
                        }
                    }
                }
                r = end;
                if (!coded) {
                    place(strings, ids, nulls, c, end - k, end);
                }
            } else {
                if (coded) {
                    place(strings, ids, nulls, c, 0, r);
                    coded = false;
                }
                for (; r < end; r++) {
                    if (nulls == null || !nulls[r]) {
                        putString(d.values().readBytes(), column, f, c, r);
                    }
                }
            }
            d.consumed(k);
        }
        batch.dictionary(c, coded ? strings : null);
    }

    /** Whether every entry of {@code strings} is a string {@code f} holds exactly (found once per dictionary). */
    private boolean fits(StringDictionary strings, ParquetColumn column, Field f, int c) {
        if (fitting[c] == strings) {
            return true;
        }
        for (int id = 0; id < strings.size(); id++) {
            byte[] entry = strings.entry(id);
            if (entry.length > f.width() || endsInZero(entry, entry.length)) {
                return false;
            }
        }
        fitting[c] = strings;
        return true;
    }

    /** The entries of the rows {@code [from, to)} of column {@code c} that are not NULL into their places. */
    private void place(StringDictionary strings, int[] ids, boolean[] nulls, int c, int from, int to) {
        for (int r = from; r < to; r++) {
            if (nulls == null || !nulls[r]) {
                byte[] entry = strings.entry(ids[r]);
                batch.place(c, r, entry, entry.length);
            }
        }
    }

    /** {@link #spread(long[], boolean[], int, int, int)} of dictionary ids, a NULL's id {@code nullId}. */
    private static void spread(int[] ids, boolean[] nulls, int at, int k, int present, int nullId) {
        int from = at + present;
        for (int i = at + k - 1; i >= at; i--) {
            ids[i] = nulls[i] ? nullId : ids[--from];
        }
    }

    private ParquetDecodeException failure(ParquetRowGroup g, int column, Exception e) {
        return new ParquetDecodeException(source.file() + ": row group " + g.index() + ", column "
                + columns[column].name() + ": " + e.getMessage(), e);
    }

    /** Moves {@code d} to its next value; whether it is NULL, noted in {@code nulls[row]} (null for a required column). */
    private static boolean isNull(ColumnChunkDecoder d, boolean[] nulls, int row) {
        boolean isNull = d.nextIsNull();
        if (nulls != null) {
            nulls[row] = isNull;
        }
        return isNull;
    }

    /** String {@code value} into row {@code row}'s place of column {@code c}, checked to be one the field holds exactly. */
    private void putString(Binary value, ParquetColumn column, Field f, int c, int row) {
        int n = value.length();
        check(n, f, column);
        scratch.take(value);
        check(scratch.bytes, n, f, column);
        batch.place(c, row, scratch.bytes, n);
    }

    private static void check(int n, Field f, ParquetColumn column) {
        if (n > f.width()) {
            throw new IllegalArgumentException("a value of " + n + " bytes is longer than the " + f.width()
                    + " bytes a plan reads of a string (" + column.name() + "): " + (n <= FieldType.MAX_CHARS
                    ? WIDER + n
                    : "a plan holds at most " + FieldType.MAX_CHARS + " bytes: read the column with Spark's own reader"));
        }
    }

    /** That the {@code n} bytes of {@code value} are a string {@code f} holds exactly: not longer, not ending in a zero byte. */
    private static void check(byte[] value, int n, Field f, ParquetColumn column) {
        check(n, f, column);
        if (endsInZero(value, n)) {
            // char(N) is zero-padded: a trailing zero byte would be read back as padding, the value shortened
            throw new IllegalArgumentException("a value ending in a zero byte cannot be held exactly in the zero-padded "
                    + "char(" + f.width() + ") a plan reads of a string (" + column.name() + ")");
        }
    }

    private static boolean endsInZero(byte[] value, int n) {
        return n > 0 && value[n - 1] == 0;
    }

    /**
     * A big-endian two's complement unscaled value as the field's integer: sign-extended to 64
     * bits, or to 128 ({@code highs}) for a 16-byte field.
     */
    private void decimal(Binary value, ParquetColumn column, Field f, long[] values, long[] highs, int row) {
        int n = value.length();
        if (n > f.width()) {
            throw new IllegalArgumentException("a decimal of " + n + " bytes does not fit the " + f.width()
                    + "-byte field of " + column.name());
        }
        scratch.take(value);
        long sign = n > 0 && scratch.bytes[0] < 0 ? -1L : 0L;
        long low = sign;
        long high = sign;
        for (int i = 0; i < n; i++) { // most significant byte first
            high = high << 8 | low >>> 56;
            low = low << 8 | (scratch.bytes[i] & 0xFFL);
        }
        values[row] = low;
        if (highs != null) {
            highs[row] = high;
        }
    }

    /** A value's bytes, copied out of its {@link Binary} without allocating (no {@code toByteBuffer} per value). */
    private static final class Scratch extends OutputStream {
        final byte[] bytes;
        int length;

        /** Room for values of up to {@code width} bytes, the widest field's. */
        Scratch(int width) {
            bytes = new byte[width];
        }

        /** Copies {@code value} (at most {@link #bytes}' length) into {@link #bytes}. */
        void take(Binary value) {
            length = 0;
            try {
                value.writeTo(this);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void write(int b) {
            bytes[length++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            System.arraycopy(b, off, bytes, length, len);
            length += len;
        }
    }
}
