package dev.ispd.examples.tpch;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchColumnType;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes the generator's rows of one TPC-H table as records of its {@link TpchLayouts layout}.
 * Money and quantities are taken as dbgen keeps them, whole cents ({@link TpchColumn#getIdentifier}
 * of a decimal column), never through a double. A value the layout cannot hold (a string longer
 * than its {@code char(N)}, a decimal past 15 digits) is an IllegalArgumentException naming the
 * table, row, column and value.
 */
final class RecordEncoder<E extends TpchEntity> {
    private static final long DECIMAL_BOUND = 1_000_000_000_000_000L;

    private final String table;
    private final List<TpchColumn<E>> columns;
    private final TpchColumnType.Base[] bases;
    private final int[] offsets;
    private final int[] widths;
    private final int recordSize;

    RecordEncoder(TpchTable<E> table) {
        this.table = table.getTableName();
        this.columns = table.getColumns();
        int n = columns.size();
        bases = new TpchColumnType.Base[n];
        offsets = new int[n];
        widths = new int[n];
        int offset = 0;
        for (int i = 0; i < n; i++) {
            bases[i] = columns.get(i).getType().getBase();
            offsets[i] = offset;
            widths[i] = TpchLayouts.width(columns.get(i));
            offset += widths[i];
        }
        recordSize = offset;
    }

    int recordSize() {
        return recordSize;
    }

    /** Writes {@code row} as the record at {@code at} of {@code buf}, a little-endian buffer. */
    void encode(E row, ByteBuffer buf, int at) {
        assert buf.order() == ByteOrder.LITTLE_ENDIAN;
        for (int i = 0; i < bases.length; i++) {
            TpchColumn<E> column = columns.get(i);
            int to = at + offsets[i];
            switch (bases[i]) {
                case IDENTIFIER -> buf.putLong(to, column.getIdentifier(row));
                case INTEGER -> buf.putInt(to, column.getInteger(row));
                case DATE -> buf.putInt(to, column.getDate(row));
                case DOUBLE -> buf.putLong(to, cents(row, column));
                case VARCHAR -> putString(row, column, column.getString(row), buf, to, widths[i]);
            }
        }
    }

    private long cents(E row, TpchColumn<E> column) {
        long cents = column.getIdentifier(row);
        if (cents <= -DECIMAL_BOUND || cents >= DECIMAL_BOUND) {
            throw new IllegalArgumentException(where(row, column) + ": " + cents + " cents does not fit decimal("
                    + TpchLayouts.DECIMAL_PRECISION + "," + TpchLayouts.DECIMAL_SCALE + ")");
        }
        return cents;
    }

    /** The string's bytes then zero padding; ASCII (all of dbgen's text) without allocating. */
    private void putString(E row, TpchColumn<E> column, String s, ByteBuffer buf, int to, int width) {
        int n = s.length();
        int i = 0;
        while (i < n && i < width && s.charAt(i) < 0x80) {
            buf.put(to + i, (byte) s.charAt(i));
            i++;
        }
        if (i < n) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            if (utf8.length > width) {
                throw new IllegalArgumentException(where(row, column) + ": '" + s + "' is " + utf8.length
                        + " bytes, longer than its char(" + width + ")");
            }
            buf.put(to, utf8);
            i = utf8.length;
        }
        for (; i < width; i++) {
            buf.put(to + i, (byte) 0);
        }
    }

    private String where(E row, TpchColumn<E> column) {
        return "TPC-H table " + table + ", row " + row.getRowNumber() + ", column " + column.getColumnName();
    }
}
