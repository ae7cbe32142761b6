package dev.ispd.plan;

import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A columnar source's batches ({@link DecodedBatch}: the values a Parquet decoder writes into the
 * interpreter's column arrays) against the same rows as records: the same result bytes and meter
 * for every plan of {@link BatchScanTest}, and no batch made into records where every part of the
 * plan reads columns (a WHERE of any leaf kind or of expressions, aggregates by dense keys).
 */
class DecodedBatchTest {
    private static final Layout L = ExprRecords.ITEMS;
    private static final PlanLimits LIMITS = new PlanLimits(1L << 32, Long.MAX_VALUE / 2, 64);
    private static final ByteBuffer DATA = ByteBuffer.wrap(ExprRecords.bytes(ExprRecords.generate(3_000, 5)))
            .order(ByteOrder.LITTLE_ENDIAN);

    @ParameterizedTest(name = "{0}")
    @MethodSource("dev.ispd.plan.BatchScanTest#plans")
    void theSameBytesAndMeterAsTheSameRowsAsRecords(String name, Plan plan) {
        Result records = overRecords(plan);
        Result columns = overColumns(plan);
        assertArrayEquals(records.bytes, columns.bytes, "result bytes of " + plan);
        assertEquals(records.meter, columns.meter, "meter of " + plan);
    }

    @Test
    void aPlanOfExpressionsAndDenseGroupsNeverMakesRecords() {
        Expr discPrice = mul(field("price"), sub(lit(1), field("disc")));
        Plan q1 = Plan.aggregate(L, Predicate.holds(Expr.compare(field("ship"), CompareOp.LE,
                lit(LocalDate.of(1998, 9, 2)))), List.of("band"), List.of(Aggregate.sum(discPrice),
                Aggregate.sum(field("qty")), Aggregate.countStar(), Aggregate.max(field("ratio"))));
        Plan q6 = Plan.aggregate(L, Predicate.holds(gt(discPrice, lit(new BigDecimal("5000.5")))), List.of(),
                List.of(Aggregate.sum(mul(field("price"), field("disc")))));
        Plan everyLeaf = Plan.aggregate(L, BatchScanTest.everyLeaf(), List.of("band"), List.of(Aggregate.sum(discPrice)));
        for (Plan plan : List.of(q1, q6, everyLeaf)) {
            Result columns = overColumns(plan);
            assertEquals(0, columns.batchesStored, "batches made records for " + plan);
            assertArrayEquals(overRecords(plan).bytes, columns.bytes);
        }
        // a WHERE of a plain field leaf reads the field's column; of a string leaf, without dictionary ids, its strings in place
        Plan leaf = Plan.aggregate(L, Predicate.compare("band", CompareOp.LT, 3), List.of(),
                List.of(Aggregate.sum(discPrice)));
        Plan string = Plan.aggregate(L, Predicate.compare("mode", CompareOp.EQ, "AIR"), List.of(),
                List.of(Aggregate.sum(discPrice)));
        for (Plan plan : List.of(leaf, string)) {
            Result columns = overColumns(plan);
            assertEquals(0, columns.batchesStored, "batches made records for " + plan);
            assertArrayEquals(overRecords(plan).bytes, columns.bytes);
        }
    }

    @Test
    void anErrorIsTheFirstRowsAsOverRecords() {
        Plan plan = Plan.aggregate(L, null, List.of(), List.of(Aggregate.sum(mul(field("big"), lit(1000)))));
        PlanArithmeticException records = assertThrows(PlanArithmeticException.class, () -> overRecords(plan));
        PlanArithmeticException columns = assertThrows(PlanArithmeticException.class, () -> overColumns(plan));
        assertEquals(records.getMessage(), columns.getMessage());
        assertTrue(columns.getMessage().contains("ARITHMETIC_OVERFLOW"), columns.getMessage());
    }

