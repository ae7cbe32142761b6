package dev.ispd.plan;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
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
 *
 * <p>Run: {@code mvn -B -Pbench -pl tasklets -am verify -DskipTests
 * -Dbench.main=dev.ispd.plan.PlanCpuBenchmark -Dbench.args="1000000 15"} (records, runs).
 */
public final class PlanCpuBenchmark {
    private PlanCpuBenchmark() {
    }

    public static void main(String[] args) {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
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
    }
}
