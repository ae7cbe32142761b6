package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.and;
import static dev.ispd.plan.Expr.between;
import static dev.ispd.plan.Expr.caseWhen;
import static dev.ispd.plan.Expr.cast;
import static dev.ispd.plan.Expr.coalesce;
import static dev.ispd.plan.Expr.compare;
import static dev.ispd.plan.Expr.div;
import static dev.ispd.plan.Expr.extract;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.in;
import static dev.ispd.plan.Expr.isNull;
import static dev.ispd.plan.Expr.like;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.lt;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.neg;
import static dev.ispd.plan.Expr.not;
import static dev.ispd.plan.Expr.or;
import static dev.ispd.plan.Expr.sub;
import static dev.ispd.plan.Expr.when;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.ExprRecords.Item;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The batch loop for plans with expressions ({@link BatchScan}: WHERE and aggregates evaluated a
 * node at a time over batches of records, {@link VectorEval}) against the record-at-a-time loop on
 * the same records with NULLs: the same result bytes and the same meter, count for count, for
 * every kind of node (those with a batch form and those run per record below one), filters and
 * row plans, dense and hashed groups; and the same error, the first record's, where records of one
 * batch hold errors of different nodes.
 */
class BatchScanTest {
    private static final Layout L = ExprRecords.ITEMS;
    /** The host's limits, but the 2^32 groups of a date allowed. */
    private static final PlanLimits LIMITS = new PlanLimits(1L << 32, Long.MAX_VALUE / 2, 64);
    private static final List<Item> ITEMS = ExprRecords.generate(5_000, 31);
    private static final byte[] DATA = ExprRecords.bytes(ITEMS);
    /** The same records' bytes read big-endian: {@code n} where qty is, {@code big} where big is. */
    private static final Layout BIG_ENDIAN = new Layout("items_be", L.recordSize(), List.of(
            new Field("n", 0, 4, true, true, 0, 0, false, 0), new Field("big", 35, 8, true, true, 0, 0, false, 0),
            Field.unsigned("band", 48, 1)));
    private static final Expr DISC_PRICE = mul(field("price"), sub(lit(1), field("disc")));
    /**
     * The same records' bytes with short strings in the bytes of {@code mode}: its first byte as
     * {@code m1} and its third and fourth as {@code m2}, NULL by mode's bit, and its second byte as
     * {@code c1}, never NULL (TPC-H Q1's {@code char(1)} keys).
     */
    static final Layout SHORT_KEYS = new Layout("items_short_keys", L.recordSize(), List.of(
            L.field("price", "test"), L.field("disc", "test"), L.field("band", "test"),
            Field.of("m1", 28, 1, FieldType.chars(false), false).withNullBit(47, 3),
            Field.of("c1", 29, 1, FieldType.chars(false), false),
            Field.of("m2", 30, 2, FieldType.chars(false), false).withNullBit(47, 3)));
    /** A 128-bit decimal of a narrow column, as Spark reads a decimal(38,2) column. */
    private static final Expr WIDE_PRICE = cast(field("price"), ExprType.decimal(38, 2));