    /**
     * A WHERE on a string column the batch holds as dictionary ids is judged once per entry: the same
     * result bytes as each row's test over records, for =, IN (an OR of =), LIKE, ranges, NOT, IS
     * [NOT] NULL and NULL rows, alone and mixed with other fields under AND and OR, in plans of rows,
     * of aggregates of expressions and of dense groups; the meter counts what is done, the test's
     * work once per entry and a verdict loaded per row, at most each row's test over records, the
     * rest of it alike. Where the plan selects rows by the WHERE's batch form, the batch's string
     * places are left blank: only the dictionary can answer.
     */
    @Test
    void stringConditionsJudgedPerDictionaryEntryGiveEachRowsAnswer() {
        Predicate air = Predicate.compare("mode", CompareOp.EQ, "AIR");
        Predicate in = Predicate.or(air, Predicate.compare("mode", CompareOp.EQ, "MAIL"),
                Predicate.compare("mode", CompareOp.EQ, "SHIP"));
        Predicate like = Predicate.holds(Expr.like(field("mode"), "A%"));
        Predicate range = Predicate.and(Predicate.compare("mode", CompareOp.GE, "AIR RE"),
                Predicate.compare("mode", CompareOp.LT, "SHIP"));
        List<Predicate> wheres = List.of(air, in, like, range, Predicate.not(air), Predicate.isNull("mode"),
                Predicate.not(Predicate.isNull("mode")), Predicate.or(Predicate.isNull("mode"), like),
                Predicate.and(in, Predicate.compare("band", CompareOp.LT, 4)),
                Predicate.or(like, Predicate.compare("band", CompareOp.EQ, 2)),
                Predicate.and(Predicate.not(range), Predicate.holds(gt(field("qty"), lit(3)))));
        for (Predicate where : wheres) {
            for (Plan plan : plansOf(where)) {
                Result records = overRecords(plan);
                Result dictionary = overDictionary(plan, selectsByWhere(plan));
                assertArrayEquals(records.bytes, dictionary.bytes, "result bytes of " + plan);
                assertSameButWhere(records.meter, dictionary.meter, "meter of " + plan);
                // a dictionary of more entries than a batch has rows, most of them in no row: the same answer and meter
                Result large = overDictionary(plan, selectsByWhere(plan), LIMITS, ColumnBatch.MAX_ROWS + 100);
                assertArrayEquals(dictionary.bytes, large.bytes, "result bytes over a large dictionary of " + plan);
                assertEquals(dictionary.meter, large.meter, "meter over a large dictionary of " + plan);
            }
        }
        // mode = 'AIR': one leaf comparison a row over records, one an entry over the dictionary (NULL rows make none)
        Plan plan = Plan.aggregate(L, air, List.of(), List.of(Aggregate.countStar()));
        Meter airOverRecords = overRecords(plan).meter;
        long nonNull = airOverRecords.stringLeafCompares();
        assertTrue(nonNull > ModeValues.DISTINCT, "rows of every mode: " + nonNull);
        Meter airOverDictionary = overDictionary(plan, true).meter;
        assertEquals(ModeValues.DISTINCT, airOverDictionary.stringLeafCompares());
        // the WHERE's loads and comparisons: each entry's test's (the NULL's too), and a verdict loaded per row, not each row's test
        Meter where = airOverDictionary.since(overDictionary(Plan.aggregate(L, Predicate.all(), List.of(),
                List.of(Aggregate.countStar())), true).meter);
        long records = DATA.capacity() / L.recordSize();
        assertEquals(records + ModeValues.DISTINCT + 1, where.dramAccesses());
        assertEquals(ModeValues.DISTINCT, where.compares()); // a NULL is not compared
        assertTrue(airOverRecords.compares() > 100 * where.compares(), airOverRecords + " against " + where);
        // mode LIKE 'A%': a string op of the field's width a row, an entry (the NULL one too: a node counts its test whatever the value)
        Plan liked = Plan.aggregate(L, like, List.of(), List.of(Aggregate.countStar()));
        Meter likedOverRecords = overRecords(liked).meter;
        assertEquals(L.field("mode", "test").width() * likedOverRecords.stringOps(), likedOverRecords.stringBytes());
        Meter likedOverDictionary = overDictionary(liked, true).meter;
        assertEquals(ModeValues.DISTINCT + 1, likedOverDictionary.stringOps());
        assertEquals(L.field("mode", "test").width() * (ModeValues.DISTINCT + 1), likedOverDictionary.stringBytes());
    }

