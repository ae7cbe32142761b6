package dev.ispd.plan;

import java.io.Serializable;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A scalar expression over a record's fields, with Spark SQL's types ({@link ExprType}) and
 * semantics: arithmetic in either of Spark's modes ({@link EvalMode}: ANSI's error on overflow and
 * on division by zero, as {@link PlanArithmeticException}, or the NULLs and wrapped integers of
 * {@code spark.sql.ansi.enabled=false}), casts between numeric types, comparisons, CASE, COALESCE,
 * IN, BETWEEN, string matching, EXTRACT from dates, and boolean logic with SQL's three values
 * (NULL is unknown). A plan tests one in WHERE ({@link Predicate#holds}) and aggregates them
 * ({@link Aggregate#sum(Expr)}). Build trees with the static factories:
 * {@code gt(mul(field("price"), sub(lit(1), field("discount"))), lit(new BigDecimal("100")))}.
 * Binding to a layout ({@link ExprCompiler}) derives every node's type and refuses what a plan
 * cannot run, naming the node. Serializable, so an engine ships one to its executors.
 */
public sealed interface Expr extends Serializable {
    /** The value of field {@code name} of the record. */
    record Ref(String name) implements Expr { }

    /**
     * A constant: {@code value} is a Long ({@code int} if it fits, else {@code bigint}), a
     * BigDecimal, a Double, a String, a LocalDate, a Boolean, or null with {@code type} saying
     * which NULL.
     */
    record Literal(Object value, ExprType type) implements Expr {
        public Literal {
            if (type == null) {
                throw new PlanException("expression", "a literal needs a type");
            }
            if (value instanceof BigDecimal d && d.scale() != type.scale()) {
                value = d.setScale(type.scale(), java.math.RoundingMode.UNNECESSARY); // 1E+3 as 1000, as the type has it
            }
        }
    }

    /** {@code left op right}, in Spark's evaluation mode {@code mode}. */
    record Arithmetic(ArithmeticOp op, Expr left, Expr right, EvalMode mode) implements Expr {
        public Arithmetic {
            if (mode == null) {
                throw new PlanException("expression", "arithmetic needs an evaluation mode");
            }
        }

        /** {@code left op right} in ANSI mode. */
        public Arithmetic(ArithmeticOp op, Expr left, Expr right) {
            this(op, left, right, EvalMode.ANSI);
        }
    }

    /** {@code -operand}, in Spark's evaluation mode {@code mode}. */
    record Negate(Expr operand, EvalMode mode) implements Expr {
        public Negate {
            if (mode == null) {
                throw new PlanException("expression", "unary minus needs an evaluation mode");
            }
        }

        /** {@code -operand} in ANSI mode. */
        public Negate(Expr operand) {
            this(operand, EvalMode.ANSI);
        }
    }

    /**
     * {@code CAST(operand AS type)} between numeric types, or between a date and a timestamp in
     * time zone {@code zone} (an ID {@link java.time.ZoneId#of} takes; null where no timestamp is
     * involved): a date is its midnight there, a timestamp the date it falls on there.
     */
    record Cast(Expr operand, ExprType type, String zone) implements Expr {
        public Cast(Expr operand, ExprType type) {
            this(operand, type, null);
        }
    }

    /** {@code left op right}: a boolean, NULL if either side is. */
    record Compare(CompareOp op, Expr left, Expr right) implements Expr { }

    /** Every operand is true (2 or more); false if one is false, else NULL if one is. */
    record And(List<Expr> operands) implements Expr {
        public And {
            operands = List.copyOf(operands);
        }
    }

    /** Some operand is true (2 or more); true if one is, else NULL if one is. */
    record Or(List<Expr> operands) implements Expr {
        public Or {
            operands = List.copyOf(operands);
        }
    }

    /** {@code NOT operand}: NULL stays NULL. */
    record Not(Expr operand) implements Expr { }

    /** {@code operand IS NULL}: never NULL itself. */
    record IsNull(Expr operand) implements Expr { }

    /** {@code CASE WHEN c1 THEN v1 ... ELSE otherwise END}; a NULL condition is not true; no ELSE is ELSE NULL. */
    record Case(List<When> whens, Expr otherwise) implements Expr {
        public Case {
            whens = List.copyOf(whens);
        }
    }

    /** One {@code WHEN condition THEN value} of a {@link Case}. */
    record When(Expr condition, Expr value) implements Serializable { }

    /** The first operand that is not NULL, else NULL. */
    record Coalesce(List<Expr> operands) implements Expr {
        public Coalesce {
            operands = List.copyOf(operands);
        }
    }

    /** {@code operand IN (values)}: literals; NULL where no value is equal and the operand or a value is NULL. */
    record In(Expr operand, List<Expr> values) implements Expr {
        public In {
            values = List.copyOf(values);
        }
    }

    /** {@code operand BETWEEN low AND high}: {@code operand >= low AND operand <= high}. */
    record Between(Expr operand, Expr low, Expr high) implements Expr { }

    /** A string test against a literal {@code pattern}: LIKE (with {@code %}, {@code _} and {@code \} escapes), STARTS WITH, ENDS WITH, CONTAINS. */
    record Match(MatchOp op, Expr operand, String pattern) implements Expr {
        public Match {
            if (pattern == null) {
                throw new PlanException("expression", op + " needs a pattern");
            }
        }
    }

    /**
     * {@code EXTRACT(part FROM operand)} of a date, or of a timestamp as a clock in time zone
     * {@code zone} shows it (an ID {@link java.time.ZoneId#of} takes; null for a date): an {@code int}.
     */
    record Extract(DatePart part, Expr operand, String zone) implements Expr {
        public Extract(DatePart part, Expr operand) {
            this(part, operand, null);
        }
    }

    /**
     * A boolean looked up by an integer {@code key} in sets the plan carries (a join with a small
     * table whose key is unique, turned into lookups: docs/spark.md, "Lookup joins"): NULL for a
     * NULL key, TRUE for a key in {@code isTrue}, NULL for one in {@code isNull}, else FALSE.
     * {@code label} says what it stands for, in EXPLAIN and errors (at most 1,024 bytes of UTF-8).
     */
    record KeyLookup(Expr key, KeySet isTrue, KeySet isNull, String label) implements Expr {
        /** The most bytes of a label. */
        public static final int MAX_LABEL = 1024;

        public KeyLookup {
            if (isTrue == null || isNull == null || label == null) {
                throw new PlanException("expression", "a key lookup needs its two sets and a label");
            }
            if (label.getBytes(java.nio.charset.StandardCharsets.UTF_8).length > MAX_LABEL) {
                throw new PlanException("expression", "the label of a key lookup has more than " + MAX_LABEL
                        + " bytes: " + label.substring(0, 60) + "...");
            }
            if (KeySet.overlap(isTrue, isNull)) {
                throw new PlanException("expression", "key lookup " + label + " has a key both TRUE and NULL");
            }
        }
    }

    /** The arithmetic operators. {@code /} of two integers is a double's division, as in Spark. */
    enum ArithmeticOp {
        ADD("+"), SUBTRACT("-"), MULTIPLY("*"), DIVIDE("/"), REMAINDER("%");

        private final String symbol;

        ArithmeticOp(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }
    }

    /**
     * Spark's evaluation modes of arithmetic ({@code EvalMode}): {@link #ANSI}, Spark 4's default,
     * raises ARITHMETIC_OVERFLOW, DIVIDE_BY_ZERO or NUMERIC_VALUE_OUT_OF_RANGE; {@link #LEGACY}
     * ({@code spark.sql.ansi.enabled=false}) wraps an integer's {@code + - *} and unary minus to
     * its bits, and gives NULL for a decimal that does not fit its type and for a zero divisor.
     */
    enum EvalMode { ANSI, LEGACY }

    /** The string tests of {@link Match}. */
    enum MatchOp { LIKE, STARTS_WITH, ENDS_WITH, CONTAINS }

    /**
     * The fields {@link Extract} takes, as Spark's V2 {@code Extract} names them: of a date (or a
     * timestamp's date) YEAR, MONTH, DAY (of the month), QUARTER, DAY_OF_WEEK (ISO: 1 Monday to 7
     * Sunday), DAY_OF_YEAR, WEEK (ISO week) and YEAR_OF_WEEK (its year); of a timestamp also HOUR,
     * MINUTE and SECOND (whole seconds).
     */
    enum DatePart {
        YEAR, MONTH, DAY, QUARTER, DAY_OF_WEEK, DAY_OF_YEAR, WEEK, YEAR_OF_WEEK, HOUR, MINUTE, SECOND;

        /** Whether this is a field of a clock time, which a date has not. */
        public boolean ofTime() {
            return this == HOUR || this == MINUTE || this == SECOND;
        }
    }

    static Expr field(String name) {
        return new Ref(name);
    }

    static Expr lit(long v) {
        return new Literal(v, v == (int) v ? ExprType.INT : ExprType.BIGINT);
    }

    /** A decimal literal of its own precision and scale ({@code 0.05} is {@code decimal(2,2)}), as Spark types one. */
    static Expr lit(BigDecimal v) {
        BigDecimal d = v.scale() < 0 ? v.setScale(0) : v;
        return new Literal(d, ExprType.decimal(Math.max(d.precision(), d.scale()), d.scale()));
    }

    static Expr lit(double v) {
        return new Literal(v, ExprType.DOUBLE);
    }

    static Expr lit(String v) {
        return new Literal(v, ExprType.STRING);
    }

    static Expr lit(boolean v) {
        return new Literal(v, ExprType.BOOL);
    }

    static Expr lit(LocalDate v) {
        return new Literal(v, ExprType.DATE);
    }

    /** A NULL of {@code type}. */
    static Expr nullOf(ExprType type) {
        return new Literal(null, type);
    }

    static Expr add(Expr a, Expr b) {
        return new Arithmetic(ArithmeticOp.ADD, a, b);
    }

    static Expr sub(Expr a, Expr b) {
        return new Arithmetic(ArithmeticOp.SUBTRACT, a, b);
    }

    static Expr mul(Expr a, Expr b) {
        return new Arithmetic(ArithmeticOp.MULTIPLY, a, b);
    }

    static Expr div(Expr a, Expr b) {
        return new Arithmetic(ArithmeticOp.DIVIDE, a, b);
    }

    static Expr rem(Expr a, Expr b) {
        return new Arithmetic(ArithmeticOp.REMAINDER, a, b);
    }

    static Expr neg(Expr a) {
        return new Negate(a);
    }

    static Expr cast(Expr a, ExprType type) {
        return new Cast(a, type);
    }

    /** {@code CAST(a AS type)} between a date and a timestamp, in time zone {@code zone}. */
    static Expr cast(Expr a, ExprType type, String zone) {
        return new Cast(a, type, zone);
    }

    static Expr compare(Expr a, CompareOp op, Expr b) {
        return new Compare(op, a, b);
    }

    static Expr eq(Expr a, Expr b) {
        return new Compare(CompareOp.EQ, a, b);
    }

    static Expr lt(Expr a, Expr b) {
        return new Compare(CompareOp.LT, a, b);
    }

    static Expr gt(Expr a, Expr b) {
        return new Compare(CompareOp.GT, a, b);
    }

    static Expr and(Expr... operands) {
        return new And(List.of(operands));
    }

    static Expr or(Expr... operands) {
        return new Or(List.of(operands));
    }

    static Expr not(Expr a) {
        return new Not(a);
    }

    static Expr isNull(Expr a) {
        return new IsNull(a);
    }

    static When when(Expr condition, Expr value) {
        return new When(condition, value);
    }

    /** {@code CASE whens ELSE otherwise END}; {@code otherwise} null for no ELSE. */
    static Expr caseWhen(List<When> whens, Expr otherwise) {
        return new Case(whens, otherwise);
    }

    static Expr coalesce(Expr... operands) {
        return new Coalesce(List.of(operands));
    }

    static Expr in(Expr a, Expr... values) {
        return new In(a, List.of(values));
    }

    static Expr between(Expr a, Expr low, Expr high) {
        return new Between(a, low, high);
    }

    static Expr like(Expr a, String pattern) {
        return new Match(MatchOp.LIKE, a, pattern);
    }

    static Expr startsWith(Expr a, String prefix) {
        return new Match(MatchOp.STARTS_WITH, a, prefix);
    }

    static Expr endsWith(Expr a, String suffix) {
        return new Match(MatchOp.ENDS_WITH, a, suffix);
    }

    static Expr contains(Expr a, String part) {
        return new Match(MatchOp.CONTAINS, a, part);
    }

    static Expr keyLookup(Expr key, KeySet isTrue, KeySet isNull, String label) {
        return new KeyLookup(key, isTrue, isNull, label);
    }

    static Expr extract(DatePart part, Expr date) {
        return new Extract(part, date);
    }

    /** {@code EXTRACT(part FROM timestamp)} as a clock in {@code zone} shows it. */
    static Expr extract(DatePart part, Expr timestamp, String zone) {
        return new Extract(part, timestamp, zone);
    }

    /** The operands of this node (a CASE's conditions and values in order, its ELSE last), none for a leaf. */
    default List<Expr> children() {
        if (this instanceof Arithmetic a) {
            return List.of(a.left(), a.right());
        }
        if (this instanceof Negate n) {
            return List.of(n.operand());
        }
        if (this instanceof Cast c) {
            return List.of(c.operand());
        }
        if (this instanceof Compare c) {
            return List.of(c.left(), c.right());
        }
        if (this instanceof And a) {
            return a.operands();
        }
        if (this instanceof Or o) {
            return o.operands();
        }
        if (this instanceof Not n) {
            return List.of(n.operand());
        }
        if (this instanceof IsNull n) {
            return List.of(n.operand());
        }
        if (this instanceof Case c) {
            List<Expr> all = new ArrayList<>();
            c.whens().forEach(w -> {
                all.add(w.condition());
                all.add(w.value());
            });
            if (c.otherwise() != null) {
                all.add(c.otherwise());
            }
            return all;
        }
        if (this instanceof Coalesce c) {
            return c.operands();
        }
        if (this instanceof In in) {
            List<Expr> all = new ArrayList<>(List.of(in.operand()));
            all.addAll(in.values());
            return all;
        }
        if (this instanceof Between b) {
            return List.of(b.operand(), b.low(), b.high());
        }
        if (this instanceof Match m) {
            return List.of(m.operand());
        }
        if (this instanceof KeyLookup k) {
            return List.of(k.key());
        }
        return this instanceof Extract x ? List.of(x.operand()) : List.of();
    }

    /** Levels of the tree: 1 for a leaf. */
    default int depth() {
        return 1 + children().stream().mapToInt(Expr::depth).max().orElse(0);
    }

    /** SQL text of the tree, as plans and errors show it: {@code ((price * (1 - discount)) > 100)}. */
    static String sql(Expr e) {
        if (e instanceof Ref r) {
            return r.name();
        }
        if (e instanceof Literal l) {
            return literalSql(l);
        }
        if (e instanceof Arithmetic a) {
            return "(" + sql(a.left()) + " " + a.op().symbol() + " " + sql(a.right()) + ")";
        }
        if (e instanceof Negate n) {
            return "(- " + sql(n.operand()) + ")";
        }
        if (e instanceof Cast c) {
            return "CAST(" + sql(c.operand()) + " AS " + c.type() + inZone(c.zone()) + ")";
        }
        if (e instanceof Compare c) {
            return "(" + sql(c.left()) + " " + c.op().symbol() + " " + sql(c.right()) + ")";
        }
        if (e instanceof And a) {
            return a.operands().stream().map(Expr::sql).collect(Collectors.joining(" AND ", "(", ")"));
        }
        if (e instanceof Or o) {
            return o.operands().stream().map(Expr::sql).collect(Collectors.joining(" OR ", "(", ")"));
        }
        if (e instanceof Not n) {
            return "(NOT " + sql(n.operand()) + ")";
        }
        if (e instanceof IsNull n) {
            return "(" + sql(n.operand()) + " IS NULL)";
        }
        if (e instanceof Case c) {
            return "CASE" + c.whens().stream().map(w -> " WHEN " + sql(w.condition()) + " THEN " + sql(w.value()))
                    .collect(Collectors.joining()) + (c.otherwise() == null ? "" : " ELSE " + sql(c.otherwise())) + " END";
        }
        if (e instanceof Coalesce c) {
            return c.operands().stream().map(Expr::sql).collect(Collectors.joining(", ", "COALESCE(", ")"));
        }
        if (e instanceof In in) {
            return "(" + sql(in.operand()) + in.values().stream().map(Expr::sql).collect(Collectors.joining(", ", " IN (", "))"));
        }
        if (e instanceof Between b) {
            return "(" + sql(b.operand()) + " BETWEEN " + sql(b.low()) + " AND " + sql(b.high()) + ")";
        }
        if (e instanceof Match m) {
            return m.op() == MatchOp.LIKE ? "(" + sql(m.operand()) + " LIKE " + quoted(m.pattern()) + ")"
                    : m.op() + "(" + sql(m.operand()) + ", " + quoted(m.pattern()) + ")";
        }
        if (e instanceof KeyLookup k) {
            return "lookup(" + sql(k.key()) + ", " + k.label() + ", " + k.isTrue() + ")";
        }
        Extract x = (Extract) e;
        return "EXTRACT(" + x.part() + " FROM " + sql(x.operand()) + inZone(x.zone()) + ")";
    }

    private static String inZone(String zone) {
        return zone == null ? "" : " AT TIME ZONE '" + zone + "'";
    }

    private static String literalSql(Literal l) {
        Object v = l.value();
        if (v == null) {
            return "CAST(NULL AS " + l.type() + ")";
        }
        if (v instanceof String s) {
            return quoted(s);
        }
        if (v instanceof LocalDate d) {
            return "DATE '" + d + "'";
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString() + "BD";
        }
        if (v instanceof Boolean b) {
            return b ? "TRUE" : "FALSE";
        }
        return v instanceof Double d ? d + "D" : v.toString();
    }

    private static String quoted(String s) {
        return "'" + s.replace("'", "''") + "'";
    }
}