    static Stream<Arguments> plans() {
        Predicate discPrice = Predicate.holds(gt(DISC_PRICE, lit(new BigDecimal("5000.5"))));
        Predicate mixed = Predicate.or(Predicate.and(Predicate.holds(lt(field("qty"), lit(10))),
                Predicate.compare("band", CompareOp.LT, 3)), Predicate.not(Predicate.holds(
                        or(gt(field("ratio"), lit(0.5)), isNull(field("ok"))))));
        List<Aggregate> q1 = List.of(Aggregate.sum(field("qty")), Aggregate.sum(field("price")), Aggregate.sum(DISC_PRICE),
                Aggregate.sum(mul(DISC_PRICE, add(lit(1), field("disc")))), Aggregate.countStar());
        return Stream.of(
                Arguments.of("filter of a product", Plan.aggregate(L, discPrice, List.of(), List.of(Aggregate.countStar()))),
                Arguments.of("AND, OR, NOT of leaves and expressions", Plan.aggregate(L, mixed, List.of(),
                        List.of(Aggregate.countStar()))),
                Arguments.of("Q1-like sums by dense keys", Plan.aggregate(L, Predicate.holds(compare(field("ship"),
                        CompareOp.LE, lit(LocalDate.of(1998, 9, 2)))), List.of("band"), q1)),
                Arguments.of("MIN, MAX, COUNT, SUM of doubles, floats, bools", Plan.aggregate(L, null,
                        List.of("band"), List.of(Aggregate.min(mul(field("ratio"), lit(2.0))),
                                Aggregate.max(neg(field("big"))), Aggregate.count(field("mode")),
                                Aggregate.sum(div(field("f"), lit(3))), Aggregate.max(field("ok")),
                                Aggregate.sum(sub(field("qty"), field("band")))))),
                Arguments.of("nodes run per record below batch nodes", Plan.aggregate(L, Predicate.holds(and(
                        in(field("band"), lit(1), lit(2), lit(4)), not(like(field("mode"), "A%")),
                        between(coalesce(field("qty"), lit(0)), lit(-20), lit(40)))), List.of("band"),
                        List.of(Aggregate.sum(caseWhen(List.of(when(gt(field("qty"), lit(0)), field("price"))),
                                neg(field("disc")))), Aggregate.sum(cast(field("qty"), ExprType.DOUBLE))))),
                Arguments.of("hashed groups: matches taken per record", Plan.aggregate(L, discPrice, List.of("ship"),
                        List.of(Aggregate.sum(DISC_PRICE), Aggregate.max("big")))),
                Arguments.of("a plain field's SUM beside an expression's", Plan.aggregate(L, discPrice, List.of("band"),
                        List.of(Aggregate.sum("big"), Aggregate.sum(DISC_PRICE)))),
                Arguments.of("decimals that cannot be NULL, after a selective WHERE", Plan.aggregate(L,
                        Predicate.holds(and(Expr.eq(field("band"), lit(5)), gt(mul(field("disc"), field("disc")),
                                lit(new BigDecimal("0.0030"))))), List.of("band"), List.of(
                                Aggregate.sum(mul(field("disc"), sub(lit(1), field("disc")))),
                                Aggregate.sum(add(field("disc"), sub(field("disc"), lit(new BigDecimal("0.001"))))),
                                Aggregate.min(mul(mul(field("disc"), field("disc")), mul(field("disc"), field("disc"))))))),
                Arguments.of("big-endian fields of 4 and 8 bytes", Plan.aggregate(BIG_ENDIAN,
                        Predicate.holds(gt(field("n"), lit(0))), List.of("band"), List.of(Aggregate.sum(field("n")),
                                Aggregate.max(sub(field("big"), field("n")))))),
                Arguments.of("EXTRACT, CASE and COALESCE a batch at a time", Plan.aggregate(L, Predicate.holds(and(
                        Expr.eq(extract(Expr.DatePart.MONTH, field("ship")), caseWhen(List.of(when(gt(field("qty"),
                                lit(0)), lit(3))), coalesce(cast(field("band"), ExprType.INT), lit(7)))),
                        gt(extract(Expr.DatePart.YEAR, field("ship")), lit(1994)))), List.of("band"), List.of(
                        Aggregate.sum(caseWhen(List.of(when(Expr.eq(field("mode"), lit("AIR")), field("price")),
                                when(lt(field("disc"), lit(new BigDecimal("0.05"))), neg(field("price")))),
                                mul(field("price"), field("disc")))),
                        Aggregate.sum(coalesce(field("qty"), neg(cast(field("band"), ExprType.INT)))),
                        Aggregate.max(caseWhen(List.of(when(isNull(field("ok")), gt(field("ratio"), lit(1.0)))),
                                field("ok"))),
                        Aggregate.sum(caseWhen(List.of(when(isNull(field("ratio")), lit(0.5))), field("ratio"))),
                        Aggregate.sum(extract(Expr.DatePart.HOUR, cast(field("ship"), ExprType.TIMESTAMP,
                                "America/Los_Angeles"), "Asia/Kolkata")),
                        Aggregate.sum(extract(Expr.DatePart.WEEK, field("ship")))))),
                Arguments.of("a CASE's untaken branch is not evaluated", Plan.aggregate(L, null, List.of("band"),
                        List.of(Aggregate.sum(caseWhen(List.of(when(Expr.eq(field("qty"), lit(0)), lit(0.0))),
                                div(lit(100), field("qty"))))))),
                Arguments.of("128-bit decimals of wide and narrow columns", Plan.aggregate(L, Predicate.holds(
                        gt(mul(WIDE_PRICE, field("disc")), lit(new BigDecimal("-500.25")))), List.of("band"), List.of(
                        Aggregate.sum(mul(WIDE_PRICE, field("disc"))),
                        Aggregate.sum(add(WIDE_PRICE, field("disc"))),
                        Aggregate.sum(sub(field("disc"), mul(WIDE_PRICE, WIDE_PRICE))),
                        Aggregate.sum(div(WIDE_PRICE, add(field("disc"), lit(1)))),
                        Aggregate.min(coalesce(WIDE_PRICE, mul(field("disc"), lit(new BigDecimal("-1.5"))))),
                        Aggregate.max(neg(WIDE_PRICE)),
                        Aggregate.sum(cast(WIDE_PRICE, ExprType.DOUBLE)),
                        Aggregate.sum(cast(mul(WIDE_PRICE, field("disc")), ExprType.decimal(12, 2)))))),
                Arguments.of("non-ANSI arithmetic: wrapped integers, NULL quotients and decimals", Plan.aggregate(L,
                        Predicate.holds(gt(legacy(Expr.ArithmeticOp.MULTIPLY, field("big"), lit(3)), lit(0))),
                        List.of("band"), List.of(
                                Aggregate.max(legacy(Expr.ArithmeticOp.MULTIPLY, field("qty"), lit(100_000_000))),
                                Aggregate.min(new Expr.Negate(field("qty"), Expr.EvalMode.LEGACY)),
                                Aggregate.count(legacy(Expr.ArithmeticOp.REMAINDER, field("big"), field("qty"))),
                                Aggregate.sum(legacy(Expr.ArithmeticOp.DIVIDE, field("price"), field("qty"))),
                                Aggregate.sum(legacy(Expr.ArithmeticOp.DIVIDE, lit(100), field("qty"))),
                                Aggregate.sum(legacy(Expr.ArithmeticOp.SUBTRACT, field("price"), field("disc"))),
                                Aggregate.max(legacy(Expr.ArithmeticOp.MULTIPLY, WIDE_PRICE,
                                        lit(new BigDecimal("1E34")))),
                                Aggregate.count(legacy(Expr.ArithmeticOp.ADD, mul(WIDE_PRICE, field("disc")),
                                        lit(new BigDecimal("999999999999999999999999999999999700.00"))))))),
                Arguments.of("string comparisons, tests, IN, CASE and COALESCE a batch at a time", Plan.aggregate(L,
                        Predicate.holds(or(in(field("mode"), lit("AIR"), lit("RAIL"), lit("TRUCK")),
                                Expr.startsWith(field("mode"), "SH"), Expr.endsWith(field("mode"), "IL"),
                                Expr.contains(coalesce(field("mode"), lit("NONE")), "O"),
                                compare(caseWhen(List.of(when(gt(field("qty"), lit(0)), field("mode"))), lit("MAIL")),
                                        CompareOp.GE, lit("REG")))), List.of("band"), List.of(
                                Aggregate.countStar(),
                                Aggregate.sum(caseWhen(List.of(when(like(field("mode"), "_A%"), field("qty"))),
                                        lit(0))),
                                Aggregate.count(caseWhen(List.of(when(lt(field("mode"), lit("M")), lit(1))), null)),
                                Aggregate.max(neg(WIDE_PRICE))))),
                Arguments.of("rows", Plan.rows(L, mixed, List.of("big", "ship", "band"))),
                Arguments.of("rows of computed columns", Plan.rowsOf(L, mixed, List.of(field("qty"),
                        like(field("mode"), "A%"), DISC_PRICE, gt(field("ratio"), lit(0.5)),
                        caseWhen(List.of(when(gt(field("qty"), lit(3)), field("price"))), lit(0))))),
                Arguments.of("every WHERE leaf kind over NULLs, rows out", Plan.rows(L, everyLeaf(),
                        List.of("qty", "mode", "price", "ship"))),
                Arguments.of("every WHERE leaf kind over NULLs, dense groups", Plan.aggregate(L, everyLeaf(),
                        List.of("band"), List.of(Aggregate.sum(DISC_PRICE), Aggregate.countStar()))),
                Arguments.of("groups of two one-byte strings, found by their bytes", shortKeys(List.of("m1", "c1"))),
                Arguments.of("groups of a two-byte string, found by its bytes", shortKeys(List.of("m2"))),
                Arguments.of("key lookups of every form, NULL keys and NULL answers", lookups()));
    }

