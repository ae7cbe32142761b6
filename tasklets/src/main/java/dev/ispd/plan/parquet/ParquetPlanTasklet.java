package dev.ispd.plan.parquet;

import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.parquet.column.impl.ColumnReaderImpl;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.PrimitiveConverter;

/**
 * A plan over Parquet column chunks: the execution's extents are the chunks of
 * {@link ParquetSource#rowGroups}, back to back; each row group, once its bytes are in, is decoded
 * with parquet-column's readers ({@link ColumnChunkPages}) into records of the plan's layout (a
 * {@link ParquetTable}'s), which the plan interpreter then scans as it scans stored records. So a
 * plan gives the same answer over Parquet, on the drive and on the host, as over the same values
 * in fixed-width records. The adapter materializes one batch of records at a time in one reused
 * buffer; it is the seam where a columnar evaluator would take the decoded columns instead.
 *
 * <p>Meter: the interpreter's, plus one DRAM access per decoded value (its store into the record).
 */
public final class ParquetPlanTasklet implements Tasklet {
    private static final int BATCH_BYTES = 64 * 1024;
    private static final PrimitiveConverter NO_CONVERTER = new PrimitiveConverter() { };

    private final PlanTasklet plan;
    private final ParquetSource source;
    private final ParquetColumn[] columns;
    private final Field[] fields;
    private final int recordSize;
    private final int nullBytes;
    private final ByteBuffer records;
    private final int batch;
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

    private void decode(ParquetRowGroup g, int at, Meter meter) {
        ColumnReaderImpl[] readers = open(g, at);
        long done = 0;
        while (done < g.rows()) {
            int n = (int) Math.min(batch, g.rows() - done);
            fill(readers, g, n);
            records.position(0).limit(n * recordSize);
            plan.scan(records, 0, recordOffset, meter);
            records.clear();
            recordOffset += (long) n * recordSize;
            done += n;
        }
        meter.addDramAccesses(g.rows() * columns.length);
    }

    /** A reader per column over its chunk, which starts at {@code at} of the pending bytes. */
    private ColumnReaderImpl[] open(ParquetRowGroup g, int at) {
        ColumnReaderImpl[] readers = new ColumnReaderImpl[columns.length];
        int offset = at;
        for (int c = 0; c < columns.length; c++) {
            ParquetRowGroup.Chunk chunk = g.chunks().get(c);
            try {
                if (!PageCodecs.supported(chunk.codec())) {
                    throw new UnsupportedOperationException("codec " + PageCodecs.name(chunk.codec())
                            + " (the drive reads UNCOMPRESSED, SNAPPY, GZIP and ZSTD)");
                }
                PageReader pages = new ColumnChunkPages(pending, offset, (int) chunk.length(), chunk.codec());
                if (pages.getTotalValueCount() != g.rows()) {
                    throw new IOException("the chunk holds " + pages.getTotalValueCount() + " values for "
                            + g.rows() + " rows: it is truncated or damaged");
                }
                readers[c] = new ColumnReaderImpl(columns[c].descriptor(), pages, NO_CONVERTER, null);
            } catch (IOException | RuntimeException e) {
                throw failure(g, c, e);
            }
            offset += (int) chunk.length();
        }
        return readers;
    }

    /** The next {@code n} rows of the row group as records at the start of the batch buffer. */
    private void fill(ColumnReaderImpl[] readers, ParquetRowGroup g, int n) {
        int c = 0;
        try {
            for (int r = 0; r < n; r++) {
                int base = r * recordSize;
                for (int b = 0; b < nullBytes; b++) {
                    records.put(base + b, (byte) 0);
                }
                for (c = 0; c < columns.length; c++) {
                    materialize(readers[c], columns[c], fields[c], base);
                }
            }
        } catch (RuntimeException e) {
            throw failure(g, c, e);
        }
    }

    private ParquetDecodeException failure(ParquetRowGroup g, int column, Exception e) {
        return new ParquetDecodeException(source.file() + ": row group " + g.index() + ", column "
                + columns[column].name() + ": " + e.getMessage(), e);
    }

    /** Stores the reader's current value (or NULL) in field {@code f} of the record at {@code base}, and moves on. */
    private void materialize(ColumnReaderImpl reader, ParquetColumn column, Field f, int base) {
        if (column.optional() && reader.getCurrentDefinitionLevel() == 0) {
            int bit = f.nullBit();
            int at = base + (bit >>> 3);
            records.put(at, (byte) (records.get(at) | (1 << (bit & 7))));
            reader.consume();
            return;
        }
        int at = base + f.offset();
        switch (column.conversion()) {
            case INT32 -> records.putInt(at, reader.getInteger());
            case INT64 -> records.putLong(at, reader.getLong());
            case INT64_MILLIS -> records.putLong(at, Math.multiplyExact(reader.getLong(), 1000L));
            case FLOAT -> records.putFloat(at, reader.getFloat());
            case DOUBLE -> records.putDouble(at, reader.getDouble());
            case BOOLEAN -> records.put(at, (byte) (reader.getBoolean() ? 1 : 0));
            case STRING -> putString(reader.getBinary(), column, f, at);
            case BYTES_DECIMAL -> putDecimal(reader.getBinary(), column, f, at);
        }
        reader.consume();
    }

    private void putString(Binary value, ParquetColumn column, Field f, int at) {
        ByteBuffer bytes = value.toByteBuffer();
        int n = bytes.remaining();
        if (n > f.width()) {
            throw new IllegalArgumentException("a value of " + n + " bytes is longer than the " + f.width()
                    + " bytes a plan reads of a string (" + column.name() + ")");
        }
        if (n > 0 && bytes.get(bytes.position() + n - 1) == 0) {
            // char(N) is zero-padded: a trailing zero byte would be read back as padding, the value shortened
            throw new IllegalArgumentException("a value ending in a zero byte cannot be held exactly in the zero-padded "
                    + "char(" + f.width() + ") a plan reads of a string (" + column.name() + ")");
        }
        records.put(at, bytes, bytes.position(), n);
        for (int i = n; i < f.width(); i++) {
            records.put(at + i, (byte) 0);
        }
    }

    /** A big-endian two's complement unscaled value, stored little-endian and sign-extended to the field's width. */
    private void putDecimal(Binary value, ParquetColumn column, Field f, int at) {
        ByteBuffer bytes = value.toByteBuffer();
        int n = bytes.remaining();
        if (n > f.width()) {
            throw new IllegalArgumentException("a decimal of " + n + " bytes does not fit the " + f.width()
                    + "-byte field of " + column.name());
        }
        byte sign = n > 0 && bytes.get(bytes.position()) < 0 ? (byte) -1 : 0;
        for (int i = 0; i < f.width(); i++) {
            records.put(at + i, i < n ? bytes.get(bytes.position() + n - 1 - i) : sign);
        }
    }
}
