package dev.ispd.plan;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.between;
import static dev.ispd.plan.Expr.compare;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.lt;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.sub;

import dev.ispd.bench.AlternatingRounds;
import dev.ispd.bench.AlternatingRounds.Figure;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The plan interpreter's scan rate over typed plans with expressions, against today's integer
 * plans over the same bytes and against the same computation as a plain Java loop, in one JVM:
 * N in-memory 32-byte lineitem-like records ({@code qty i32, price decimal(12,2) i64,
 * disc decimal(4,2) i32, tax decimal(4,2) i32, ship date, flag u8, status u8}, little-endian),
 * scanned in 1 MiB batches as a drive's slices are. Three queries:
 * <ul>
 *   <li>Q6: {@code SUM(price * disc) WHERE ship in 1994 AND disc BETWEEN 0.05 AND 0.07 AND qty < 24};
 *   <li>Q1: {@code GROUP BY flag, status: SUM(qty), SUM(price), SUM(price * (1 - disc)),
 *       SUM(price * (1 - disc) * (1 + tax)), COUNT(*) WHERE ship <= 1998-09-02};
 *   <li>filter: {@code COUNT(*) WHERE price * (1 - disc) > 50000};
 *   <li>wide: {@code SUM(price * disc)} with its product a 64-bit {@code decimal(17,4)}
 *       ({@code dec64}, the baseline) against the same sum over {@code CAST(price AS decimal(38,2))},
 *       whose product is a 128-bit {@code decimal(38,4)} ({@code dec38}: batches; {@code dec38/rec}:
 *       record by record), and against {@code SUM(price * (1 - disc) * (1 + tax))}, Q1's
 *       {@code decimal(38,6)} product of 64-bit operands ({@code q1-38}, which the baseline does not
 *       compute: a rate, not an answer, to compare).
 *   <li>case: TPC-H Q8's and Q14's shape, {@code SUM(CASE WHEN EXTRACT(YEAR FROM ship) = 1995 THEN
 *       price * (1 - disc) ELSE 0 END)} ({@code year-case}; {@code year-case/rec} record by record),
 *       {@code SUM(CASE WHEN disc > 0.05 THEN price * (1 - disc) ELSE 0 END)} ({@code case}), against
 *       {@code SUM(price * (1 - disc))} ({@code plain}, the baseline: the same product without the
 *       CASE).
 *   <li>strings: TPC-H Q12's and Q19's string predicates on a {@code char(6)} ship mode in the
 *       records' last 6 bytes, {@code COUNT(*) WHERE mode IN ('MAIL', 'SHIP') OR mode LIKE '%AI%'
 *       OR STARTS_WITH(mode, 'TR') OR CASE WHEN qty > 25 THEN mode ELSE 'FOB' END = 'RAIL'}
 *       ({@code expr}, {@code expr/rec}) against the Java loop ({@code java}, the baseline).
 *   <li>comments: TPC-H Q13's {@code COUNT(*) WHERE comment NOT LIKE '%special%requests%'} over
 *       N/4 records of a space-padded {@code char(79)} comment of TPC-H's words, 19 to 78 bytes
 *       ({@code expr}, {@code expr/rec}), against the Java loop ({@code java}, the baseline).
 * </ul>
 * Each runs as a typed plan whose WHERE is one expression ({@code expr}: the batch loop,
 * {@link BatchScan}; {@code expr/rec}: the same plan record by record, as before batches;
 * {@code expr/blocks}: the same plan over the records column-blocked, 8,192 to a block, reading
 * only its columns, {@link BlockedPlanTasklet}), as a typed plan whose
 * WHERE is today's field-vs-literal leaves with the expressions only in its aggregates
 * ({@code leaves}), as today's integer plan over the same bytes read as integers, which cannot
 * compute the products ({@code integer}: the same WHERE, SUM of the plain fields), and as a
 * hand-written Java loop computing the typed answer ({@code java}). Medians of R alternating
 * rounds, in million records per second, and each variant's ratio to the integer plan and to
 * the Java loop; the typed answers are checked against the Java loop's.
 *
 * <p>Run: {@code mvn -B -Pbench -pl tasklets -am verify -DskipTests} (2,000,000 records, 7
 * rounds; {@code -Dbench.args="4000000 9"} for others). The default build does not compile it.
 */