    /**
     * A join turned into lookups (docs/spark.md, "Lookup joins"): qty's rows filtered by a list of
     * keys (answering NULL for a range of others) or a band, summed where a bitmap holds the key and
     * counted where a range does not, grouped by band; NULL qty answers NULL.
     */
    static Plan lookups() {
        KeySet list = KeySet.of(new long[] {-31, -7, 7, 31, 49});
        KeySet bitmap = KeySet.of(java.util.stream.LongStream.rangeClosed(-25, 25).map(i -> 2 * i).toArray());
        KeySet range = KeySet.of(java.util.stream.LongStream.rangeClosed(-5, 5).toArray());
        Expr joined = Expr.keyLookup(field("qty"), list, KeySet.of(new long[] {3, 4}), "the keys");
        Expr even = Expr.keyLookup(field("qty"), bitmap, KeySet.EMPTY, "even");
        Expr near = Expr.keyLookup(field("qty"), range, KeySet.EMPTY, "near");
        return Plan.aggregate(L, Predicate.or(Predicate.holds(joined), Predicate.compare("band", CompareOp.LT, 2)),
                List.of("band"), List.of(Aggregate.sum(Expr.caseWhen(List.of(Expr.when(even, field("price"))), lit(0))),
                        Aggregate.count(Expr.caseWhen(List.of(Expr.when(Expr.not(near), lit(1))), null)),
                        Aggregate.countStar()));
    }