    /**
     * The estimate of a plan over batches holding {@code mode} as ids into a dictionary of its
     * entries (and a NULL) counts the tests judged once per entry once per entry and a verdict
     * loaded per row, as the meter does, at or above what the meter counts and at most the estimate
     * over records, the rest of it alike. Without the dictionary every row's test is counted (an
     * over-count of thousands).
     */
    @Test
    void theEstimateCountsStringTestsOncePerDictionaryEntryAsTheMeterDoes() {
        Predicate air = Predicate.compare("mode", CompareOp.EQ, "AIR");
        Predicate like = Predicate.holds(Expr.like(field("mode"), "A%"));
        List<Predicate> wheres = List.of(air, like, Predicate.or(air, Predicate.isNull("mode")),
                Predicate.and(air, Predicate.compare("band", CompareOp.LT, 4)),
                Predicate.or(like, Predicate.compare("band", CompareOp.EQ, 2)));
        long records = DATA.capacity() / L.recordSize();
        Map<String, Long> entries = Map.of("mode", ModeValues.DISTINCT + 1);
        for (Predicate where : wheres) {
            for (Plan plan : plansOf(where)) {
                Meter metered = overDictionary(plan, selectsByWhere(plan)).meter;
                Meter perRow = PlanTasklet.estimate(plan, DATA.capacity(), records, 8192);
                Meter perEntry = PlanTasklet.estimate(plan, DATA.capacity(), records, 8192, entries);
                assertSameButWhere(perRow, perEntry, "the estimate of " + plan);
                assertWhereAtMost(metered, perEntry, 0, plan + ": metered against estimated");
            }
        }
        // mode = 'AIR' in a plan that selects by the WHERE's batch form: an entry's comparison, the NULL entry's too
        Plan plan = Plan.aggregate(L, air, List.of(), List.of(Aggregate.countStar()));
        assertTrue(PlanTasklet.judgesByEntry(plan));
        Meter perRow = PlanTasklet.estimate(plan, DATA.capacity(), records, 8192);
        Meter perEntry = PlanTasklet.estimate(plan, DATA.capacity(), records, 8192, entries);
        assertEquals(records, perRow.stringLeafCompares());
        assertEquals(ModeValues.DISTINCT + 1, perEntry.stringLeafCompares());
        assertEquals(ModeValues.DISTINCT, overDictionary(plan, true).meter.stringLeafCompares());
        // a comparison per entry, not per row; a load per row (its verdict) and per entry (its test's)
        assertEquals(perRow.compares() - records + ModeValues.DISTINCT + 1, perEntry.compares());
        assertEquals(perRow.dramAccesses() + ModeValues.DISTINCT + 1, perEntry.dramAccesses());
    }

    /** The most loads of {@code mode} the WHEREs of these tests make in a test of one entry (its leaves on it). */
    private static final long ENTRY_TEST_LOADS = 3;

    /** A plan of rows, one of aggregates of expressions and one of dense groups, each with {@code where}. */
    private static List<Plan> plansOf(Predicate where) {
        return List.of(Plan.rows(L, where, List.of("qty", "band", "price")),
                Plan.aggregate(L, where, List.of(), List.of(Aggregate.sum(mul(field("qty"), lit(2))), Aggregate.countStar())),
                Plan.aggregate(L, where, List.of("band"), List.of(Aggregate.countStar())));
    }

    /** Whether a plan of {@link #plansOf} selects rows by the WHERE's batch form: all but the dense groups'. */
    private static boolean selectsByWhere(Plan plan) {
        return plan.groupBy().isEmpty();
    }

    /** The distinct non-NULL modes of the test's records (each an entry of {@link #overDictionary}'s dictionary). */
    private static final class ModeValues {
        static final long DISTINCT = modes().filter(Objects::nonNull).distinct().count();
    }

    /** Each record's mode, null for NULL. */
    private static Stream<String> modes() {
        Field f = L.field("mode", "test");
        return IntStream.range(0, DATA.capacity() / L.recordSize()).mapToObj(r -> {
            byte[] place = new byte[f.width()];
            DATA.get(r * L.recordSize() + f.offset(), place);
            return f.nullBitSet(DATA, r * L.recordSize()) ? null : new String(place, StandardCharsets.UTF_8).stripTrailing();
        });
    }