public final class ExprScanBenchmark {
    private static final int RECORD = 32;
    private static final int BATCH = 1 << 20;
    /** Records a block of the column-blocked copy holds ({@code expr/blocks}): 256 KiB blocks, each column 8-64 pages of 4 KiB. */
    private static final int BLOCK = 8192;
    private static final Layout TYPED = new Layout("lineitem", RECORD, List.of(
            new Field("qty", 0, 4, true, false, 0, 0, false, 0),
            Field.of("price", 4, 8, FieldType.decimal(12, 2), false),
            Field.of("disc", 12, 4, FieldType.decimal(4, 2), false),
            Field.of("tax", 16, 4, FieldType.decimal(4, 2), false),
            Field.of("ship", 20, 4, FieldType.DATE, false),
            Field.unsigned("flag", 24, 1),
            Field.unsigned("status", 25, 1)));
    private static final Layout INTEGER = new Layout("lineitem_int", RECORD, List.of(
            new Field("qty", 0, 4, true, false, 0, 0, false, 0),
            new Field("price", 4, 8, true, false, 0, 0, false, 0),
            new Field("disc", 12, 4, true, false, 0, 0, false, 0),
            new Field("tax", 16, 4, true, false, 0, 0, false, 0),
            new Field("ship", 20, 4, true, false, 0, 0, false, 0),
            Field.unsigned("flag", 24, 1),
            Field.unsigned("status", 25, 1)));
    private static final int D1994 = (int) LocalDate.of(1994, 1, 1).toEpochDay();
    private static final int D1995 = (int) LocalDate.of(1995, 1, 1).toEpochDay();
    private static final int D1996 = (int) LocalDate.of(1996, 1, 1).toEpochDay();
    private static final int D1998 = (int) LocalDate.of(1998, 9, 2).toEpochDay();
    /** The variant each query's rates are divided by, where it is not the integer plan. */
    private static final Map<String, String> BASELINES = Map.of("wide", "dec64", "case", "plain", "strings", "java");
    /** The variants that compute another answer than their query's Java loop: a rate to compare. */
    private static final Set<String> OTHER_SUMS = Set.of("q1-38", "plain", "case");

