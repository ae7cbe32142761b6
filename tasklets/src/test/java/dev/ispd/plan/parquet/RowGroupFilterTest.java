package dev.ispd.plan.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Predicate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link RowGroupFilter#mayPass}: a row group of 1,000 rows whose column {@code k} ascends, in
 * pages of 250 rows, and column {@code v} in pages of 400 rows ({@code w} has no column index):
 * the runs of rows left are those whose pages of every column the WHERE names may match.
 */
class RowGroupFilterTest {
    private static final Layout LAYOUT = new Layout("t", 24, List.of(Field.of("k", 0, 8, FieldType.INTEGER, false),
            Field.of("v", 8, 8, FieldType.INTEGER, false), Field.of("w", 16, 8, FieldType.INTEGER, false)));
    private static final long ROWS = 1_000;
    /** k's pages: rows 0-249 hold k 0-249, and so on. */
    private static final RowGroupFilter.Pages K = new RowGroupFilter.Pages(new long[] {0, 250, 500, 750},
            new RowGroupFilter.Range[] {range(0, 249, 250), range(250, 499, 250), range(500, 749, 250),
                    range(750, 999, 250)});
    /** v's pages: 0-399 hold v 10-20, 400-799 v 30-40, 800-999 v 10-40. */
    private static final RowGroupFilter.Pages V = new RowGroupFilter.Pages(new long[] {0, 400, 800},
            new RowGroupFilter.Range[] {range(10, 20, 400), range(30, 40, 400), range(10, 40, 200)});

    @Test
    void theRowsOfPagesThatExcludeTheWhereAreLeftOut() {
        assertEquals(List.of(new RowGroupFilter.Rows(250, 250)), mayPass(Predicate.between("k", 300, 420)));
        assertEquals(List.of(new RowGroupFilter.Rows(0, 250), new RowGroupFilter.Rows(750, 250)),
                mayPass(Predicate.or(Predicate.compare("k", CompareOp.LT, 10), Predicate.compare("k", CompareOp.GE, 900))));
        // both columns' pages cut the row group: k's pages of rows 0-749 may hold k < 600, v's of rows 400-999 v >= 30
        assertEquals(List.of(new RowGroupFilter.Rows(400, 350)), mayPass(Predicate.and(
                Predicate.compare("k", CompareOp.LT, 600), Predicate.compare("v", CompareOp.GE, 30))));
        assertEquals(List.of(), mayPass(Predicate.compare("k", CompareOp.GT, 5_000)));
    }

    @Test
    void whatNoPageJudgesIsReadWhole() {
        List<RowGroupFilter.Rows> all = List.of(new RowGroupFilter.Rows(0, ROWS));
        assertEquals(all, mayPass(null));
        assertEquals(all, mayPass(Predicate.compare("w", CompareOp.EQ, 1))); // no column index for w
        assertEquals(all, mayPass(Predicate.or(Predicate.compare("k", CompareOp.LT, 10),
                Predicate.compare("w", CompareOp.EQ, 1))));
    }

    private static List<RowGroupFilter.Rows> mayPass(Predicate where) {
        return RowGroupFilter.mayPass(where, LAYOUT, ROWS, Map.of("k", K, "v", V));
    }

    private static RowGroupFilter.Range range(long min, long max, long rows) {
        return new RowGroupFilter.Range(min, max, true, 0, rows);
    }
}