    /**
     * The two meters alike but for the counts a WHERE adds to (loads, comparisons, expression nodes,
     * their 128-bit and string ones, and the string comparisons' bytes), which in {@code perEntry}
     * (a WHERE judged per dictionary entry) are at most {@code perRow}'s (each row's test) but for
     * the loads of the entries' own tests, at most {@link #ENTRY_TEST_LOADS} an entry and the NULL.
     */
    private static void assertSameButWhere(Meter perRow, Meter perEntry, String what) {
        assertEquals(withoutWhere(perRow), withoutWhere(perEntry), what);
        assertWhereAtMost(perEntry, perRow, ENTRY_TEST_LOADS * (ModeValues.DISTINCT + 1), what);
    }

    /** Each count a WHERE adds to of {@code less} at most {@code more}'s, its loads at most {@code moreLoads} more. */
    private static void assertWhereAtMost(Meter less, Meter more, long moreLoads, String what) {
        long[] l = whereCounts(less);
        long[] m = whereCounts(more);
        m[0] += moreLoads;
        for (int i = 0; i < l.length; i++) {
            assertTrue(l[i] <= m[i], what + ": " + less + " against " + more);
        }
    }

    private static long[] whereCounts(Meter m) {
        return new long[] {m.dramAccesses(), m.compares(), m.evaluations(), m.wideOps(), m.stringOps(),
                m.stringBytes(), m.stringLeafCompares()};
    }

    private static Meter withoutWhere(Meter m) {
        Meter where = new Meter();
        where.addDramAccesses(m.dramAccesses());
        where.addCompares(m.compares());
        where.addEvaluations(m.evaluations());
        where.addWideOps(m.wideOps());
        where.addStringOps(m.stringOps());
        where.addStringBytes(m.stringBytes());
        where.addStringLeafCompares(m.stringLeafCompares());
        return m.since(where);
    }

    /**
     * A GROUP BY on a string column the batch holds as dictionary ids finds a row's group once per
     * batch per id ({@link DictionaryGroups}, {@link VectorGroups}): the same result bytes and meter as each row's key read
     * over records, with NULL keys, under WHERE clauses, with aggregates of expressions, MIN and
     * COUNT, and with a table of two groups that is flushed again and again.
     */
    @Test
    void stringGroupKeysFoundByDictionaryIdGiveEachRowsGroup() {
        Expr discPrice = mul(field("price"), sub(lit(1), field("disc")));
        List<Aggregate> aggregates = List.of(Aggregate.sum(discPrice), Aggregate.sum(field("qty")),
                Aggregate.countStar(), Aggregate.min(field("ratio")), Aggregate.count(field("price")));
        List<Predicate> wheres = List.of(Predicate.holds(gt(field("qty"), lit(3))),
                Predicate.holds(Expr.compare(field("ship"), CompareOp.LE, lit(LocalDate.of(1998, 9, 2)))));
        for (PlanLimits limits : List.of(LIMITS, new PlanLimits(2, Long.MAX_VALUE / 2, 64))) {
            for (Predicate where : wheres) {
                Plan plan = Plan.aggregate(L, where, List.of("mode"), aggregates);
                Result records = overRecords(plan, limits);
                Result dictionary = overDictionary(plan, false, limits);
                assertArrayEquals(records.bytes, dictionary.bytes, "result bytes of " + plan + " within " + limits);
                assertEquals(records.meter, dictionary.meter, "meter of " + plan + " within " + limits);
            }
        }
        Plan plan = Plan.aggregate(L, wheres.get(0), List.of("mode"), aggregates);
        DictionaryGroups byIds = DictionaryGroups.of(GroupTable.of(plan, LIMITS));
        DecodedBatch batch = new DecodedBatch(L, L.fields());
        int[] sel = {0, 1};
        batch.filled(2);
        assertFalse(byIds.begin(batch), "no dictionary ids: the rows' keys are read");
        batch.dictionary(L.fields().indexOf(L.field("mode", "test")), new StringDictionary(new byte[][] {{'A'}}));
        assertTrue(byIds.begin(batch), "dictionary ids: the rows' groups found by them");
    }

