package dev.ispd.plan;

import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The interpreter's CPU per record for the drives' parts of TPC-H Q19, Q14, Q6 and Q1 over
 * 153-byte lineitem-like records in rows, as a drive scans them (a direct buffer, 1 MiB slices):
 * {@code partkey i64, qty i32, price i64, disc i64, ship i32, flag char(1), status char(1)} and
 * four {@code decimal(15,2)}s. Q19's rows {@code WHERE partkey IN (485 keys) AND qty BETWEEN 1 AND
 * 30}, Q14's {@code WHERE ship} in a month, Q6's {@code WHERE} of a year, a BETWEEN and a
 * {@code <} (rows out, without its SUM), and Q1's {@code GROUP BY flag, status} of 128-bit sums
 * of products. Each plan's CPU time on its thread ({@code ThreadMXBean}: what the machine's load
 * leaves alone, unlike wall clock), the best of R runs over N records, in ns a record, with the
 * result's bytes (the same for every build of the interpreter: compare two builds' figures).
 * Then TPC-H's lineitem itself (its recorded 153-byte layout, docs/tpch.md) with the plans Spark
 * pushes for Q6 (its WHERE and {@code SUM(l_extendedprice * l_discount)}), Q12 (its WHERE of a
 * string IN, two column comparisons and a date range; rows out) and Q19 (the 485 parts' keys'
 * {@code IN} first, then its string tests and quantity range; rows out), in rows and in
 * column-blocked records of 65,536 ({@link BlockedPlanTasklet}, fed each block's columns as a
 * drive's extents hold them).
 *
 * <p>Run: {@code mvn -B -Pbench -pl tasklets -am verify -DskipTests
 * -Dbench.main=dev.ispd.plan.PlanCpuBenchmark -Dbench.args="1000000 15"} (records, runs); a third
 * argument, such as {@code Q12} or {@code Q6,Q19}, runs those TPC-H plans alone (to profile one).
 */
public final class PlanCpuBenchmark {
    private PlanCpuBenchmark() {
    }

    public static void main(String[] args) throws IOException, BadParameterException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        if (args.length > 2) {
            lineitem(n, runs, List.of(args[2].split(",")));
            return;
        }
        int size = 153;
        Layout l = new Layout("li", size, List.of(new Field("partkey", 0, 8, true, false, 0, 0, false, 0),
                new Field("qty", 8, 4, true, false, 0, 0, false, 0), new Field("price", 16, 8, true, false, 0, 0, false, 0),
                new Field("disc", 24, 8, true, false, 0, 0, false, 0), new Field("ship", 32, 4, true, false, 0, 0, false, 0),
                Field.of("flag", 40, 1, FieldType.chars(false), false), Field.of("status", 41, 1, FieldType.chars(false), false),
                Field.of("dqty", 44, 8, FieldType.decimal(15, 2), false), Field.of("dprice", 52, 8, FieldType.decimal(15, 2), false),
                Field.of("ddisc", 60, 8, FieldType.decimal(15, 2), false), Field.of("dtax", 68, 8, FieldType.decimal(15, 2), false)));
        ByteBuffer data = ByteBuffer.allocateDirect(n * size).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(1);
        for (int i = 0; i < n; i++) {
            int at = i * size;
            data.putLong(at, 1 + r.nextInt(200_000)).putInt(at + 8, 1 + r.nextInt(50)).putLong(at + 16, r.nextInt(10_000_000))
                    .putLong(at + 24, r.nextInt(11)).putInt(at + 32, 8_000 + r.nextInt(2_557));
            data.put(at + 40, (byte) "ANR".charAt(r.nextInt(3))).put(at + 41, (byte) "FO".charAt(r.nextInt(2)));
            data.putLong(at + 44, 100 * (1 + r.nextInt(50))).putLong(at + 52, 90_000 + r.nextInt(10_000_000))
                    .putLong(at + 60, r.nextInt(11)).putLong(at + 68, r.nextInt(9));
        }
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < 485; i++) {
            keys.add((long) (1 + r.nextInt(200_000)));
        }
        Plan q19 = Plan.rows(l, new Predicate.And(List.of(new Predicate.In("partkey", keys), new Predicate.Between("qty", 1, 30))),
                List.of("partkey", "price", "disc"));
        Plan q14 = Plan.rows(l, new Predicate.And(List.of(new Predicate.Compare("ship", CompareOp.GE, 9_374),
                new Predicate.Compare("ship", CompareOp.LT, 9_404))), List.of("partkey", "price", "disc"));
        Plan q6 = Plan.rows(l, new Predicate.And(List.of(new Predicate.Compare("ship", CompareOp.GE, 8_766),
                new Predicate.Compare("ship", CompareOp.LT, 9_131), new Predicate.Between("disc", 5, 7),
                new Predicate.Compare("qty", CompareOp.LT, 24))), List.of("price", "disc"));
        Expr discPrice = Expr.mul(Expr.field("dprice"), Expr.sub(Expr.lit(1), Expr.field("ddisc")));
        Plan q1 = Plan.aggregate(l, new Predicate.Compare("ship", CompareOp.LE, 10_471), List.of("flag", "status"),
                List.of(Aggregate.sum(Expr.field("dqty")), Aggregate.sum(Expr.field("dprice")), Aggregate.sum(discPrice),
                        Aggregate.sum(Expr.mul(discPrice, Expr.add(Expr.lit(1), Expr.field("dtax")))),
                        Aggregate.avg(Expr.field("dqty")), Aggregate.countStar()));
        String[] names = {"Q19-like rows: IN of 485 keys AND BETWEEN", "Q14-like rows: a date range",
                "Q6-like rows: date range, BETWEEN, <", "Q1-like: char(1) keys, wide sums"};
        int q = 0;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (Plan p : List.of(q19, q14, q6, q1)) {
            long best = Long.MAX_VALUE;
            int out = 0;
            for (int round = 0; round < runs; round++) {
                PlanTasklet t = new PlanTasklet(p, PlanLimits.HOST);
                Meter m = new Meter();
                long t0 = mx.getCurrentThreadCpuTime();
                int slice = (1 << 20) / size * size;
                for (int at = 0; at < n * size; at += slice) {
                    ByteBuffer s = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                    s.position(at).limit(Math.min(n * size, at + slice));
                    t.scan(s, 1, at, m);
                }
                ResultSink sink = new ResultSink(ResultSink.HOST_LIMIT);
                t.finish(sink, m);
                best = Math.min(best, mx.getCurrentThreadCpuTime() - t0);
                out = sink.size();
            }
            System.out.printf("%-45s %8.2f ns a record (best of %d), %d result bytes%n", names[q++], (double) best / n, runs, out);
        }
        lineitem(n, runs, List.of("Q6", "Q12", "Q19"));
    }

    /** lineitem as `bin/ispd tpch` records it. */
    private static final String LINEITEM = "l_orderkey i64 le @0, l_partkey i64 le @8, l_suppkey i64 le @16, "
            + "l_linenumber i32 le @24, l_quantity decimal(15,2) le @28, l_extendedprice decimal(15,2) le @36, "
            + "l_discount decimal(15,2) le @44, l_tax decimal(15,2) le @52, l_returnflag char(1) zero @60, "
            + "l_linestatus char(1) zero @61, l_shipdate date le @62, l_commitdate date le @66, "
            + "l_receiptdate date le @70, l_shipinstruct char(25) zero @74, l_shipmode char(10) zero @99, "
            + "l_comment char(44) zero @109";
    private static final int BLOCK = 65_536;

    /** The TPC-H plans over {@code n} lineitem records drawn as dbgen draws their columns, in rows and in blocks. */
    private static void lineitem(int n, int runs, List<String> queries) throws IOException, BadParameterException {
        Layout l = LayoutDdl.parse("lineitem", LINEITEM, 153, "PlanCpuBenchmark");
        int size = l.recordSize();
        ByteBuffer data = ByteBuffer.allocateDirect(n * size).order(ByteOrder.LITTLE_ENDIAN);
        Random r = new Random(2);
        String[] instructs = {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"};
        String[] modes = {"REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB"};
        for (int i = 0; i < n; i++) {
            int at = i * size;
            int order = 8_035 + r.nextInt(2_405); // 1992-01-01 to 1998-08-02
            int ship = order + 1 + r.nextInt(121);
            data.putLong(at, 1 + i / 4).putLong(at + 8, 1 + r.nextInt(200_000)).putLong(at + 16, 1 + r.nextInt(10_000))
                    .putInt(at + 24, 1 + i % 4).putLong(at + 28, 100L * (1 + r.nextInt(50)))
                    .putLong(at + 36, 90_000 + r.nextInt(10_000_000)).putLong(at + 44, r.nextInt(11)).putLong(at + 52, r.nextInt(9));
            data.put(at + 60, (byte) "RAN".charAt(r.nextInt(3))).put(at + 61, (byte) "OF".charAt(r.nextInt(2)));
            data.putInt(at + 62, ship).putInt(at + 66, order + 30 + r.nextInt(61)).putInt(at + 70, ship + 1 + r.nextInt(30));
            data.put(at + 74, instructs[r.nextInt(4)].getBytes(StandardCharsets.UTF_8));
            data.put(at + 99, modes[r.nextInt(7)].getBytes(StandardCharsets.UTF_8));
        }
        List<Long> parts = new ArrayList<>();
        for (int i = 0; i < 485; i++) {
            parts.add((long) (1 + r.nextInt(200_000)));
        }
        Plan q6 = Plan.aggregate(l, Predicate.and(Predicate.compare("l_shipdate", CompareOp.GE, 8_766),
                Predicate.compare("l_shipdate", CompareOp.LT, 9_131), Predicate.compare("l_discount", CompareOp.GE, 5),
                Predicate.compare("l_discount", CompareOp.LE, 7), Predicate.compare("l_quantity", CompareOp.LT, 2_400)),
                List.of(), List.of(Aggregate.sum(Expr.mul(Expr.field("l_extendedprice"), Expr.field("l_discount")))));
        Plan q12 = Plan.rows(l, Predicate.and(Predicate.or(Predicate.compare("l_shipmode", CompareOp.EQ, "MAIL"),
                        Predicate.compare("l_shipmode", CompareOp.EQ, "SHIP")),
                Predicate.holds(Expr.compare(Expr.field("l_commitdate"), CompareOp.LT, Expr.field("l_receiptdate"))),
                Predicate.holds(Expr.compare(Expr.field("l_shipdate"), CompareOp.LT, Expr.field("l_commitdate"))),
                Predicate.compare("l_receiptdate", CompareOp.GE, 8_766), Predicate.compare("l_receiptdate", CompareOp.LT, 9_131)),
                List.of("l_orderkey", "l_shipmode"));
        Plan q19 = Plan.rows(l, Predicate.and(new Predicate.In("l_partkey", parts),
                Predicate.compare("l_shipinstruct", CompareOp.EQ, "DELIVER IN PERSON"),
                Predicate.or(Predicate.compare("l_shipmode", CompareOp.EQ, "AIR"), Predicate.compare("l_shipmode", CompareOp.EQ, "AIR REG")),
                Predicate.compare("l_quantity", CompareOp.GE, 100), Predicate.compare("l_quantity", CompareOp.LE, 3_000)),
                List.of("l_partkey", "l_quantity", "l_extendedprice", "l_discount"));
        BlockLayout blocks = new BlockLayout(l, BLOCK);
        ByteBuffer blocked = blocked(data, n * size, blocks);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        String[] queryNames = {"Q6", "Q12", "Q19"};
        String[] names = {"TPC-H Q6 (WHERE, SUM of a product)", "TPC-H Q12 (string IN, columns compared)",
                "TPC-H Q19 (485 keys' IN, strings)"};
        List<Plan> plans = List.of(q6, q12, q19);
        for (int q = 0; q < plans.size(); q++) {
            if (!queries.contains(queryNames[q])) {
                continue;
            }
            Plan p = plans.get(q);
            long bestRows = Long.MAX_VALUE;
            long bestBlocks = Long.MAX_VALUE;
            int out = 0;
            int outBlocks = 0;
            for (int round = 0; round < runs; round++) {
                long t0 = mx.getCurrentThreadCpuTime();
                out = scanRows(new PlanTasklet(p, PlanLimits.HOST), data, n * size, size);
                long t1 = mx.getCurrentThreadCpuTime();
                Tasklet t = PlanSources.tasklet(p, PlanLimits.HOST, Params.of(PlanSources.BLOCK, Integer.toString(BLOCK),
                        PlanSources.RECORDS, Integer.toString(n)));
                outBlocks = scanExtents(t, blocked, blocks.extents(1, 0, n, PlanSources.fields(p)));
                long t2 = mx.getCurrentThreadCpuTime();
                bestRows = Math.min(bestRows, t1 - t0);
                bestBlocks = Math.min(bestBlocks, t2 - t1);
            }
            System.out.printf("%-45s %8.2f ns a record in rows, %8.2f in blocks (best of %d), %d / %d result bytes%n",
                    names[q], (double) bestRows / n, (double) bestBlocks / n, runs, out, outBlocks);
        }
    }

    /** Runs {@code t} over the records of {@code data}, in 1 MiB slices of whole records; the result's bytes. */
    private static int scanRows(Tasklet t, ByteBuffer data, int bytes, int size) {
        Meter m = new Meter();
        int slice = (1 << 20) / size * size;
        for (int at = 0; at < bytes; at += slice) {
            ByteBuffer s = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            s.position(at).limit(Math.min(bytes, at + slice));
            t.scan(s, 1, at, m);
        }
        ResultSink sink = new ResultSink(ResultSink.HOST_LIMIT);
        t.finish(sink, m);
        return sink.size();
    }

    /** Runs {@code t} over {@code extents} of {@code data}, each in slices of at most 1 MiB as a drive's batches; the result's bytes. */
    private static int scanExtents(Tasklet t, ByteBuffer data, List<Extent> extents) {
        Meter m = new Meter();
        for (Extent e : extents) {
            for (long at = e.offset(); at < e.offset() + e.length(); at += 1 << 20) {
                ByteBuffer s = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
                s.position((int) at).limit((int) Math.min(e.offset() + e.length(), at + (1 << 20)));
                t.scan(s, e.objectId(), at, m);
            }
        }
        ResultSink sink = new ResultSink(ResultSink.HOST_LIMIT);
        t.finish(sink, m);
        return sink.size();
    }

    /** The records of {@code data} column-blocked, as `bin/ispd tpch` writes them into osd://, in a direct buffer. */
    private static ByteBuffer blocked(ByteBuffer data, int bytes, BlockLayout blocks) throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream(bytes);
        BlockedOutput out = new BlockedOutput(b, blocks);
        byte[] rows = new byte[bytes];
        data.get(0, rows);
        out.write(rows, 0, bytes);
        out.finish();
        return ByteBuffer.allocateDirect(bytes).order(ByteOrder.LITTLE_ENDIAN).put(0, b.toByteArray());
    }
}
