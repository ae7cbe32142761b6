package dev.ispd.spark.write;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Encodes rows of the data being written into fixed-width records of a layout: each column into
 * the field of its name ({@link ColumnEncoder}), unwritten bytes zero. Built on the driver, which
 * checks the columns against the layout (an AnalysisException naming the column or field); on the
 * executors a value the field cannot hold, a NULL in a field that is not nullable, or two
 * overlapping integer fields that disagree (WorldCup98's {@code region} against the top bits of
 * {@code server}) is an IllegalArgumentException naming the column and the value.
 */
final class RecordEncoder implements Serializable {
    private static final long serialVersionUID = 2L;

    private final String layoutName;
    private final int recordSize;
    /** Whole fields before bit ranges, which are masked into the bytes the former wrote. */
    private final List<ColumnEncoder> columns;
    private final boolean overlapping;

    RecordEncoder(RecordLayout layout, StructType data) {
        this.layoutName = layout.name();
        this.recordSize = layout.entrySize();
        List<ColumnEncoder> written = new ArrayList<>();
        StructField[] fields = data.fields();
        for (int i = 0; i < fields.length; i++) {
            StructField c = fields[i];
            Field field = layout.column(c.name()).map(LayoutColumn::field).orElseThrow(() -> analysis("layout "
                    + layout.name() + " has no field for column " + c.name() + "; its fields: " + layout.columnNames()));
            written.add(new ColumnEncoder(c.name(), i, c.dataType(), field, layout.name()));
        }
        for (LayoutColumn column : layout.columns()) {
            Field f = column.field();
            if (written.stream().noneMatch(s -> s.field().equals(f) || covers(s.field(), f))) {
                throw analysis("the data has no column for field " + f.name() + " of layout " + layout.name()
                        + "; its columns: " + List.of(data.fieldNames()));
            }
        }
        written.sort(Comparator.comparing(s -> s.field().bitCount() > 0));
        this.columns = List.copyOf(written);
        this.overlapping = columns.stream().anyMatch(a -> columns.stream()
                .anyMatch(b -> a != b && overlaps(a.field(), b.field())));
    }

    int recordSize() {
        return recordSize;
    }

    /** Writes {@code row} as the record at absolute {@code at} of {@code buf}. */
    void encode(InternalRow row, ByteBuffer buf, int at) {
        for (int i = 0; i < recordSize; i++) {
            buf.put(at + i, (byte) 0);
        }
        for (ColumnEncoder c : columns) {
            c.encode(row, buf, at);
        }
        if (overlapping) {
            checkOverlaps(row, buf, at);
        }
    }

    /** Every written integer field still reads its own value once all are written, or the overlapping pair is named. */
    private void checkOverlaps(InternalRow row, ByteBuffer buf, int at) {
        for (ColumnEncoder c : columns) {
            if (!integer(c) || row.isNullAt(c.ordinal())) {
                continue;
            }
            long wanted = c.integer(row);
            if (c.field().read(buf, at) != wanted) {
                Optional<ColumnEncoder> other = columns.stream().filter(o -> o != c && overlaps(o.field(), c.field()))
                        .findFirst();
                throw new IllegalArgumentException("ispd: column " + c.field().name() + " value " + wanted
                        + " disagrees with column " + other.map(o -> o.field().name()
                        + (integer(o) ? " value " + o.integer(row) : "")).orElse("?")
                        + ": the fields share bytes of the " + layoutName + " record");
            }
        }
    }

    private static boolean integer(ColumnEncoder c) {
        return c.field().type().kind() == FieldType.Kind.INTEGER;
    }

    /** Whether {@code outer}, a whole field, holds all the bytes of {@code inner} (a bit range of it, say). */
    private static boolean covers(Field outer, Field inner) {
        return outer.offset() <= inner.offset() && inner.offset() + inner.width() <= outer.offset() + outer.width()
                && outer.bitCount() == 0;
    }

    private static boolean overlaps(Field a, Field b) {
        return a.offset() < b.offset() + b.width() && b.offset() < a.offset() + a.width();
    }
}