    /**
     * An aggregate plan without expressions (aggregates of plain fields, a WHERE of field leaves or
     * none) over a columnar batch reads its columns too: groups by string keys found by their
     * dictionary ids, by narrow keys packed from columns, or by keys hashed from the rows stored as
     * records; the same result bytes and work as over records, flushed tables included, and no batch
     * made whole into records where the WHERE reads none.
     */
    @Test
    void aggregatesOfPlainFieldsReadTheBatchsColumns() {
        List<Aggregate> aggregates = List.of(Aggregate.sum("band"), Aggregate.countStar(), Aggregate.min("f"),
                Aggregate.max("ship"), Aggregate.count("disc"), Aggregate.min("disc"), Aggregate.max("big"),
                Aggregate.sum("big"));
        for (PlanLimits limits : List.of(LIMITS, new PlanLimits(2, Long.MAX_VALUE / 2, 64))) {
            for (List<String> keys : List.of(List.of("mode"), List.of("band"), List.of("qty", "band"), List.<String>of())) {
                for (Predicate where : java.util.Arrays.asList(null, Predicate.compare("band", CompareOp.LT, 3))) {
                    Plan plan = Plan.aggregate(L, where, keys, aggregates);
                    if (limits != LIMITS && GroupTable.dense(plan)) {
                        continue; // narrow keys' groups all fit: a table that would flush them is refused
                    }
                    Result records = overRecords(plan, limits);
                    Result dictionary = overDictionary(plan, false, limits);
                    String what = plan + " within " + limits;
                    assertArrayEquals(records.bytes, dictionary.bytes, "result bytes of " + what);
                    assertEquals(LoopMeters.work(records.meter), LoopMeters.work(dictionary.meter), "work of " + what);
                    assertEquals(0, dictionary.meter.recordsOneAtATime(), "records one at a time of " + what);
                    if (where == null && keys.equals(List.of("mode"))) {
                        assertEquals(0, dictionary.batchesStored, "batches made records for " + what);
                    }
                }
            }
        }
    }

    /**
     * A plan returning a string column reads each row's string from the batch: a dictionary-coded
     * column's entry (its place never written unless a part of the plan reads records), else the
     * bytes in its place at the length the batch keeps. The same result bytes and meter as over
     * records, with NULLs, under WHERE clauses on the string, on other fields, of expressions and none.
     */
    @Test
    void rowsReadTheirStringsFromTheBatch() {
        List<Predicate> wheres = java.util.Arrays.asList(null, Predicate.compare("band", CompareOp.LT, 4),
                Predicate.compare("mode", CompareOp.EQ, "AIR"), Predicate.holds(Expr.like(field("mode"), "%AI%")),
                Predicate.holds(gt(field("qty"), lit(3))),
                // a string node over the string and another field: read in the places, not judged per entry
                Predicate.holds(Expr.eq(Expr.caseWhen(List.of(Expr.when(gt(field("qty"), lit(3)), field("mode"))),
                        lit("n/a")), lit("AIR"))));
        for (Predicate where : wheres) {
            Plan plan = Plan.rowsOf(L, where, List.of(field("mode"), field("qty"), Expr.coalesce(field("mode"), lit("NONE"))));
            Result records = overRecords(plan);
            for (boolean blank : new boolean[] {true, false}) {
                Result dictionary = overDictionary(plan, blank);
                assertArrayEquals(records.bytes, dictionary.bytes, "result bytes of " + plan + ", blank " + blank);
                assertSameButWhere(records.meter, dictionary.meter, "meter of " + plan + ", blank " + blank);
            }
            // the second's columns all read from the batch (the string's entries, the field's values): no record stored
            for (Plan fields : List.of(Plan.rows(L, where, List.of("mode", "qty")), Plan.rows(L, where, List.of("band", "mode")))) {
                Result dictionary = overDictionary(fields, true);
                assertArrayEquals(overRecords(fields).bytes, dictionary.bytes, "result bytes of " + fields);
                assertSameButWhere(overRecords(fields).meter, dictionary.meter, "meter of " + fields);
            }
            if (new PlanTasklet(plan, LIMITS).takesColumns()) {
                Result columns = overColumns(plan);
                assertArrayEquals(records.bytes, columns.bytes, "result bytes of " + plan + " over places");
                assertEquals(records.meter, columns.meter, "meter of " + plan + " over places");
            }
        }
    }