    /** A Q1-like plan over {@link #SHORT_KEYS} grouped by {@code keys}, strings of two bytes together at most. */
    static Plan shortKeys(List<String> keys) {
        return Plan.aggregate(SHORT_KEYS, Predicate.compare("band", CompareOp.LT, 5), keys,
                List.of(Aggregate.sum(DISC_PRICE), Aggregate.countStar(), Aggregate.max(field("price"))));
    }

    /**
     * A WHERE of every leaf kind a plan has, each over NULLs: a string compared with a literal
     * (=, NOT <), BETWEEN, IN, a comparison, IS [NOT] NULL of a string, a number and a float, and
     * expressions: a string IN, LIKE, two columns compared, a date compared with a literal.
     */
    static Predicate everyLeaf() {
        return Predicate.or(
                Predicate.and(Predicate.compare("mode", CompareOp.EQ, "AIR"), Predicate.between("qty", -20, 40)),
                Predicate.and(Predicate.not(Predicate.compare("mode", CompareOp.LT, "MAIL")),
                        Predicate.in("band", 1, 3, 5)),
                Predicate.and(Predicate.isNull("mode"), Predicate.compare("qty", CompareOp.GT, 0)),
                Predicate.and(Predicate.isNull("qty"), Predicate.not(Predicate.isNull("ratio"))),
                Predicate.holds(and(in(field("mode"), lit("RAIL"), lit("TRUCK")),
                        lt(field("qty"), cast(field("band"), ExprType.INT)))),
                Predicate.holds(and(like(field("mode"), "%I%"),
                        compare(field("ship"), CompareOp.GE, lit(LocalDate.of(1995, 1, 1))))));
    }

