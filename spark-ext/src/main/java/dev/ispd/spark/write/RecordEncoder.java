package dev.ispd.spark.write;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.plan.Field;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Encodes rows of the data being written into fixed-width records of a layout: each column into
 * the field of its name, unwritten bytes zero. Built on the driver, which checks the columns
 * against the layout (an AnalysisException naming the column or field); on the executors a value
 * the field cannot hold, a NULL, or two overlapping fields that disagree (WorldCup98's
 * {@code region} against the top bits of {@code server}) is an IllegalArgumentException naming
 * the column and the value.
 */
final class RecordEncoder implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final List<DataType> INTEGERS =
            List.of(DataTypes.ByteType, DataTypes.ShortType, DataTypes.IntegerType, DataTypes.LongType);

    /** One written column: its position in the row, its Spark type and the field it fills. */
    private record Slot(int ordinal, DataType type, Field field, boolean nullable) implements Serializable {
    }

    private final String layoutName;
    private final int recordSize;
    /** Whole-integer fields before bit ranges, which are masked into the bytes the former wrote. */
    private final List<Slot> slots;
    private final boolean overlapping;

    RecordEncoder(RecordLayout layout, StructType data) {
        this.layoutName = layout.name();
        this.recordSize = layout.entrySize();
        List<Slot> written = new ArrayList<>();
        StructField[] columns = data.fields();
        for (int i = 0; i < columns.length; i++) {
            StructField c = columns[i];
            Field field = layout.column(c.name()).map(LayoutColumn::field).orElseThrow(() -> analysis("layout "
                    + layout.name() + " has no field for column " + c.name() + "; its fields: " + layout.columnNames()));
            if (!INTEGERS.contains(c.dataType())) {
                throw analysis("column " + c.name() + " is " + c.dataType().sql() + "; field " + field.name()
                        + " of layout " + layout.name() + " takes integers (TINYINT, SMALLINT, INT, BIGINT)");
            }
            written.add(new Slot(i, c.dataType(), field, c.nullable()));
        }
        for (LayoutColumn column : layout.columns()) {
            Field f = column.field();
            if (written.stream().noneMatch(s -> s.field().equals(f) || covers(s.field(), f))) {
                throw analysis("the data has no column for field " + f.name() + " of layout " + layout.name()
                        + "; its columns: " + List.of(data.fieldNames()));
            }
        }
        written.sort(Comparator.comparing(s -> s.field().bitCount() > 0));
        this.slots = List.copyOf(written);
        this.overlapping = slots.stream().anyMatch(a -> slots.stream().anyMatch(b -> a != b && overlaps(a.field(), b.field())));
    }

    int recordSize() {
        return recordSize;
    }

    /** Writes {@code row} as the record at absolute {@code at} of {@code buf}. */
    void encode(InternalRow row, ByteBuffer buf, int at) {
        for (int i = 0; i < recordSize; i++) {
            buf.put(at + i, (byte) 0);
        }
        for (Slot s : slots) {
            long value = value(row, s);
            if (!s.field().holds(value)) {
                throw new IllegalArgumentException("ispd: column " + s.field().name() + " value " + value
                        + " does not fit field " + s.field().name() + " of layout " + layoutName + " (values "
                        + s.field().rangeText() + ")");
            }
            put(s.field(), value, buf, at);
        }
        if (overlapping) {
            checkOverlaps(row, buf, at);
        }
    }

    private static long value(InternalRow row, Slot s) {
        if (s.nullable() && row.isNullAt(s.ordinal())) {
            throw new IllegalArgumentException("ispd: column " + s.field().name() + " is NULL in a row; fields of a "
                    + "record hold no NULLs");
        }
        DataType t = s.type();
        if (t.equals(DataTypes.LongType)) {
            return row.getLong(s.ordinal());
        }
        if (t.equals(DataTypes.IntegerType)) {
            return row.getInt(s.ordinal());
        }
        return t.equals(DataTypes.ShortType) ? row.getShort(s.ordinal()) : row.getByte(s.ordinal());
    }

    /** A field's value into its bytes; a bit range keeps the other bits of its integer. */
    private static void put(Field f, long value, ByteBuffer buf, int at) {
        long raw = value;
        if (f.bitCount() > 0) {
            long mask = (f.bitCount() == 64 ? -1L : (1L << f.bitCount()) - 1) << f.bitOffset();
            raw = (rawAt(f, buf, at) & ~mask) | ((value << f.bitOffset()) & mask);
        }
        for (int i = 0; i < f.width(); i++) {
            int shift = 8 * (f.bigEndian() ? f.width() - 1 - i : i);
            buf.put(at + f.offset() + i, (byte) (raw >>> shift));
        }
    }

    private static long rawAt(Field f, ByteBuffer buf, int at) {
        long raw = 0;
        for (int i = 0; i < f.width(); i++) {
            int shift = 8 * (f.bigEndian() ? f.width() - 1 - i : i);
            raw |= (buf.get(at + f.offset() + i) & 0xFFL) << shift;
        }
        return raw;
    }

    /** Every written field still reads its own value once all are written, or the overlapping pair is named. */
    private void checkOverlaps(InternalRow row, ByteBuffer buf, int at) {
        for (Slot s : slots) {
            long wanted = value(row, s);
            if (s.field().read(buf, at) != wanted) {
                Optional<Slot> other = slots.stream().filter(o -> o != s && overlaps(o.field(), s.field())).findFirst();
                throw new IllegalArgumentException("ispd: column " + s.field().name() + " value " + wanted
                        + " disagrees with column " + other.map(o -> o.field().name() + " value " + value(row, o))
                        .orElse("?") + ": the fields share bytes of the " + layoutName + " record");
            }
        }
    }

    /** Whether {@code outer}, a whole integer, holds all the bytes of {@code inner} (a bit range of it, say). */
    private static boolean covers(Field outer, Field inner) {
        return outer.offset() <= inner.offset() && inner.offset() + inner.width() <= outer.offset() + outer.width()
                && outer.bitCount() == 0;
    }

    private static boolean overlaps(Field a, Field b) {
        return a.offset() < b.offset() + b.width() && b.offset() < a.offset() + a.width();
    }
}
