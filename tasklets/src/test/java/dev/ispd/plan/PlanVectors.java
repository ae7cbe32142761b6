package dev.ispd.plan;

import static dev.ispd.plan.Predicate.and;
import static dev.ispd.plan.Predicate.between;
import static dev.ispd.plan.Predicate.compare;
import static dev.ispd.plan.Predicate.eq;
import static dev.ispd.plan.Predicate.in;
import static dev.ispd.plan.Predicate.isNull;
import static dev.ispd.plan.Predicate.not;
import static dev.ispd.plan.Predicate.or;

import java.nio.file.Path;
import java.util.List;

/** The plan test vectors of docs/protocol/vectors.md ("Plans"): each file and the plan it encodes. */
final class PlanVectors {
    /** The directory, from the tasklets module or the repository root. */
    static final Path DIR = Path.of("..", "docs", "protocol", "vectors", "plan");

    record Vector(String file, Plan plan) { }

    /** A user layout with every kind of field: signed little-endian, unsigned 8-byte, nullable, a bit range. */
    static final Layout SENSOR = new Layout("sensor", 12, List.of(
            new Field("temp", 0, 2, true, false, 0, 0, false, 0),
            new Field("serial", 2, 8, false, true, 0, 0, false, 0),
            new Field("level", 10, 1, false, true, 0, 0, true, 255),
            Field.bits("low", 10, 1, 0, 4)));

    /**
     * A user layout of typed fields: {@code id i32 le @0, price decimal(12,2) le @4 nullable @36.0,
     * ship date le @12, at timestamp le @16, ratio f64 le @24, ok bool @32, mode char(3) zero @33
     * nullable @36.1, big decimal(30,4) le @37}.
     */
    static final Layout ORDERS = new Layout("orders", 53, List.of(
            new Field("id", 0, 4, true, false, 0, 0, false, 0),
            Field.of("price", 4, 8, FieldType.decimal(12, 2), false).withNullBit(36, 0),
            Field.of("ship", 12, 4, FieldType.DATE, false),
            Field.of("at", 16, 8, FieldType.TIMESTAMP, false),
            Field.of("ratio", 24, 8, FieldType.FLOAT, false),
            Field.of("ok", 32, 1, FieldType.BOOL, true),
            Field.of("mode", 33, 3, FieldType.chars(true), true).withNullBit(36, 1),
            Field.of("big", 37, 16, FieldType.decimal(30, 4), false)));

    /**
     * Strings wider than version 7's 255 bytes: {@code id i32 le @0, title char(1000) @4 nullable
     * @61004.0, body char(60000) zero @1004 nullable @61004.1}.
     */
    static final Layout PAGES = new Layout("pages", 61_005, List.of(
            new Field("id", 0, 4, true, false, 0, 0, false, 0),
            Field.of("title", 4, 1_000, FieldType.chars(false), true).withNullBit(61_004, 0),
            Field.of("body", 1_004, 60_000, FieldType.chars(true), true).withNullBit(61_004, 1)));

    private PlanVectors() {
    }