    private ExprScanBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        ByteBuffer data = records(n);
        ByteBuffer blocks = blocked(data, n);
        Map<String, Map<String, LongSupplier>> queries = new LinkedHashMap<>();
        queries.put("Q6", variants(q6Expr(), q6Leaves(), q6Integer(), () -> q6Java(data), data, blocks, n));
        queries.put("Q1", variants(q1Expr(), q1Leaves(), q1Integer(), () -> q1Java(data), data, blocks, n));
        queries.put("filter", variants(filterExpr(), null, filterInteger(), () -> filterJava(data), data, blocks, n));
        queries.put("wide", wideVariants(data));
        queries.put("case", caseVariants(data));
        queries.put("strings", stringVariants(withModes(data)));
        int commented = n / 4;
        System.out.printf("ExprScanBenchmark: %,d records of %d bytes (%d MiB), %d rounds, medians%n", n, RECORD,
                (long) n * RECORD >> 20, rounds);
        for (Map.Entry<String, Map<String, LongSupplier>> q : queries.entrySet()) {
            measure(q.getKey(), q.getValue(), n, rounds, BASELINES.getOrDefault(q.getKey(), "integer"));
        }
        measure("comments", commentVariants(comments(commented)), commented, rounds, "java");
    }

    private static Map<String, LongSupplier> variants(Plan expr, Plan leaves, Plan integer, LongSupplier java,
                                                      ByteBuffer data, ByteBuffer blocks, int n) {
        Map<String, LongSupplier> v = new LinkedHashMap<>();
        v.put("expr", () -> run(new PlanTasklet(expr, PlanLimits.HOST), data));
        v.put("expr/rec", () -> run(new PlanTasklet(expr, PlanLimits.HOST, false), data));
        v.put("expr/blocks", () -> runBlocks(expr, blocks, n));
        if (leaves != null) {
            v.put("leaves", () -> run(new PlanTasklet(leaves, PlanLimits.HOST), data));
        }
        v.put("integer", () -> run(new PlanTasklet(integer, PlanLimits.HOST), data));
        v.put("java", java);
        return v;
    }

    private static void measure(String query, Map<String, LongSupplier> variants, int n, int rounds, String baseline) {
        Map<String, Figure> figures = AlternatingRounds.run(variants, n, rounds);
        double base = figures.get(baseline).millionsPerSecond();
        double java = figures.get("java").millionsPerSecond();
        long javaAnswer = figures.get("java").answer();
        System.out.printf("%n%s%n  %-13s %12s %12s %12s  %s%n", query, "variant", "M rec/s", "/ " + baseline,
                "/ java", "answer");
        figures.forEach((k, f) -> System.out.printf("  %-13s %12.1f %12.2f %12.2f  %d%s%n", k, f.millionsPerSecond(),
                f.millionsPerSecond() / base, f.millionsPerSecond() / java, f.answer(),
                k.equals("integer") ? " (plain fields)"
                        : OTHER_SUMS.contains(k) ? " (another sum)"
                        : f.answer() == javaAnswer ? " (= java)" : " (DIFFERS from java)"));
    }

    /** The interpreter run over the data in slices of whole records of up to 1 MiB; its answer folded into one long. */
    private static long run(PlanTasklet t, ByteBuffer data) {
        Meter meter = new Meter();
        int step = BATCH - BATCH % t.recordSize();
        for (int at = 0; at < data.capacity(); at += step) {
            ByteBuffer slice = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            slice.limit(Math.min(data.capacity(), at + step)).position(at);
            t.scan(slice, 1, at, meter);
        }
        return fold(t, meter);
    }

    /** The tasklet finished, its answer folded into one long. */
    private static long fold(Tasklet t, Meter meter) {
        ResultSink out = new ResultSink();
        t.finish(out, meter);
        long folded = 0;
        for (long[] row : PlanResult.decode(out.toByteArray()).rows()) {
            folded = fold(folded, row);
        }
        return folded;
    }

    /**
     * The plan over the records column-blocked ({@link #BLOCK} to a block), reading only the
     * columns it needs, as a drive reads the extents {@link BlockLayout#extents} lists: each in
     * slices of at most 1 MiB.
     */
    private static long runBlocks(Plan plan, ByteBuffer blocks, int n) {
        List<Field> fields = PlanSources.fields(plan);
        BlockedPlanTasklet t = new BlockedPlanTasklet(new PlanTasklet(plan, PlanLimits.HOST),
                new BlockLayout(plan.layout(), BLOCK), fields, n);
        Meter meter = new Meter();
        for (Extent e : new BlockLayout(plan.layout(), BLOCK).extents(1, 0, n, fields)) {
            for (long at = e.offset(); at < e.end(); at += BATCH) {
                ByteBuffer slice = blocks.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                slice.limit((int) Math.min(e.end(), at + BATCH)).position((int) at);
                t.scan(slice, 1, at, meter);
            }
        }
        return fold(t, meter);
    }

    /** The {@code n} records of {@code data} column-blocked, {@link #BLOCK} to a block. */
    private static ByteBuffer blocked(ByteBuffer data, int n) {
        BlockLayout layout = new BlockLayout(TYPED, BLOCK);
        ByteBuffer out = ByteBuffer.allocateDirect(n * RECORD).order(ByteOrder.LITTLE_ENDIAN);
        for (int first = 0; first < n; first += BLOCK) {
            layout.toBlock(data, first * RECORD, Math.min(BLOCK, n - first), out);
        }
        return out;
    }

    /** An order-independent hash of a result row's words. */
    private static long fold(long folded, long[] row) {
        return folded + Arrays.hashCode(row) * 0x9E3779B97F4A7C15L;
    }

    private static ByteBuffer records(int n) {
        ByteBuffer b = ByteBuffer.allocateDirect(n * RECORD).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(20);
        for (int i = 0; i < n; i++) {
            int at = i * RECORD;
            b.putInt(at, 1 + r.nextInt(50));
            b.putLong(at + 4, 90_000 + r.nextInt(10_410_000));
            b.putInt(at + 12, r.nextInt(11));
            b.putInt(at + 16, r.nextInt(9));
            b.putInt(at + 20, 8_035 + r.nextInt(2_557));
            b.put(at + 24, (byte) r.nextInt(3));
            b.put(at + 25, (byte) r.nextInt(2));
        }
        return b;
    }

    private static BigDecimal dec(String s) {
        return new BigDecimal(s);
    }

    // Q6 --------------------------------------------------------------------------------------

    private static Plan q6Expr() {
        return Plan.aggregate(TYPED, Predicate.holds(Expr.and(
                compare(field("ship"), CompareOp.GE, lit(LocalDate.ofEpochDay(D1994))),
                lt(field("ship"), lit(LocalDate.ofEpochDay(D1995))),
                between(field("disc"), lit(dec("0.05")), lit(dec("0.07"))),
                lt(field("qty"), lit(24)))), List.of(), List.of(Aggregate.sum(mul(field("price"), field("disc")))));
    }

    private static Plan q6Leaves() {
        return Plan.aggregate(TYPED, Predicate.and(Predicate.compare("ship", CompareOp.GE, D1994),
                Predicate.compare("ship", CompareOp.LT, D1995), Predicate.between("disc", 5, 7),
                Predicate.compare("qty", CompareOp.LT, 24)), List.of(),
                List.of(Aggregate.sum(mul(field("price"), field("disc")))));
    }

    private static Plan q6Integer() {
        return Plan.aggregate(INTEGER, Predicate.and(Predicate.compare("ship", CompareOp.GE, D1994),
                Predicate.compare("ship", CompareOp.LT, D1995), Predicate.between("disc", 5, 7),
                Predicate.compare("qty", CompareOp.LT, 24)), List.of(), List.of(Aggregate.sum("price")));
    }

    private static long q6Java(ByteBuffer b) {
        long sum = 0;
        long count = 0;
        for (int at = 0; at < b.capacity(); at += RECORD) {
            int ship = b.getInt(at + 20);
            int disc = b.getInt(at + 12);
            if (ship >= D1994 && ship < D1995 && disc >= 5 && disc <= 7 && b.getInt(at) < 24) {
                sum = Math.addExact(sum, Math.multiplyExact(b.getLong(at + 4), disc));
                count++;
            }
        }
        return fold(0, new long[] {sum, 0, count});
    }

    // Q1 --------------------------------------------------------------------------------------

    private static final Expr DISC_PRICE = mul(field("price"), sub(lit(1), field("disc")));
    private static final Expr CHARGE = mul(DISC_PRICE, add(lit(1), field("tax")));

    private static Plan q1Expr() {
        return Plan.aggregate(TYPED, Predicate.holds(compare(field("ship"), CompareOp.LE,
                lit(LocalDate.ofEpochDay(D1998)))), List.of("flag", "status"), q1Aggregates());
    }

    private static Plan q1Leaves() {
        return Plan.aggregate(TYPED, Predicate.compare("ship", CompareOp.LE, D1998), List.of("flag", "status"),
                q1Aggregates());
    }

    private static List<Aggregate> q1Aggregates() {
        return List.of(Aggregate.sum(field("qty")), Aggregate.sum(field("price")), Aggregate.sum(DISC_PRICE),
                Aggregate.sum(CHARGE), Aggregate.countStar());
    }

    private static Plan q1Integer() {
        return Plan.aggregate(INTEGER, Predicate.compare("ship", CompareOp.LE, D1998), List.of("flag", "status"),
                List.of(Aggregate.sum("qty"), Aggregate.sum("price"), Aggregate.countStar()));
    }

    private static long q1Java(ByteBuffer b) {
        // per group (flag, status), in order of first appearance: the plan's words for the five aggregates
        int[] order = new int[6];
        int groups = 0;
        long[][] acc = new long[6][];
        for (int at = 0; at < b.capacity(); at += RECORD) {
            if (b.getInt(at + 20) > D1998) {
                continue;
            }
            int g = b.get(at + 24) * 2 + b.get(at + 25);
            long[] a = acc[g];
            if (a == null) {
                a = acc[g] = new long[11];
                order[groups++] = g;
            }
            long qty = b.getInt(at);
            long price = b.getLong(at + 4);
            long discPrice = Math.multiplyExact(price, 100 - b.getInt(at + 12));
            long charge = Math.multiplyExact(discPrice, 100 + b.getInt(at + 16));
            a[0] += qty;
            a[1]++;
            a[2] += price;
            a[4] += discPrice;
            a[6] += charge;
            a[8]++;
            a[9]++;
            a[10]++;
        }
        long folded = 0;
        for (int i = 0; i < groups; i++) {
            long[] a = acc[order[i]];
            // price: decimal(12,2) sums as decimal(22,2), two words; the products' sums likewise
            folded = fold(folded, new long[] {order[i] / 2, order[i] % 2, a[0], a[1], a[2], 0, a[1], a[4], 0, a[1],
                a[6], 0, a[1], a[10]});
        }
        return folded;
    }

    // filter ----------------------------------------------------------------------------------

    private static Plan filterExpr() {
        return Plan.aggregate(TYPED, Predicate.holds(gt(DISC_PRICE, lit(50_000))), List.of(),
                List.of(Aggregate.countStar()));
    }

    private static Plan filterInteger() {
        return Plan.aggregate(INTEGER, Predicate.compare("price", CompareOp.GT, 5_000_000), List.of(),
                List.of(Aggregate.countStar()));
    }

    private static long filterJava(ByteBuffer b) {
        long count = 0;
        for (int at = 0; at < b.capacity(); at += RECORD) {
            if (Math.multiplyExact(b.getLong(at + 4), 100 - b.getInt(at + 12)) > 50_000L * 10_000) {
                count++;
            }
        }
        return fold(0, new long[] {count});
    }

    // strings ---------------------------------------------------------------------------------

    private static final String[] MODES = {"AIR", "MAIL", "SHIP", "TRUCK", "RAIL", "FOB", "REG AI"};
    private static final Layout MODED = new Layout("lineitem_modes", RECORD, List.of(
            new Field("qty", 0, 4, true, false, 0, 0, false, 0), Field.of("mode", 26, 6, FieldType.chars(true), false)));

    /** {@code data} with a ship mode, zero-padded, in each record's bytes 26 to 31 (which the other queries do not read). */
    private static ByteBuffer withModes(ByteBuffer data) {
        Random r = new Random(21);
        for (int at = 0; at < data.capacity(); at += RECORD) {
            byte[] mode = MODES[r.nextInt(MODES.length)].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (int i = 0; i < 6; i++) {
                data.put(at + 26 + i, i < mode.length ? mode[i] : 0);
            }
        }
        return data;
    }

    private static Map<String, LongSupplier> stringVariants(ByteBuffer data) {
        Plan strings = Plan.aggregate(MODED, Predicate.holds(Expr.or(
                Expr.in(field("mode"), lit("MAIL"), lit("SHIP")), Expr.like(field("mode"), "%AI%"),
                Expr.startsWith(field("mode"), "TR"), Expr.eq(Expr.caseWhen(List.of(Expr.when(gt(field("qty"), lit(25)),
                        field("mode"))), lit("FOB")), lit("RAIL")))), List.of(), List.of(Aggregate.countStar()));
        return batchesAndRecords(strings, data, () -> stringsJava(data));
    }

    /** {@code plan} over {@code data} in batches ({@code expr}) and record by record ({@code expr/rec}), and {@code java}. */
    private static Map<String, LongSupplier> batchesAndRecords(Plan plan, ByteBuffer data, LongSupplier java) {
        Map<String, LongSupplier> v = new LinkedHashMap<>();
        v.put("expr", () -> run(new PlanTasklet(plan, PlanLimits.HOST), data));
        v.put("expr/rec", () -> run(new PlanTasklet(plan, PlanLimits.HOST, false), data));
        v.put("java", java);
        return v;
    }

    private static long stringsJava(ByteBuffer b) {
        long count = 0;
        for (int at = 0; at < b.capacity(); at += RECORD) {
            int n = 6;
            while (n > 0 && b.get(at + 26 + n - 1) == 0) {
                n--;
            }
            boolean contains = false;
            for (int i = 0; i + 1 < n && !contains; i++) {
                contains = b.get(at + 26 + i) == 'A' && b.get(at + 27 + i) == 'I';
            }
            if (is(b, at, n, "MAIL") || is(b, at, n, "SHIP") || contains
                    || n >= 2 && b.get(at + 26) == 'T' && b.get(at + 27) == 'R'
                    || b.getInt(at) > 25 && is(b, at, n, "RAIL")) {
                count++;
            }
        }
        return fold(0, new long[] {count});
    }

    /** Whether record {@code at}'s mode, {@code n} bytes, is {@code s}. */
    private static boolean is(ByteBuffer b, int at, int n, String s) {
        if (n != s.length()) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (b.get(at + 26 + i) != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    // comments --------------------------------------------------------------------------------

    private static final int COMMENT = 79;
    private static final Layout COMMENTED = new Layout("orders_comments", COMMENT + 1, List.of(
            Field.of("comment", 0, COMMENT, FieldType.chars(false), false)));
    private static final String[] WORDS = {"special", "requests", "furiously", "carefully", "final", "deposits",
        "ironic", "accounts", "sleep", "quickly", "pending", "packages", "haggle", "blithely", "express", "regular"};

    /** {@code n} records of a comment of {@link #WORDS}, 19 to 78 bytes, padded with spaces. */
    private static ByteBuffer comments(int n) {
        ByteBuffer b = ByteBuffer.allocateDirect(n * (COMMENT + 1));
        Random r = new Random(22);
        for (int i = 0; i < n; i++) {
            StringBuilder c = new StringBuilder();
            for (int length = 19 + r.nextInt(60); c.length() < length; ) {
                c.append(WORDS[r.nextInt(WORDS.length)]).append(' ');
            }
            byte[] bytes = c.toString().trim().getBytes(java.nio.charset.StandardCharsets.US_ASCII);
            for (int k = 0; k < COMMENT; k++) {
                b.put(i * (COMMENT + 1) + k, k < bytes.length ? bytes[k] : (byte) ' ');
            }
        }
        return b;
    }

    private static Map<String, LongSupplier> commentVariants(ByteBuffer data) {
        Plan q13 = Plan.aggregate(COMMENTED, Predicate.holds(Expr.not(Expr.like(field("comment"),
                "%special%requests%"))), List.of(), List.of(Aggregate.countStar()));
        return batchesAndRecords(q13, data, () -> commentsJava(data));
    }

    private static long commentsJava(ByteBuffer b) {
        byte[] special = "special".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] requests = "requests".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] comment = new byte[COMMENT];
        long count = 0;
        for (int at = 0; at < b.capacity(); at += COMMENT + 1) {
            b.get(at, comment, 0, COMMENT);
            int n = COMMENT;
            while (n > 0 && comment[n - 1] == ' ') {
                n--;
            }
            int s = indexOf(comment, 0, n, special);
            if (s < 0 || indexOf(comment, s + special.length, n, requests) < 0) {
                count++;
            }
        }
        return fold(0, new long[] {count});
    }

    private static int indexOf(byte[] s, int from, int end, byte[] part) {
        for (int at = from; at + part.length <= end; at++) {
            if (Arrays.equals(s, at, at + part.length, part, 0, part.length)) {
                return at;
            }
        }
        return -1;
    }

    // wide ------------------------------------------------------------------------------------

    private static Map<String, LongSupplier> wideVariants(ByteBuffer data) {
        Plan dec64 = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(mul(field("price"), field("disc")))));
        Plan dec38 = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(
                mul(Expr.cast(field("price"), ExprType.decimal(38, 2)), field("disc")))));
        Plan q1 = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(CHARGE)));
        Map<String, LongSupplier> v = new LinkedHashMap<>();
        v.put("dec64", () -> run(new PlanTasklet(dec64, PlanLimits.HOST), data));
        v.put("dec38", () -> run(new PlanTasklet(dec38, PlanLimits.HOST), data));
        v.put("dec38/rec", () -> run(new PlanTasklet(dec38, PlanLimits.HOST, false), data));
        v.put("q1-38", () -> run(new PlanTasklet(q1, PlanLimits.HOST), data));
        v.put("java", () -> wideJava(data));
        return v;
    }

    /** SUM(price * disc) as the plans write it: the 128-bit sum's two words (its high one 0 here) and the count. */
    private static long wideJava(ByteBuffer b) {
        long sum = 0;
        int n = b.capacity() / RECORD;
        for (int i = 0; i < n; i++) {
            int at = i * RECORD;
            sum += b.getLong(at + 4) * b.getInt(at + 12);
        }
        return fold(0, new long[] {sum, sum >> 63, n});
    }

    // case ------------------------------------------------------------------------------------

    private static Map<String, LongSupplier> caseVariants(ByteBuffer data) {
        Plan plain = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(DISC_PRICE)));
        Plan yearCase = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(Expr.caseWhen(List.of(Expr.when(
                Expr.eq(Expr.extract(Expr.DatePart.YEAR, field("ship")), lit(1995)), DISC_PRICE)), lit(0)))));
        Plan discCase = Plan.aggregate(TYPED, null, List.of(), List.of(Aggregate.sum(Expr.caseWhen(List.of(Expr.when(
                gt(field("disc"), lit(dec("0.05"))), DISC_PRICE)), lit(0)))));
        Map<String, LongSupplier> v = new LinkedHashMap<>();
        v.put("plain", () -> run(new PlanTasklet(plain, PlanLimits.HOST), data));
        v.put("year-case", () -> run(new PlanTasklet(yearCase, PlanLimits.HOST), data));
        v.put("year-case/rec", () -> run(new PlanTasklet(yearCase, PlanLimits.HOST, false), data));
        v.put("case", () -> run(new PlanTasklet(discCase, PlanLimits.HOST), data));
        v.put("java", () -> yearCaseJava(data));
        return v;
    }

    /** The year-case sum as the plans write it: the 128-bit sum's two words and the count. */
    private static long yearCaseJava(ByteBuffer b) {
        long sum = 0;
        int n = b.capacity() / RECORD;
        for (int i = 0; i < n; i++) {
            int at = i * RECORD;
            int ship = b.getInt(at + 20);
            if (ship >= D1995 && ship < D1996) {
                sum += b.getLong(at + 4) * (100 - b.getInt(at + 12));
            }
        }
        return fold(0, new long[] {sum, sum >> 63, n});
    }
}
