package dev.ispd.plan.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.io.api.Binary;

/**
 * A plan over Parquet column chunks: the execution's extents are the chunks of
 * {@link ParquetSource#rowGroups}, back to back; each row group, once its bytes are in, is decoded
 * with parquet-column's value readers ({@link ColumnChunkPages}, {@link ColumnChunkDecoder}) into
 * records of the plan's layout (a {@link ParquetTable}'s), a column at a time, which the plan
 * interpreter then scans as it scans stored records. So a plan gives the same answer over Parquet,
 * on the drive and on the host, as over the same values in fixed-width records. One batch of
 * records at a time lives in one reused buffer, and nothing is allocated per value (a PLAIN
 * string's or decimal's {@code Binary} excepted: parquet-column's PLAIN reader makes one).
 *
 * <p>Meter: the interpreter's, plus per decoded value one {@code decodedValues} and one DRAM access (its store into the record).
 */
public final class ParquetPlanTasklet implements Tasklet {
    private static final int BATCH_BYTES = 64 * 1024;

    private final PlanTasklet plan;
    private final ParquetSource source;
    private final ParquetColumn[] columns;
    private final Field[] fields;
    private final int recordSize;
    private final int nullBytes;
    private final ByteBuffer records;
    private final int batch;
    private final Scratch scratch = new Scratch();
    private byte[] pending = new byte[0];
    private int pendingLength;
    private int nextGroup;
    private long recordOffset;

    /** {@code plan} runs over {@code layout}, whose fields include every column of {@code source}. */
    public ParquetPlanTasklet(PlanTasklet plan, Layout layout, ParquetSource source) {
        this.plan = plan;
        this.source = source;
        this.columns = source.columns().toArray(ParquetColumn[]::new);
        this.fields = new Field[columns.length];
        int firstField = layout.recordSize();
        for (Field f : layout.fields()) {
            firstField = Math.min(firstField, f.offset());
        }
        for (int c = 0; c < columns.length; c++) {
            fields[c] = layout.field(columns[c].name(), "parquet");
        }
        this.recordSize = layout.recordSize();
        this.nullBytes = firstField;
        this.batch = Math.max(1, BATCH_BYTES / recordSize);
        this.records = ByteBuffer.allocateDirect(batch * recordSize).order(ByteOrder.LITTLE_ENDIAN);
    }

    @Override
    public int recordSize() {
        return 0; // the extents are column chunks, not records
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int n = data.remaining();
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
    }

    /** Runs the plan over the rows of {@code g} it reads, the rows before them passed over undecoded. */
    private void decode(ParquetRowGroup g, int at, Meter meter) {
        ColumnChunkDecoder[] decoders = open(g, at);
        skip(decoders, g);
        long done = 0;
        while (done < g.count()) {
            int n = (int) Math.min(batch, g.count() - done);
            fill(decoders, g, n);
            records.position(0).limit(n * recordSize);
            plan.scan(records, 0, recordOffset, meter);
            records.clear();
            recordOffset += (long) n * recordSize;
            done += n;
        }
        meter.addDramAccesses((g.first() + g.count()) * columns.length);
        meter.addDecodedValues(g.count() * columns.length);
    }

    /** Moves every column past the rows before {@code g.first()}: their levels read, their values skipped. */
    private void skip(ColumnChunkDecoder[] decoders, ParquetRowGroup g) {
        for (int c = 0; c < columns.length; c++) {
            try {
                for (long r = 0; r < g.first(); r++) {
                    if (!decoders[c].nextIsNull()) {
                        decoders[c].values().skip();
                    }
                }
            } catch (RuntimeException e) {
                throw failure(g, c, e);
            }
        }
    }

    /** A decoder per column over its chunk, which starts at {@code at} of the pending bytes. */
    private ColumnChunkDecoder[] open(ParquetRowGroup g, int at) {
        ColumnChunkDecoder[] decoders = new ColumnChunkDecoder[columns.length];
        int offset = at;
        for (int c = 0; c < columns.length; c++) {
            ParquetRowGroup.Chunk chunk = g.chunks().get(c);
            try {
                if (!PageCodecs.supported(chunk.codec())) {
                    throw new UnsupportedOperationException("codec " + PageCodecs.name(chunk.codec())
                            + " (the drive reads UNCOMPRESSED, SNAPPY, GZIP and ZSTD)");
                }
                ColumnChunkPages pages = new ColumnChunkPages(pending, offset, (int) chunk.length(), chunk.codec());
                if (pages.getTotalValueCount() != g.rows()) {
                    throw new IOException("the chunk holds " + pages.getTotalValueCount() + " values for "
                            + g.rows() + " rows: it is truncated or damaged");
                }
                decoders[c] = new ColumnChunkDecoder(pages, columns[c]);
            } catch (IOException | RuntimeException e) {
                throw failure(g, c, e);
            }
            offset += (int) chunk.length();
        }
        return decoders;
    }