    /**
     * A row plan's computed columns (a lookup join's small side: a key and its tests) are evaluated
     * a batch at a time: LIKE and STARTS WITH of a dictionary-coded string judged once per entry
     * (the places left blank: only the dictionary can answer), decimal arithmetic, a float's
     * comparison, an integer's sum; the same result bytes and meter as over records, and no row
     * stored as a record. A column over a field no column of the batch holds reads the rows as
     * records. Where columns raise errors, the error is the first row's, as over records, whichever
     * column's it is.
     */
    @Test
    void rowsOfComputedColumnsAreEvaluatedABatchAtATime() {
        List<Expr> columns = List.of(field("qty"), Expr.like(field("mode"), "A%"), Expr.startsWith(field("mode"), "S"),
                mul(field("price"), sub(lit(1), field("disc"))), gt(field("ratio"), lit(0.5)),
                Expr.add(field("qty"), lit(1)));
        for (Predicate where : java.util.Arrays.asList(null, Predicate.compare("band", CompareOp.LT, 4),
                Predicate.holds(Expr.like(field("mode"), "%I%")))) {
            Plan plan = Plan.rowsOf(L, where, columns);
            Result records = overRecords(plan);
            Result dictionary = overDictionary(plan, true);
            assertArrayEquals(records.bytes, dictionary.bytes, "result bytes of " + plan);
            assertSameButWhere(records.meter, dictionary.meter, "meter of " + plan);
            assertEquals(0, dictionary.batchesStored, "batches made records for " + plan);
            assertTrue(dictionary.recordsUntouched, "records written for " + plan);
        }
        // a computed column over a field of the plan's own over the record's bytes, which no column holds alone: from the records
        List<Field> fields = new ArrayList<>(L.fields());
        fields.add(Field.unsigned("#bytes@5", 5, 3));
        Layout runs = new Layout(L.name(), L.recordSize(), fields);
        Plan overBytes = Plan.rowsOf(runs, null, List.of(field("qty"), Expr.add(field("#bytes@5"), lit(1)),
                Expr.like(field("mode"), "A%")));
        assertArrayEquals(overRecords(overBytes).bytes, overDictionary(overBytes, false).bytes, "result bytes of " + overBytes);
        Expr overflows = mul(field("big"), lit(1000));
        Expr byZero = Expr.rem(lit(7), field("qty"));
        for (List<Expr> failing : List.of(List.of(field("qty"), overflows, byZero), List.of(byZero, overflows))) {
            Plan plan = Plan.rowsOf(L, null, failing);
            PlanArithmeticException records = assertThrows(PlanArithmeticException.class, () -> overRecords(plan));
            PlanArithmeticException dictionary = assertThrows(PlanArithmeticException.class,
                    () -> overDictionary(plan, true));
            assertEquals(records.getMessage(), dictionary.getMessage(), "the error of " + plan);
        }
    }

    /**
     * A Spark row plan's runs of a record's bytes (fields of the plan's own over the table's: across
     * two columns, part of one, of either byte order, signed, a bit range, over bytes no column
     * holds) read from the columns' values: the same result bytes and meter as over records, and
     * the batch's records never written. A field over a string's place, or wider than a word, is not.
     */
    @Test
    void rowsOfRunsOfARecordsBytesReadTheBatchsColumns() {
        List<Field> fromColumns = List.of(Field.unsigned("#bytes@0", 0, 8), Field.unsigned("#bytes@8", 8, 8),
                Field.unsigned("#bytes@16", 16, 8), Field.unsigned("#bytes@24", 24, 4), Field.unsigned("#bytes@34", 34, 8),
                Field.unsigned("#bytes@42", 42, 5), Field.unsigned("#bytes@48", 48, 1), Field.unsigned("#bytes@5", 5, 3),
                new Field("le", 10, 6, true, false, 0, 0, false, 0), new Field("be", 3, 2, true, true, 0, 0, false, 0),
                Field.bits("bits", 17, 2, 3, 9));
        List<Field> fields = new ArrayList<>(L.fields());
        fields.addAll(fromColumns);
        Layout runs = new Layout(L.name(), L.recordSize(), fields);
        // a few rows of a batch (made for those rows alone), by the per-record loop's WHERE and the batch loop's
        Predicate few = Predicate.and(Predicate.compare("band", CompareOp.LT, 4), Predicate.in("qty", 3, 17, 41));
        List<Predicate> wheres = java.util.Arrays.asList(null, Predicate.compare("band", CompareOp.LT, 4),
                Predicate.compare("mode", CompareOp.EQ, "AIR"), Predicate.holds(gt(field("qty"), lit(3))), few,
                Predicate.and(few, Predicate.holds(gt(field("qty"), lit(3)))));
        for (Predicate where : wheres) {
            List<String> names = new ArrayList<>(fromColumns.stream().map(Field::name).toList());
            names.add("mode");
            Plan columns = Plan.rows(runs, where, names);
            Result dictionary = overDictionary(columns, true);
            assertArrayEquals(overRecords(columns).bytes, dictionary.bytes, "result bytes of " + columns);
            assertSameButWhere(overRecords(columns).meter, dictionary.meter, "meter of " + columns);
            assertTrue(dictionary.recordsUntouched, "no row stored for " + columns);
            assertTrue(PlanResult.decode(dictionary.bytes).rows().size() > 0, "rows returned by " + columns);
        }
        // bytes of a string's place (which a row plan returns as a string) are not made from the columns
        Field[] columns = L.fields().toArray(Field[]::new);
        long[][] none = new long[columns.length][];
        assertSame(RecordBytes.NONE, RecordBytes.of(Field.unsigned("#bytes@26", 26, 4), columns, none, none, 8));
        assertSame(RecordBytes.NONE, RecordBytes.of(Field.of("price", 4, 16, FieldType.decimal(30, 2), false), columns,
                none, none, 8), "a field of more than 8 bytes");
    }