    private static Expr legacy(Expr.ArithmeticOp op, Expr left, Expr right) {
        return LegacyArithmeticTest.legacy(op, left, right);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void sameBytesAndMeterAsRecordByRecord(String name, Plan plan) throws IOException {
        assertNotNull(BatchScan.of(plan, BoundPredicate.bind(plan.where(), plan.layout()), sink(plan)),
                "takes the batch loop");
        // 2,100 records a scan: batches of 1,024, 1,024 and 52
        for (int records : new int[] {2_100, 64}) {
            HostRunner.Result batched = run(new PlanTasklet(plan, LIMITS), DATA, records);
            HostRunner.Result perRecord = run(new PlanTasklet(plan, LIMITS, false), DATA, records);
            assertArrayEquals(perRecord.bytes(), batched.bytes(), "result bytes of " + plan);
            LoopMeters.assertSameWork(perRecord.meter(), batched.meter(), plan.toString());
        }
    }

    /**
     * A narrow key of hundreds of values (u16 {@code k} = record % 700) makes the table grow many
     * times within one batch: the rows whose groups were found before each growth are taken first,
     * so every row lands in its own group, as record by record.
     */
    @Test
    void aTableThatGrowsWithinABatchTakesEachRowIntoItsGroup() throws IOException {
        Layout layout = new Layout("keyed", 10, List.of(Field.unsigned("k", 0, 2),
                new Field("v", 2, 8, true, false, 0, 0, false, 0)));
        ByteBuffer data = ByteBuffer.allocate(3_000 * 10).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3_000; i++) {
            data.putShort(i * 10, (short) (i % 700)).putLong(i * 10 + 2, 3L * i - 1_000);
        }
        Plan plan = Plan.aggregate(layout, null, List.of("k"), List.of(Aggregate.sum(mul(field("v"), lit(2))),
                Aggregate.countStar(), Aggregate.max("v")));
        assertTrue(GroupTable.dense(plan), "a narrow key: groups by direct index");
        HostRunner.Result batched = run(new PlanTasklet(plan, LIMITS), data.array(), 3_000);
        HostRunner.Result perRecord = run(new PlanTasklet(plan, LIMITS, false), data.array(), 3_000);
        assertArrayEquals(perRecord.bytes(), batched.bytes());
        LoopMeters.assertSameWork(perRecord.meter(), batched.meter(), plan.toString());
    }

    /**
     * Keys of one or two bytes together are found by their bytes ({@link DictionaryGroups#beginBytes}),
     * a table that grows and one flushed at every other group too (the slots known by bytes forgotten
     * as the table's move): the same result bytes and work as record by record.
     */
    @Test
    void shortStringKeysFindTheirGroupsByTheirBytes() throws IOException {
        for (List<String> keys : List.of(List.of("m1", "c1"), List.of("c1", "m1"), List.of("m2"), List.of("c1"))) {
            Plan plan = shortKeys(keys);
            for (PlanLimits limits : List.of(LIMITS, new PlanLimits(2, Long.MAX_VALUE / 2, 64))) {
                HostRunner.Result batched = run(new PlanTasklet(plan, limits), DATA, 2_100);
                HostRunner.Result perRecord = run(new PlanTasklet(plan, limits, false), DATA, 2_100);
                assertArrayEquals(perRecord.bytes(), batched.bytes(), "result bytes of " + plan + " within " + limits);
                LoopMeters.assertSameWork(perRecord.meter(), batched.meter(), plan + " within " + limits);
            }
            RecordBatch batch = new RecordBatch();
            batch.reset(ByteBuffer.wrap(DATA).order(ByteOrder.LITTLE_ENDIAN), 0, 3, L.recordSize());
            assertTrue(DictionaryGroups.of(GroupTable.of(plan, LIMITS)).beginBytes(batch, new int[] {0, 2}, 2),
                    "groups by " + keys + " found by their bytes");
        }
        Plan wide = Plan.aggregate(L, null, List.of("mode"), List.of(Aggregate.sum(DISC_PRICE)));
        RecordBatch batch = new RecordBatch();
        batch.reset(ByteBuffer.wrap(DATA), 0, 1, L.recordSize());
        assertFalse(DictionaryGroups.of(GroupTable.of(wide, LIMITS)).beginBytes(batch, new int[] {0}, 1),
                "a char(6) key is hashed");
    }

    @Test
    void groupsAreTakenAColumnAtATime() {
        Plan q1 = Plan.aggregate(L, null, List.of("band"), List.of(Aggregate.sum(DISC_PRICE),
                Aggregate.countStar()));
        GroupTable table = GroupTable.of(q1, PlanLimits.DRIVE);
        assertNotNull(VectorGroups.of(q1, table, new VectorCompiler()));
        Plan withField = Plan.aggregate(L, null, List.of("mode"), List.of(Aggregate.max("big"), Aggregate.count("disc")));
        assertNotNull(VectorGroups.of(withField, GroupTable.of(withField, PlanLimits.DRIVE), new VectorCompiler()),
                "fields' values decoded a column at a time, keys hashed");
        Plan nullableString = Plan.aggregate(L, null, List.of("band"), List.of(Aggregate.count("mode")));
        assertNull(VectorGroups.of(nullableString, GroupTable.of(nullableString, PlanLimits.DRIVE),
                new VectorCompiler()), "a nullable string's NULLs are read from its records");
        Plan limited = Plan.rows(L, Predicate.holds(gt(DISC_PRICE, lit(1))), List.of("big")).limit(10);
        assertNull(BatchScan.of(limited, BoundPredicate.bind(limited.where(), L), sink(limited)),
                "a LIMIT ends the examination of records: record by record");
    }

