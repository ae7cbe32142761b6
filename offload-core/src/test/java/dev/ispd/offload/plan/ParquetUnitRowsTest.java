package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.util.List;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/**
 * How a Parquet file's row groups are cut where a split's rows must fit one result: by the rows
 * that fit at their strings' whole width, unless the footer's size statistics say the strings'
 * values take less ({@link ParquetUnitRows}, {@link ParquetCutter}).
 */
class ParquetUnitRowsTest {
    private static final String FILE = "osd:///t/p";
    private static final List<ParquetColumn> COLUMNS = List.of(
            new ParquetColumn("id", PrimitiveTypeName.INT64, 0, false, ParquetColumn.Conversion.INT64),
            new ParquetColumn("s", PrimitiveTypeName.BINARY, 0, false, ParquetColumn.Conversion.STRING));
    private static final Layout TABLE = new Layout("t", 263, List.of(Field.of("id", 0, 8, FieldType.INTEGER, false),
            Field.of("s", 8, 255, FieldType.chars(true), false)));
    /** {@code SELECT id, s}: a word for the id, a length word and 32 of bytes for s; 272 bytes a row at s's whole width. */
    private static final Plan ROWS = Plan.rowsOf(TABLE, null, List.of(Expr.field("id"), Expr.field("s")));
    private static final long GROUP_ROWS = 10_000;
    /** Rows that fit a split's result at s's whole width. */
    private static final long RECORDS = 4_000;

    @Test
    void rowGroupsWhoseStringsTakeLittleAreReadWholeAndTakeWhatTheirValuesDo() {
        ParquetUnitRows rows = ParquetUnitRows.of(file(7 * GROUP_ROWS), ROWS, RECORDS);
        List<ParquetCutter.Unit> units = cut(rows, 7 * GROUP_ROWS);
        assertEquals(List.of(GROUP_ROWS, GROUP_ROWS), units.stream().map(u -> u.rowGroup().count()).toList());
        // the values once, then per row its id's word and s's length in 2 bytes (up to 255 + 1)
        long share = 7 * GROUP_ROWS + GROUP_ROWS * (8 + 2);
        assertEquals(List.of(share, share), units.stream().map(ParquetCutter.Unit::share).toList());
        assertEquals(RECORDS * 272, rows.budget());
    }

    @Test
    void rowGroupsWithoutSizeStatisticsAreCutAtTheWholeWidthsRows() {
        List<ParquetCutter.Unit> units = cut(ParquetUnitRows.of(file(-1), ROWS, RECORDS), -1);
        assertEquals(List.of(4_000L, 4_000L, 2_000L, 4_000L, 4_000L, 2_000L),
                units.stream().map(u -> u.rowGroup().count()).toList());
        assertEquals(4_000L * 272, units.get(0).share());
    }

    @Test
    void stringsThatTakeMoreThanTheWholeBudgetLeaveTheWholeWidthsBound() {
        long values = 200 * GROUP_ROWS; // more than 4,000 rows at 272 bytes
        List<ParquetCutter.Unit> units = cut(ParquetUnitRows.of(file(values), ROWS, RECORDS), values);
        assertEquals(6, units.size());
        assertEquals(4_000L * 272, units.get(0).share(), "the lesser of the two bounds");
    }

    @Test
    void withoutABoundARowGroupIsOneUnitAndAnAggregateCountsRows() {
        assertEquals(2, cut(ParquetUnitRows.of(file(-1), ROWS, 0), -1).size());
        Plan count = Plan.aggregate(TABLE, null, List.of(), List.of(Aggregate.countStar()));
        ParquetUnitRows rows = ParquetUnitRows.of(file(-1), count, RECORDS);
        List<ParquetCutter.Unit> units = cut(rows, -1);
        assertEquals(6, units.size());
        assertEquals(4_000L, units.get(0).share());
        assertEquals(RECORDS, rows.budget());
    }

    private static List<ParquetCutter.Unit> cut(ParquetUnitRows rows, long stringBytes) {
        return ParquetCutter.cut(FILE, file(stringBytes).parquet(), List.of(new ChunkExtent(0, 1, 0, 4_000, 0)), rows);
    }

    /** Two row groups of {@link #GROUP_ROWS} rows, 1,000 bytes a chunk, s's values {@code stringBytes} a row group (-1: not known). */
    private static InputFile file(long stringBytes) {
        List<ParquetInput.RowGroup> groups = List.of(group(0, 0, stringBytes), group(1, 2_000, stringBytes));
        return InputFile.parquet(FILE, 4_000, new ParquetInput(COLUMNS, groups, 0, 0));
    }

    private static ParquetInput.RowGroup group(int index, long at, long stringBytes) {
        List<ParquetRowGroup.Chunk> chunks = List.of(new ParquetRowGroup.Chunk(0, 1_000, 0, GROUP_ROWS, false),
                new ParquetRowGroup.Chunk(0, 1_000, 0, GROUP_ROWS, false));
        ParquetRowGroup g = new ParquetRowGroup(index, GROUP_ROWS, chunks);
        return new ParquetInput.RowGroup(g, List.of(at, at + 1_000), List.of(List.of(), List.of()),
                List.of(new RowGroupFilter.Rows(0, GROUP_ROWS)), List.of(-1L, stringBytes));
    }
}