    /** The next {@code n} rows of the row group as records at the start of the batch buffer, a column at a time. */
    private void fill(ColumnChunkDecoder[] decoders, ParquetRowGroup g, int n) {
        for (int r = 0; r < n; r++) {
            for (int b = 0; b < nullBytes; b++) {
                records.put(r * recordSize + b, (byte) 0);
            }
        }
        for (int c = 0; c < columns.length; c++) {
            try {
                fillColumn(decoders[c], columns[c], fields[c], n);
            } catch (RuntimeException e) {
                throw failure(g, c, e);
            }
        }
    }

    /** Stores the next {@code n} values of one column (or their null bits) in field {@code f} of the batch's records. */
    private void fillColumn(ColumnChunkDecoder d, ParquetColumn column, Field f, int n) {
        int end = n * recordSize;
        switch (column.conversion()) {
            case INT32 -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.putInt(p + f.offset(), d.values().readInteger());
                    }
                }
            }
            case INT64 -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.putLong(p + f.offset(), d.values().readLong());
                    }
                }
            }
            case INT64_MILLIS -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.putLong(p + f.offset(), Math.multiplyExact(d.values().readLong(), 1000L));
                    }
                }
            }
            case FLOAT -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.putFloat(p + f.offset(), d.values().readFloat());
                    }
                }
            }
            case DOUBLE -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.putDouble(p + f.offset(), d.values().readDouble());
                    }
                }
            }
            case BOOLEAN -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        records.put(p + f.offset(), (byte) (d.values().readBoolean() ? 1 : 0));
                    }
                }
            }
            case STRING -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        putString(d.values().readBytes(), column, f, p + f.offset());
                    }
                }
            }
            case BYTES_DECIMAL -> {
                for (int p = 0; p < end; p += recordSize) {
                    if (!isNull(d, f, p)) {
                        putDecimal(d.values().readBytes(), column, f, p + f.offset());
                    }
                }
            }
        }
    }

    private ParquetDecodeException failure(ParquetRowGroup g, int column, Exception e) {
        return new ParquetDecodeException(source.file() + ": row group " + g.index() + ", column "
                + columns[column].name() + ": " + e.getMessage(), e);
    }

    /** Moves {@code d} to its next value; if NULL, sets the null bit of {@code f} in the record at {@code base}. */
    private boolean isNull(ColumnChunkDecoder d, Field f, int base) {
        if (!d.nextIsNull()) {
            return false;
        }
        int bit = f.nullBit();
        int at = base + (bit >>> 3);
        records.put(at, (byte) (records.get(at) | (1 << (bit & 7))));
        return true;
    }

    private void putString(Binary value, ParquetColumn column, Field f, int at) {
        int n = value.length();
        if (n > f.width()) {
            throw new IllegalArgumentException("a value of " + n + " bytes is longer than the " + f.width()
                    + " bytes a plan reads of a string (" + column.name() + ")");
        }
        scratch.take(value);
        if (n > 0 && scratch.bytes[n - 1] == 0) {
            // char(N) is zero-padded: a trailing zero byte would be read back as padding, the value shortened
            throw new IllegalArgumentException("a value ending in a zero byte cannot be held exactly in the zero-padded "
                    + "char(" + f.width() + ") a plan reads of a string (" + column.name() + ")");
        }
        records.put(at, scratch.bytes, 0, n);
        for (int i = n; i < f.width(); i++) {
            records.put(at + i, (byte) 0);
        }
    }

    /** A big-endian two's complement unscaled value, stored little-endian and sign-extended to the field's width. */
    private void putDecimal(Binary value, ParquetColumn column, Field f, int at) {
        int n = value.length();
        if (n > f.width()) {
            throw new IllegalArgumentException("a decimal of " + n + " bytes does not fit the " + f.width()
                    + "-byte field of " + column.name());
        }
        scratch.take(value);
        byte sign = n > 0 && scratch.bytes[0] < 0 ? (byte) -1 : 0;
        for (int i = 0; i < f.width(); i++) {
            records.put(at + i, i < n ? scratch.bytes[n - 1 - i] : sign);
        }
    }

    /** A value's bytes, copied out of its {@link Binary} without allocating (no {@code toByteBuffer} per value). */
    private static final class Scratch extends OutputStream {
        final byte[] bytes = new byte[ParquetTable.STRING_WIDTH];
        int length;

        /** Copies {@code value} (at most {@link ParquetTable#STRING_WIDTH} bytes) into {@link #bytes}. */
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