    /** w decimal(38,2) in 16 bytes, NULL by a bit; d decimal(2,2) in 4; band. */
    private static final Layout WIDE = new Layout("wide", 22, List.of(
            Field.of("w", 0, 16, FieldType.decimal(38, 2), false).withNullBit(21, 0),
            Field.of("d", 16, 4, FieldType.decimal(2, 2), false), Field.unsigned("band", 20, 1)));

    @Test
    void sixteenByteDecimalColumnsGiveTheSameBytesAndMeterAsRecordByRecord() throws IOException {
        Expr w = field("w");
        Plan plan = Plan.aggregate(WIDE, Predicate.holds(or(gt(w, mul(field("d"), lit(new BigDecimal("-1e15")))), isNull(w))),
                List.of("band"), List.of(Aggregate.sum(mul(w, field("d"))), Aggregate.sum(add(w, field("d"))),
                        Aggregate.min(w), Aggregate.max(caseWhen(List.of(when(lt(field("d"), lit(new BigDecimal("0.5"))),
                                w)), neg(w))), Aggregate.sum(cast(w, ExprType.DOUBLE)), Aggregate.count(w),
                        Aggregate.sum(coalesce(w, cast(field("d"), ExprType.decimal(38, 2))))));
        sameAsRecordByRecord(plan, wideRecords(99)); // up to 10^30 either side, a fifth of them within a long
    }

    /** Sums of 16-byte decimals up to 8.5 x 10^37 pass 128 bits: overflowed for good, as record by record. */
    @Test
    void wideSumsThatPass128BitsOverflowAsRecordByRecord() throws IOException {
        Plan plan = Plan.aggregate(WIDE, null, List.of("band"), List.of(Aggregate.sum(field("w")),
                Aggregate.avg(field("w")), Aggregate.sum(add(field("w"), field("d")))));
        sameAsRecordByRecord(plan, wideRecords(126));
    }

