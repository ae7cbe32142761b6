package dev.ispd.examples.tpch;

import dev.ispd.plan.Layout;
import dev.ispd.plan.layout.LayoutDdl;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.util.StringJoiner;

/**
 * The fixed-width record layout of each TPC-H table (docs/tpch.md): the columns in the
 * specification's order, packed without gaps, little-endian. Identifiers are {@code i64},
 * integers {@code i32}, money and quantities {@code decimal(15,2)} (the scaled integer in 8
 * bytes; the specification's decimal columns have two digits after the point), dates
 * {@code date} (days since 1970-01-01) and strings {@code char(N)} of the column's maximum length,
 * padded with zero bytes, so a string's own trailing spaces (dbgen's comments may end in one)
 * survive. The layout's name is the table's.
 */
public final class TpchLayouts {
    /** The precision of the money and quantity columns: TPC-H's "decimal" is 12 digits before the point (spec 2.3). */
    public static final int DECIMAL_PRECISION = 15;
    /** Digits after the point of the money and quantity columns. */
    public static final int DECIMAL_SCALE = 2;
    /**
     * Records to a block of column-blocked tables unless told otherwise: enough that a column of a
     * block spans many pages (Q6's four lineitem columns read 28 B a record), few enough that a
     * block of the widest table (15 MB) fits tpch-bench's chunks.
     */
    public static final int DEFAULT_RECORDS_PER_BLOCK = 65_536;

    private TpchLayouts() {
    }

    /** The layout of {@code table}'s records. */
    public static Layout of(TpchTable<?> table) {
        return LayoutDdl.parse(table.getTableName(), text(table), 0, "TPC-H table " + table.getTableName());
    }

    /** The bytes of a record of the widest table (a column-blocked copy's block of it must fit a chunk). */
    public static int widestRecordSize() {
        return TpchGenerator.TABLES.stream().mapToInt(t -> of(t).recordSize()).max().orElseThrow();
    }

    /**
     * Records to a block of the column-blocked tables in chunks of {@code chunkSize} bytes when none
     * is given: {@link #DEFAULT_RECORDS_PER_BLOCK}, or as many as fit a chunk if fewer (at least one).
     */
    public static int defaultRecordsPerBlock(long chunkSize) {
        return (int) Math.max(1, Math.min(DEFAULT_RECORDS_PER_BLOCK, chunkSize / widestRecordSize()));
    }

    /** The layout's text form ({@link LayoutDdl}), as the files record it. */
    public static String text(TpchTable<?> table) {
        StringJoiner fields = new StringJoiner(", ");
        int offset = 0;
        for (TpchColumn<?> column : table.getColumns()) {
            int width = width(column);
            fields.add(column.getColumnName() + " " + type(column) + " " + (isString(column) ? "zero" : "le") + " @"
                    + offset);
            offset += width;
        }
        return fields.toString();
    }

    /** The bytes of {@code column} in a record. */
    static int width(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER, DOUBLE -> 8;
            case INTEGER, DATE -> 4;
            case VARCHAR -> Math.toIntExact(column.getType().getPrecision().orElseThrow());
        };
    }

    static boolean isString(TpchColumn<?> column) {
        return column.getType().getBase() == io.trino.tpch.TpchColumnType.Base.VARCHAR;
    }

    private static String type(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> "i64";
            case INTEGER -> "i32";
            case DATE -> "date";
            case DOUBLE -> "decimal(" + DECIMAL_PRECISION + "," + DECIMAL_SCALE + ")";
            case VARCHAR -> "char(" + width(column) + ")";
        };
    }
}