    @Test
    void aBatchOfWideRecordsHoldsFewerRowsNotAWiderBuffer() {
        assertEquals(ColumnBatch.MAX_ROWS, ColumnBatch.capacity(L.recordSize()));
        assertEquals(ColumnBatch.MAX_ROWS, ColumnBatch.capacity(4_096));
        assertEquals(69, ColumnBatch.capacity(60_005));
        assertEquals(1, ColumnBatch.capacity(5 * FieldType.MAX_CHARS * 20));
        Layout wide = new Layout("pages", 60_005, List.of(new Field("id", 0, 4, true, false, 0, 0, false, 0),
                Field.of("body", 4, 60_000, FieldType.chars(true), true).withNullBit(60_004, 0)));
        DecodedBatch batch = new DecodedBatch(wide, wide.fields());
        assertEquals(69, batch.capacity());
        assertEquals(69 * 60_005, batch.records().capacity());
        assertTrue(batch.records().capacity() <= ColumnBatch.MAX_BYTES);
        assertEquals(69, batch.lengths(1).length, "a string's length kept beside its place");
    }

    /** @param recordsUntouched whether the batch's records were never written (no row stored, no string placed) */
    private record Result(byte[] bytes, Meter meter, long batchesStored, boolean recordsUntouched) { }

    private static Result overRecords(Plan plan) {
        return overRecords(plan, LIMITS);
    }

    private static Result overRecords(Plan plan, PlanLimits limits) {
        PlanTasklet t = new PlanTasklet(plan, limits);
        Meter meter = new Meter();
        t.scan(DATA.duplicate().order(ByteOrder.LITTLE_ENDIAN), 1, 0, meter);
        return finish(t, meter, 0);
    }

    /** The rows decoded into a {@link DecodedBatch} a column at a time, as a columnar source fills one. */
    private static Result overColumns(Plan plan) {
        PlanTasklet t = new PlanTasklet(plan, LIMITS);
        assertTrue(t.takesColumns(), "runs a batch at a time");
        Layout layout = plan.layout();
        DecodedBatch batch = new DecodedBatch(layout, layout.fields());
        RecordBatch rows = new RecordBatch();
        Meter meter = new Meter();
        int total = DATA.capacity() / layout.recordSize();
        for (int first = 0; first < total; first += ColumnBatch.MAX_ROWS) {
            int n = Math.min(ColumnBatch.MAX_ROWS, total - first);
            rows.reset(DATA, first * layout.recordSize(), n, layout.recordSize());
            for (int c = 0; c < layout.fields().size(); c++) {
                Field f = layout.fields().get(c);
                boolean[] nulls = batch.nulls(c) != null ? batch.nulls(c) : new boolean[ColumnBatch.MAX_ROWS];
                if (batch.values(c) != null) {
                    rows.decode(f, batch.values(c), nulls);
                } else { // a char(N)'s bytes into its place in the records, its length beside it, its NULLs by its null bit
                    byte pad = f.type().zeroPad() ? 0 : (byte) ' ';
                    for (int r = 0; r < n; r++) {
                        int from = rows.record(r);
                        batch.records().put(r * layout.recordSize() + f.offset(), DATA, from + f.offset(), f.width());
                        batch.lengths(c)[r] = Field.stringEnd(DATA, from + f.offset(), f.width(), pad);
                        nulls[r] = f.hasNullBit() && f.nullBitSet(DATA, from);
                    }
                }
            }
            batch.filled(n);
            t.scan(batch, meter);
        }
        return finish(t, meter, batch.batchesStored());
    }