    /** 3,000 records of {@link #WIDE}, w of up to {@code bits} bits either side (a fifth of 40), an eighth NULL. */
    private static byte[] wideRecords(int bits) {
        java.util.Random random = new java.util.Random(7);
        ByteBuffer data = ByteBuffer.allocate(3_000 * WIDE.recordSize()).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 3_000; i++) {
            int at = i * WIDE.recordSize();
            java.math.BigInteger w = new java.math.BigInteger(random.nextInt(5) == 0 ? 40 : bits, random);
            w = random.nextBoolean() ? w.negate() : w;
            data.putLong(at, w.longValue()).putLong(at + 8, w.shiftRight(64).longValue());
            data.putInt(at + 16, random.nextInt(100)).put(at + 20, (byte) random.nextInt(4));
            data.put(at + 21, (byte) (random.nextInt(8) == 0 ? 1 : 0));
        }
        return data.array();
    }

    private static void sameAsRecordByRecord(Plan plan, byte[] data) throws IOException {
        for (int records : new int[] {3_000, 100}) {
            HostRunner.Result batched = scan(new PlanTasklet(plan, LIMITS), data, records * plan.layout().recordSize());
            HostRunner.Result perRecord = scan(new PlanTasklet(plan, LIMITS, false), data,
                    records * plan.layout().recordSize());
            assertArrayEquals(perRecord.bytes(), batched.bytes());
            LoopMeters.assertSameWork(perRecord.meter(), batched.meter(), plan.toString());
        }
    }

    @Test
    void theNodesOfTpchQueriesAndStringsHaveABatchForm() {
        for (Expr e : List.of(extract(Expr.DatePart.YEAR, field("ship")),
                cast(field("ship"), ExprType.TIMESTAMP, "UTC"), cast(field("qty"), ExprType.DOUBLE),
                caseWhen(List.of(when(like(field("mode"), "A%"), field("price"))), lit(0)),
                coalesce(field("qty"), lit(0)), WIDE_PRICE, mul(WIDE_PRICE, field("disc")),
                add(mul(WIDE_PRICE, field("disc")), field("price")), gt(WIDE_PRICE, mul(field("disc"), field("disc"))),
                neg(WIDE_PRICE), Expr.eq(field("mode"), lit("AIR")), in(field("mode"), lit("AIR"), lit("MAIL")),
                like(field("mode"), "%AI_"), Expr.startsWith(field("mode"), "A"), Expr.endsWith(field("mode"), "R"),
                Expr.contains(field("mode"), "I"), coalesce(field("mode"), lit("X")),
                caseWhen(List.of(when(gt(field("qty"), lit(0)), field("mode"))), lit("n/a")))) {
            ExprEval scalar = ExprCompiler.compile(e, L);
            assertDoesNotThrow(() -> new VectorCompiler().compile(scalar), Expr.sql(e) + " has no batch form");
        }
    }

    @Test
    void theErrorIsTheFirstRecordsWhicheverNodeRaisesIt() {
        // in one batch: record 1,100's SUM overflows (an aggregate), record 1,900's WHERE does (unary minus)
        Plan plan = Plan.aggregate(L, Predicate.holds(lt(neg(field("qty")), lit(1000))), List.of("band"),
                List.of(Aggregate.sum(add(field("big"), lit(1)))));
        assertEquals("(big + 1)", error(plan, edited(1_100, 1_900)));
        assertEquals("(- qty)", error(plan, edited(1_900, 1_100)));
        // two SUMs that leave a bigint: the one of the earlier record
        Plan sums = Plan.aggregate(L, null, List.of(), List.of(Aggregate.sum(mul(field("qty"), lit(1))),
                Aggregate.sum(field("big"))));
        List<Item> items = new ArrayList<>(ITEMS.subList(0, 2_000));
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            items.set(i, new Item(1, it.price(), it.disc(), it.ratio(), it.ship(), it.mode(), it.ok(),
                    i >= 1_500 ? Long.MAX_VALUE / 4 : 0, it.f(), it.band()));
        }
        PlanArithmeticException e = assertThrows(PlanArithmeticException.class,
                () -> run(new PlanTasklet(sums, LIMITS), ExprRecords.bytes(items), 2_000));
        assertTrue(e.getMessage().contains("SUM(big)"), e.getMessage());
    }

    /** The records with big 0 but {@code bigAt}'s, the largest long, and {@code qtyAt}'s qty the smallest int. */
    private static byte[] edited(int bigAt, int qtyAt) {
        List<Item> items = new ArrayList<>(ITEMS);
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            items.set(i, new Item(i == qtyAt ? Integer.valueOf(Integer.MIN_VALUE) : it.qty(), it.price(), it.disc(), it.ratio(), it.ship(),
                    it.mode(), it.ok(), i == bigAt ? Long.MAX_VALUE : 0, it.f(), it.band()));
        }
        return ExprRecords.bytes(items);
    }

    /** The expression the batch loop's error names, after asserting the record-at-a-time loop's is the same. */
    private static String error(Plan plan, byte[] data) {
        PlanArithmeticException batched = assertThrows(PlanArithmeticException.class,
                () -> run(new PlanTasklet(plan, LIMITS), data, 2_100));
        PlanArithmeticException perRecord = assertThrows(PlanArithmeticException.class,
                () -> run(new PlanTasklet(plan, LIMITS, false), data, 2_100));
        assertEquals(perRecord.getMessage(), batched.getMessage());
        String m = batched.getMessage();
        return m.contains("(big + 1)") ? "(big + 1)" : m.contains("(- qty)") ? "(- qty)" : m;
    }

    private static RowSink sink(Plan plan) {
        return plan.aggregating() ? GroupTable.of(plan, PlanLimits.DRIVE) : new KeptRows(plan.select().stream()
                .map(c -> ColumnReader.of(c, L, false)).toArray(ColumnReader[]::new), plan.limit(), LIMITS);
    }

    private static HostRunner.Result run(PlanTasklet tasklet, byte[] data, int recordsPerScan) throws IOException {
        return scan(tasklet, data, L.recordSize() * recordsPerScan);
    }

    private static HostRunner.Result scan(PlanTasklet tasklet, byte[] data, int scanBytes) throws IOException {
        return new HostRunner(scanBytes, 1).run(tasklet, List.of(new Extent(1, 0, data.length)),
                new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data))));
    }
}
