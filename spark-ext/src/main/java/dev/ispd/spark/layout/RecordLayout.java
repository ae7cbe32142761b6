package dev.ispd.spark.layout;

import dev.ispd.plan.Layout;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * A fixed-width record layout as the connector reads it: its name, the bytes per entry and the
 * columns decoded from each entry: WorldCup98 ({@link dev.ispd.plan.layout.Layouts}) or any layout of the plan model
 * (fields of any width, signedness, byte order and bit range; {@link LayoutResolver}).
 *
 * @param parquet whether the records are decoded from Parquet files by the plan's source (the
 *                table of their schema, {@code dev.ispd.plan.parquet.ParquetTable}), not stored:
 *                a plan then names every column it reads, which the source decodes
 * @param recordsPerBlock records to a block where the files store them column-blocked
 *                ({@link dev.ispd.plan.BlockLayout}), 0 where in rows or Parquet: a plan over blocks
 *                finds its columns by its own layout's fields, so it names none that cuts across
 *                the table's ({@code RowBytes})
 */
public record RecordLayout(String name, int entrySize, List<LayoutColumn> columns, boolean parquet,
                           int recordsPerBlock) implements Serializable {
    public RecordLayout {
        columns = List.copyOf(columns);
    }

    /** A layout of records in rows or Parquet. */
    public RecordLayout(String name, int entrySize, List<LayoutColumn> columns, boolean parquet) {
        this(name, entrySize, columns, parquet, 0);
    }

    /** These records stored column-blocked, {@code recordsPerBlock} to a block (0: in rows). */
    public RecordLayout blocked(int recordsPerBlock) {
        return new RecordLayout(name, entrySize, columns, parquet, recordsPerBlock);
    }

    /** The columns of every field of {@code layout}, stored as records. */
    public static RecordLayout of(Layout layout) {
        return of(layout, false);
    }

    /** The columns of every field of {@code layout}, the table of Parquet files whose values the plan's source decodes. */
    public static RecordLayout ofParquet(Layout layout) {
        return of(layout, true);
    }

    private static RecordLayout of(Layout layout, boolean parquet) {
        return new RecordLayout(layout.name(), layout.recordSize(), layout.fields().stream().map(LayoutColumn::of).toList(),
                parquet);
    }

    /** The Spark schema of all columns, in layout order. */
    public StructType schema() {
        return new StructType(columns.stream().map(LayoutColumn::structField).toArray(StructField[]::new));
    }

    /**
     * The column called {@code name}, matched case-insensitively as Spark matches column names
     * by default; empty if the layout has none.
     */
    public Optional<LayoutColumn> column(String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return columns.stream().filter(c -> c.name().toLowerCase(Locale.ROOT).equals(wanted)).findFirst();
    }

    /** The columns of {@code schema} (a pruned read schema), in its order. */
    public List<LayoutColumn> columnsOf(StructType schema) {
        List<LayoutColumn> out = new ArrayList<>();
        for (StructField f : schema.fields()) {
            out.add(column(f.name()).orElseThrow(() -> new IllegalArgumentException(
                    "layout " + name + " has no column " + f.name() + "; its columns are " + columnNames())));
        }
        return out;
    }

    /** The plan model's layout of these columns, which binds predicates and plans. */
    public Layout planLayout() {
        return new Layout(name, entrySize, columns.stream().map(LayoutColumn::field).toList());
    }

    public List<String> columnNames() {
        return columns.stream().map(LayoutColumn::name).toList();
    }
}
