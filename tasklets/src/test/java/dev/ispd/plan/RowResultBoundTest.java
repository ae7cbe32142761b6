package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The most bytes a row plan's result takes, against the results the interpreter encodes
 * ({@link PlanResultStringsTest}'s records: strings at their length, NULLs, multi-byte UTF-8).
 */
class RowResultBoundTest {
    private static final Plan ROWS = PlanResultStringsTest.ROWS;
    private static final int RECORDS = PlanResultStringsTest.NAME.length;

    @Test
    void withTheStringsValueBytesKnownTheBoundIsTheResultsExactSize() throws IOException {
        Map<String, Long> values = Map.of("name", bytes(PlanResultStringsTest.NAME),
                "code", bytes(PlanResultStringsTest.CODE));
        RowResultBound bound = RowResultBound.of(ROWS, name -> values.getOrDefault(name, -1L));
        // each string's length in one byte (fields of 20 and 12 bytes), the id in its word
        assertEquals(new RowResultBound(PlanResult.HEADER_BYTES + 2 * 4 + values.get("name") + values.get("code"), 8 + 1 + 1),
                bound);
        assertEquals(PlanResultStringsTest.result(ROWS).length, bound.bytes(RECORDS));
    }

    @Test
    void withoutThemEachRowTakesItsWholeWords() throws IOException {
        RowResultBound bound = RowResultBound.of(ROWS, name -> -1);
        assertEquals(PlanResult.HEADER_BYTES + 2 * 4 + (long) RECORDS * ROWS.rowWords() * Long.BYTES, bound.bytes(RECORDS));
        assertTrue(bound.bytes(RECORDS) > PlanResultStringsTest.result(ROWS).length);
    }

    @Test
    void aComputedStringTakesItsWholeWordsWhateverItsFieldsHold() {
        Plan plan = Plan.rowsOf(PlanResultStringsTest.NAMES, null, List.of(Expr.field("id"),
                Expr.coalesce(Expr.field("name"), Expr.field("code"))));
        RowResultBound bound = RowResultBound.of(plan, name -> 0);
        assertEquals(new RowResultBound(PlanResult.HEADER_BYTES + 4, (long) plan.rowWords() * Long.BYTES), bound);
    }

    @Test
    void rowsWithinABudget() {
        RowResultBound bound = new RowResultBound(100, 10);
        assertEquals(0, bound.rowsWithin(99), "not even the fixed bytes");
        assertEquals(0, bound.rowsWithin(109));
        assertEquals(5, bound.rowsWithin(150));
        assertEquals(Long.MAX_VALUE, new RowResultBound(100, 0).rowsWithin(100));
    }

    @Test
    void anAggregatePlanIsBoundedByItsGroupsNotItsRows() {
        Plan counts = Plan.aggregate(PlanResultStringsTest.NAMES, null, List.of("code"), List.of(Aggregate.countStar()));
        assertThrows(IllegalArgumentException.class, () -> RowResultBound.of(counts, name -> -1));
    }

    private static long bytes(String[] values) {
        return Stream.of(values).filter(Objects::nonNull).mapToLong(v -> v.getBytes(StandardCharsets.UTF_8).length).sum();
    }
}