    /**
     * The rows decoded into a {@link DecodedBatch} with the string column {@code mode} as ids into a
     * dictionary of its distinct values (a NULL's id the dictionary's size), its places in the
     * records not written where {@code blank} (as a Parquet source leaves them: the batch writes a
     * row's entry there when it is stored as a record), run within {@code limits}.
     */
    private static Result overDictionary(Plan plan, boolean blank) {
        return overDictionary(plan, blank, LIMITS);
    }

    private static Result overDictionary(Plan plan, boolean blank, PlanLimits limits) {
        return overDictionary(plan, blank, limits, 0);
    }

    /** {@link #overDictionary(Plan, boolean)} with a dictionary of {@code unused} more entries, after the rows' ones, that no row holds. */
    private static Result overDictionary(Plan plan, boolean blank, PlanLimits limits, int unused) {
        PlanTasklet t = new PlanTasklet(plan, limits);
        // the columns are the table's fields, as the plan's layout holds them (beside them, fields of its own over their bytes)
        List<Field> columns = L.fields().stream().map(c -> plan.layout().field(c.name(), "test")).toList();
        DecodedBatch batch = new DecodedBatch(plan.layout(), columns);
        RecordBatch rows = new RecordBatch();
        Meter meter = new Meter();
        int mode = L.fields().indexOf(L.field("mode", "test"));
        Field f = L.fields().get(mode);
        int total = DATA.capacity() / L.recordSize();
        List<String> values = modes().toList(); // each row's, null for NULL
        List<String> distinct = values.stream().filter(Objects::nonNull).distinct().toList();
        StringDictionary dictionary = new StringDictionary(Stream.concat(distinct.stream(),
                        IntStream.range(0, unused).mapToObj(i -> String.format("~%05d", i)))
                .map(v -> v.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new));
        int nullId = distinct.size() + unused;
        for (int first = 0; first < total; first += ColumnBatch.MAX_ROWS) {
            int n = Math.min(ColumnBatch.MAX_ROWS, total - first);
            rows.reset(DATA, first * L.recordSize(), n, L.recordSize());
            for (int c = 0; c < L.fields().size(); c++) {
                if (c != mode) {
                    boolean[] nulls = batch.nulls(c) != null ? batch.nulls(c) : new boolean[ColumnBatch.MAX_ROWS];
                    rows.decode(L.fields().get(c), batch.values(c), nulls);
                }
            }
            for (int r = 0; r < n; r++) {
                String value = values.get(first + r);
                batch.nulls(mode)[r] = value == null;
                batch.dictionaryIds(mode)[r] = value == null ? nullId : distinct.indexOf(value);
                if (!blank) {
                    batch.records().put(r * L.recordSize() + f.offset(), DATA, rows.record(r) + f.offset(), f.width());
                }
            }
            batch.filled(n);
            batch.dictionary(mode, dictionary);
            t.scan(batch, meter);
        }
        return finish(t, meter, batch.batchesStored(), untouched(batch.records()));
    }

    /** Whether no byte of {@code records} was written (all still zero). */
    private static boolean untouched(ByteBuffer records) {
        for (int i = 0; i < records.capacity(); i++) {
            if (records.get(i) != 0) {
                return false;
            }
        }
        return true;
    }

    private static Result finish(PlanTasklet t, Meter meter, long stored) {
        return finish(t, meter, stored, false);
    }

    private static Result finish(PlanTasklet t, Meter meter, long stored, boolean recordsUntouched) {
        ResultSink out = new ResultSink();
        t.finish(out, meter);
        return new Result(out.toByteArray(), meter, stored, recordsUntouched);
    }
}