    static List<Vector> all() {
        return List.of(
                new Vector("plan_01_q1.bin", Plan.aggregate(Layout.worldCup98(256), null, List.of("region"),
                        List.of(Aggregate.countStar()))),
                new Vector("plan_02_q2.bin", Plan.aggregate(Layout.worldCup98(20), null, List.of("region", "type"),
                        List.of(Aggregate.countStar()))),
                new Vector("plan_03_filter_rows.bin", Plan.rows(Layout.worldCup98(32),
                        and(eq("type", 0), or(in("region", 1, 3), not(between("size", 100, 2000)))),
                        List.of("timestamp", "clientID")).limit(1000)),
                new Vector("plan_04_user_layout_top_n.bin", Plan.rows(SENSOR,
                        or(isNull("level"), compare("temp", CompareOp.LT, -5)), List.of("temp", "serial"))
                        .top(10, "serial", true)),
                new Vector("plan_05_user_layout_aggregates.bin", Plan.aggregate(SENSOR, null, List.of("low"),
                        List.of(Aggregate.countStar(), Aggregate.count("level"), Aggregate.sum("temp"),
                                Aggregate.min("level"), Aggregate.max("temp")))),
                new Vector("plan_06_typed_top_n.bin", Plan.rows(ORDERS, or(and(
                                compare("price", CompareOp.GE, 10_000), not(compare("ratio", CompareOp.LT,
                                        FloatKeys.of(0.5))), compare("mode", CompareOp.EQ, "AIR"), eq("ok", 1)),
                                isNull("price")), List.of("id", "ship", "at"))
                        .top(5, "at", true)),
                new Vector("plan_07_typed_aggregates.bin", Plan.aggregate(ORDERS,
                        between("ship", 19_000, 19_999), List.of("id"),
                        List.of(Aggregate.countStar(), Aggregate.min("ship"), Aggregate.max("at"), Aggregate.count("ok"),
                                Aggregate.max("ok")))),
                new Vector("plan_08_expressions.bin", Plan.aggregate(ORDERS, and(
                        Predicate.holds(Expr.gt(Expr.mul(Expr.field("price"), Expr.sub(Expr.lit(1), Expr.field("ratio"))),
                                Expr.lit(new java.math.BigDecimal("100.5")))),
                        Predicate.holds(Expr.or(Expr.like(Expr.field("mode"), "A_%"), Expr.in(
                                Expr.extract(Expr.DatePart.YEAR, Expr.field("ship")), Expr.lit(1995), Expr.lit(1996))))),
                        List.of("ok"), List.of(Aggregate.sum(Expr.mul(Expr.field("price"), Expr.sub(Expr.lit(1),
                                Expr.cast(Expr.field("id"), ExprType.decimal(4, 2))))), Aggregate.max(Expr.caseWhen(
                                List.of(Expr.when(Expr.isNull(Expr.field("price")), Expr.neg(Expr.field("ratio")))),
                                Expr.coalesce(Expr.div(Expr.field("ratio"), Expr.lit(2)), Expr.lit(0.0))))))),
                new Vector("plan_09_computed_groups.bin", Plan.aggregateOf(ORDERS, null, List.of(Expr.field("mode"),
                        Expr.extract(Expr.DatePart.YEAR, Expr.field("ship")), Expr.field("id")), List.of(
                        Aggregate.countStar(), Aggregate.avg("price"), Aggregate.avg(Expr.field("id"))))),
                new Vector("plan_10_computed_rows.bin", Plan.rowsOf(ORDERS, isNull("price"), List.of(Expr.field("id"),
                        Expr.field("mode"), Expr.field("price"), Expr.mul(Expr.field("ratio"), Expr.lit(2)),
                        Expr.caseWhen(List.of(Expr.when(Expr.field("ok"), Expr.lit(1))), Expr.lit(0))))
                        .top(3, "at", false)),
                new Vector("plan_12_zoned_top_n.bin", Plan.rowsOf(ORDERS, Predicate.holds(Expr.compare(
                        Expr.extract(Expr.DatePart.HOUR, Expr.field("at"), "America/New_York"), CompareOp.GE,
                        Expr.lit(9))), List.of(Expr.field("id"), Expr.caseWhen(List.of(Expr.when(Expr.field("ok"),
                                Expr.field("mode"))), Expr.lit("n/a")), Expr.cast(Expr.field("ratio"),
                                ExprType.decimal(10, 2)), Expr.extract(Expr.DatePart.DAY_OF_WEEK, Expr.cast(
                                Expr.field("at"), ExprType.DATE, "Europe/Berlin"))))
                        .top(5, List.of(Plan.SortKey.of(Expr.mul(Expr.field("ratio"), Expr.lit(2)), true),
                                new Plan.SortKey(Expr.extract(Expr.DatePart.YEAR, Expr.field("ship")), false, false)))),
                new Vector("plan_13_wide_literals.bin", Plan.rowsOf(ORDERS, Predicate.holds(Expr.gt(Expr.field("big"),
                        Expr.lit(new java.math.BigDecimal("-123456789012345678901234.5678")))), List.of(Expr.field("id"),
                        Expr.add(Expr.field("big"), Expr.lit(new java.math.BigDecimal("99999999999999999999.99")))))
                        .top(4, List.of(new Plan.SortKey(Expr.field("mode"), true, true)))),
                new Vector("plan_14_legacy_arithmetic.bin", Plan.rowsOf(ORDERS, Predicate.holds(Expr.gt(legacy(
                        Expr.ArithmeticOp.ADD, Expr.field("big"), Expr.field("big")), Expr.lit(0))), List.of(
                        Expr.field("id"), legacy(Expr.ArithmeticOp.MULTIPLY, Expr.field("id"), Expr.lit(2_000_000_000)),
                        new Expr.Negate(Expr.field("id"), Expr.EvalMode.LEGACY),
                        legacy(Expr.ArithmeticOp.DIVIDE, Expr.field("price"), Expr.field("price")),
                        Expr.rem(Expr.field("id"), Expr.lit(7)))).limit(6)),
                new Vector("plan_15_key_bloom.bin", Plan.rows(ORDERS, and(KeyBloom.of("id", new long[] {7, 42, -1000}),
                        not(KeyBloom.of("ship", new long[] {19_000}))), List.of("id", "ship"))),
                new Vector("pqwide-plan_16_wide_strings.bin", Plan.aggregateOf(PAGES, and(Predicate.holds(
                        Expr.like(Expr.field("body"), "%<a href=%")), compare("title", CompareOp.GT, "b".repeat(300))),
                        List.of(Expr.field("title")), List.of(Aggregate.countStar(), Aggregate.max(Expr.field("id"))))),
                new Vector("plan_17_key_lookup.bin", Plan.aggregateOf(ORDERS, and(Predicate.holds(Expr.keyLookup(
                        Expr.field("id"), KeySet.of(new long[] {1, 2, 3, 4}), KeySet.EMPTY, "the keys of part")),
                        Predicate.holds(Expr.not(Expr.keyLookup(Expr.field("id"), KeySet.of(new long[] {-7, 900}),
                                KeySet.of(new long[] {2, 4, 6, 8, 10}), "part's test")))), List.of(),
                        List.of(Aggregate.sum(Expr.caseWhen(List.of(Expr.when(Expr.keyLookup(Expr.field("id"),
                                KeySet.of(new long[] {3}), KeySet.EMPTY, "t"), Expr.field("price"))), Expr.lit(0)))))));
    }

    /** {@code left op right} in Spark's non-ANSI mode. */
    private static Expr legacy(Expr.ArithmeticOp op, Expr left, Expr right) {
        return new Expr.Arithmetic(op, left, right, Expr.EvalMode.LEGACY);
    }
}
