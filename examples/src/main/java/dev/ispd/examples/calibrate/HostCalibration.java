package dev.ispd.examples.calibrate;

import static dev.ispd.plan.Expr.add;
import static dev.ispd.plan.Expr.and;
import static dev.ispd.plan.Expr.between;
import static dev.ispd.plan.Expr.compare;
import static dev.ispd.plan.Expr.contains;
import static dev.ispd.plan.Expr.endsWith;
import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.in;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.lt;
import static dev.ispd.plan.Expr.mul;
import static dev.ispd.plan.Expr.or;
import static dev.ispd.plan.Expr.startsWith;
import static dev.ispd.plan.Expr.sub;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Comparison;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.Predicate;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.builtin.FilterFactory;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Measures what the host's scan path costs on this machine: the built-ins and the plan
 * interpreter run with {@link HostRunner} (the code host splits run) over data in memory, each a
 * few times after two warm-up rounds of all of them, and a non-negative least-squares fit of
 * their median times over their metered work gives a cost per unit of each metered operation
 * ({@link NonNegativeFit}). A run's time is the CPU time of the thread that runs it: on a quiet
 * machine its wall time, on a busy one the part of it that was this work's, not other
 * processes' (a host split's CPU time is what the host profile prices). The data: generated WorldCup98 entries at 32 and 256 B (so that
 * records and bytes vary apart), scanned by the built-ins and by plans of the same queries; and
 * TPC-H lineitem-shaped rows ({@link LineitemSample}), as records and as Parquet, scanned by Q1's
 * and Q6's typed plans (decimal products, one of them 128-bit), and TPC-H's string predicates
 * over char(N) columns ({@link StringSample}), and Q6 and a string IN over Parquet files of other
 * formats ({@link ParquetSample}), so that the interpreter's own units (expression nodes, wide
 * nodes, string comparisons, packed keys, Parquet values decoded by kind, compressed bytes by
 * codec, records and rows its per-record loop handled) vary apart too.
 */
final class HostCalibration {
    /** The entry sizes of the data the workloads scan: the paper's smallest padded one and its largest. */
    static final List<Integer> ENTRY_SIZES = List.of(32, 256);
    private static final int RUNS = 5;
    /** About how long a workload runs in each round: a shorter one runs again, back to back. */
    private static final long ROUND_NS = 25_000_000;
    /** The most runs of one workload in a round. */
    private static final int REPEATS = 8;
    /**
     * A run slower than this many times its workload's median was not the workload's doing: the
     * clock jumped or the machine was suspended, and the measurement is refused.
     */
    static final int JUMP = 50;
    /** The seed of the rounds' orders: every calibration measures in the same orders. */
    private static final long ORDER_SEED = 1998;
    private static final LocalDate Q1_SHIP = LocalDate.of(1998, 9, 2);

    /** What one unit of each metered operation costs, in nanoseconds; {@link #UNITS} in order. */
    record Costs(double[] ns) {
        double of(String unit) {
            return ns[UNITS.indexOf(unit)];
        }
    }

    /** The metered units the fit prices, in the order of {@link #columns} and {@link Costs#ns}. */
    static final List<String> UNITS = List.of("byte", "record", "DRAM access", "compare", "hash update",
            "result byte", "evaluation", "wide op", "string op", "string leaf compare", "decoded value",
            "record one at a time", "row one at a time", "dictionary id", "byte array value", "definition level",
            "Snappy byte", "Gzip byte", "Zstd byte", "packed key", "string byte");

    /**
     * One workload's metered work, median time, and how far its rounds spread: the interquartile
     * range of its rounds' times over their median (5 rounds: the 2nd to the 4th fastest), what a
     * busy machine's other work did to it ({@link ProfileCheck} judges no plan by a prediction it
     * cannot tell from that).
     */
    record Run(String name, Meter meter, long medianNs, double spread) {
    }

    /** The fit, the runs it was fitted on, and how far the fit is from each. */
    record Result(Costs costs, List<Run> runs) {
        /** The fitted time of {@code run}, in nanoseconds. */
        double fittedNs(Run run) {
            double[] x = columns(run.meter());
            double t = 0;
            for (int i = 0; i < x.length; i++) {
                t += x[i] * costs.ns()[i];
            }
            return t;
        }
    }

    /** A run the clock spoiled: the calibration stops and writes nothing. */
    static final class ClockJumpException extends Exception {
        ClockJumpException(String message) {
            super(message);
        }
    }

    /** Something to scan: the tasklet's factory, its parameters and runtime parameters, and the extents of object 1 in {@code data}. */
    record Workload(String name, TaskletFactory factory, Params params, Params runtime, List<Extent> extents,
                    byte[] data) {
        Workload(String name, TaskletFactory factory, Params params, List<Extent> extents, byte[] data) {
            this(name, factory, params, Params.EMPTY, extents, data);
        }
    }

    private final int pageSize;
    private final int pagesPerBatch;
    private final LongSupplier clock;

    /** The CPU time of the calling thread, in nanoseconds: the clock calibration runs are timed by. */
    static final LongSupplier THREAD_CPU = ManagementFactory.getThreadMXBean()::getCurrentThreadCpuTime;

    /** With {@code clock} read before and after each run, in nanoseconds. */
    HostCalibration(int pageSize, int pagesPerBatch, LongSupplier clock) {
        this.pageSize = pageSize;
        this.pagesPerBatch = pagesPerBatch;
        this.clock = clock;
    }

    /**
     * Runs every workload over {@code bytes} of generated data (seed {@code seed}) and fits the
     * costs; with {@code check}, the checked plans over other data (the next seed) in the same
     * rounds, measured as the fit's workloads are but not fitted.
     */
    Measured measure(long bytes, long seed, boolean check) throws IOException, ClockJumpException {
        List<Workload> fitted = workloads(bytes, seed);
        List<Workload> all = new ArrayList<>(fitted);
        if (check) {
            all.addAll(checkedPlans(bytes, seed + 1));
        }
        List<Run> runs = measure(all);
        return new Measured(fit(runs.subList(0, fitted.size())), runs.subList(fitted.size(), runs.size()));
    }

    /** The fit, and the checked plans' runs (none without a check). */
    record Measured(Result fit, List<Run> checked) {
    }

    /**
     * The runs of {@code workloads}: two warm-up rounds of all (the JIT compiles what they run),
     * then {@link #RUNS} rounds, each running every workload, and each one's median. In rounds,
     * not one workload after another, so that a machine whose load changes while it is measured
     * weighs on every workload alike (on the busy session machine the same plan ran twice as fast
     * a minute later). Each round runs the workloads in another order ({@link #roundOrder}): in
     * one order every round, a workload's time carries what the ones before it leave behind
     * (the WorldCup plans at 256 B, mostly reading memory, ran 8-10% slower as fitted than the
     * same plans over the check's data later in the same rounds). Within a round a short
     * workload runs back to back until about {@link #ROUND_NS} (at most {@link #REPEATS} times,
     * as many as its last warm-up run says) and counts its mean: on a loaded machine one run of
     * a few milliseconds varied by a fifth.
     */
    List<Run> measure(List<Workload> workloads) throws IOException, ClockJumpException {
        Arena arena = new Arena(workloads);
        int[] repeats = new int[workloads.size()];
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < workloads.size(); i++) {
                long ns = once(workloads.get(i), arena.load(workloads.get(i))).ns();
                repeats[i] = (int) Math.max(1, Math.min(REPEATS, ROUND_NS / Math.max(1, ns)));
            }
        }
        long[][] times = new long[workloads.size()][RUNS];
        Meter[] meters = new Meter[workloads.size()];
        Random shuffles = new Random(ORDER_SEED);
        for (int round = 0; round < RUNS; round++) {
            for (int i : roundOrder(workloads.size(), shuffles)) {
                InMemoryPageSource source = arena.load(workloads.get(i));
                once(workloads.get(i), source); // untimed: reads what the copy left dirty in the caches
                long total = 0;
                for (int r = 0; r < repeats[i]; r++) {
                    Timed t = once(workloads.get(i), source);
                    total += t.ns();
                    meters[i] = t.meter();
                }
                times[i][round] = total / repeats[i];
            }
        }
        List<Run> runs = new ArrayList<>();
        for (int i = 0; i < workloads.size(); i++) {
            runs.add(median(workloads.get(i).name(), meters[i], times[i]));
        }
        return runs;
    }

    /**
     * The order of a measured round's {@code workloads}, shuffled by {@code shuffles}: whatever a
     * workload leaves behind (caches, garbage, the JIT's last compilations) falls on another one
     * in each round, so that no workload's median carries one neighbour's.
     */
    static List<Integer> roundOrder(int workloads, Random shuffles) {
        List<Integer> order = new ArrayList<>(IntStream.range(0, workloads).boxed().toList());
        Collections.shuffle(order, shuffles);
        return order;
    }

    /** The non-negative least-squares costs of {@code runs}' times over their metered work. */
    static Result fit(List<Run> runs) {
        // each run divided by its own time: the fit minimises relative errors, so short runs count as much as long ones
        double[][] x = runs.stream().map(r -> scaled(columns(r.meter()), 1.0 / r.medianNs())).toArray(double[][]::new);
        double[] y = new double[runs.size()];
        Arrays.fill(y, 1.0);
        return new Result(new Costs(NonNegativeFit.fit(x, y)), List.copyOf(runs));
    }

    /** Every workload, over about {@code bytes} of data each. */
    static List<Workload> workloads(long bytes, long seed) throws IOException {
        List<Workload> all = new ArrayList<>();
        for (int entrySize : ENTRY_SIZES) {
            all.addAll(worldCup(bytes, seed, entrySize));
        }
        all.addAll(typedPlans(bytes, seed));
        all.addAll(stringPlans(bytes, seed));
        return all;
    }

    /**
     * The plans {@code calibrate-host --check} predicts: WorldCup's at 256 B (two of them run record
     * by record), TPC-H Q1 and Q6 over records and over Parquet, and the string predicates.
     */
    static List<Workload> checkedPlans(long bytes, long seed) throws IOException {
        return Stream.of(worldCup(bytes, seed, ENTRY_SIZES.get(1)), typedPlans(bytes, seed), stringPlans(bytes, seed))
                .flatMap(List::stream).filter(w -> w.name().startsWith("plan ") || w.name().startsWith("tpch "))
                .toList();
    }

    /** Built-ins and plans of the log analysis over WorldCup98 entries of {@code entrySize} bytes. */
    private static List<Workload> worldCup(long bytes, long seed, int entrySize) {
        int entries = (int) Math.max(1, bytes / entrySize);
        ByteBuffer buf = ByteBuffer.allocate(entries * entrySize);
        WorldCupGenerator.withDefaults(seed, entries).fill(buf, entries, entrySize);
        byte[] data = buf.array();
        List<Extent> extents = List.of(new Extent(1, 0, data.length));
        TaskletRegistry builtins = TaskletRegistry.builtins();
        String size = Integer.toString(entrySize);
        Layout layout = Layout.worldCup98(entrySize);
        List<Workload> all = new ArrayList<>();
        if (entrySize == ENTRY_SIZES.get(0)) {
            all.add(new Workload("noop", builtins.find("noop").orElseThrow(), Params.EMPTY, extents, data));
            for (String accesses : List.of("16", "1024")) {
                all.add(new Workload("microbench " + accesses, builtins.find("microbench").orElseThrow(),
                        Params.of("accessesPerPage", accesses), extents, data));
            }
        }
        all.add(new Workload("q1 " + size + " B", builtins.find("q1").orElseThrow(), Params.of("entrySize", size),
                extents, data));
        all.add(new Workload("q2 " + size + " B", builtins.find("q2").orElseThrow(), Params.of("entrySize", size),
                extents, data));
        all.add(new Workload("filter " + size + " B", builtins.find("filter").orElseThrow(),
                FilterFactory.params(size, Comparison.parse("type eq 0")), extents, data));
        all.add(plan("plan q1 " + size + " B", Plan.aggregate(layout, null, List.of("region"),
                List.of(Aggregate.countStar())), extents, data));
        all.add(plan("plan q2 " + size + " B", Plan.aggregate(layout, null, List.of("region", "type"),
                List.of(Aggregate.countStar())), extents, data));
        // these two run record by record: MIN and MAX take neither the dense group scan nor the batch loop
        all.add(plan("plan max " + size + " B", Plan.aggregate(layout, Predicate.eq("type", 1), List.of("region"),
                List.of(Aggregate.countStar(), Aggregate.max("size"))), extents, data));
        all.add(plan("plan min " + size + " B", Plan.aggregate(layout, Predicate.compare("status", CompareOp.LT, 64),
                List.of("type", "method"), List.of(Aggregate.min("size"), Aggregate.max("timestamp"))), extents, data));
        return all;
    }

    /**
     * The Parquet formats Q6 runs over beside parquet-java's default: PLAIN values (no
     * dictionaries), definition levels (optional columns) and every codec without dictionaries, so
     * that what decoding costs by kind of value and decompressing by codec vary apart.
     */
    private static final List<ParquetSample.Format> OTHER_FORMATS = List.of(
            new ParquetSample.Format(CompressionCodecName.UNCOMPRESSED, false, false),
            new ParquetSample.Format(CompressionCodecName.UNCOMPRESSED, false, true),
            new ParquetSample.Format(CompressionCodecName.SNAPPY, false, false),
            new ParquetSample.Format(CompressionCodecName.GZIP, false, false),
            new ParquetSample.Format(CompressionCodecName.ZSTD, false, false));

    /**
     * TPC-H Q1 (with and without its 128-bit charge) and Q6 over lineitem-shaped rows, as records
     * and as Parquet (Q6 in every format), and the IN of the string predicates over Parquet, its
     * ship modes dictionary ids and PLAIN byte arrays.
     */
    private static List<Workload> typedPlans(long bytes, long seed) throws IOException {
        Path dir = Files.createTempDirectory("ispd-calibrate");
        try {
            LineitemSample sample = LineitemSample.generate(bytes, seed);
            ParquetSample parquet = sample.parquet(dir, ParquetSample.Format.DEFAULT);
            Layout layout = LineitemSample.LAYOUT;
            List<Extent> records = List.of(new Extent(1, 0, sample.records().length));
            List<Workload> all = new ArrayList<>();
            for (Plan p : List.of(q1(layout, false), q1(layout, true), q6(layout))) {
                String name = name(p);
                all.add(plan("tpch " + name + " records", p, records, sample.records()));
                all.add(parquet("tpch " + name + " parquet", p, parquet));
            }
            for (ParquetSample.Format f : OTHER_FORMATS) {
                ParquetSample other = sample.parquet(dir, f);
                all.add(parquet("tpch q6 parquet " + f.label(), q6(other.layout()), other));
            }
            for (ParquetSample.Format f : List.of(ParquetSample.Format.DEFAULT, OTHER_FORMATS.get(0))) {
                ParquetSample strings = StringSample.parquet(bytes, seed, dir, f);
                all.add(parquet("tpch strings in parquet " + f.label(), shipModeIn(strings.layout()), strings));
            }
            return all;
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    private static Workload parquet(String name, Plan plan, ParquetSample sample) throws IOException {
        ParquetSample.Run run = sample.run(plan);
        return new Workload(name, new PlanTaskletFactory("calibrate", plan), Params.EMPTY, run.source().toParams(),
                run.extents(), sample.bytes());
    }

    /**
     * TPC-H's string predicates over char(N) columns ({@link StringSample}): = as Spark pushes it
     * (plain WHERE leaves, so the plan runs record by record), IN, and LIKE prefix, suffix and
     * contains as expressions (the batch loop).
     */
    private static List<Workload> stringPlans(long bytes, long seed) {
        byte[] data = StringSample.generate(bytes, seed);
        List<Extent> extents = List.of(new Extent(1, 0, data.length));
        Layout layout = StringSample.LAYOUT;
        return List.of(
                plan("tpch strings =", Plan.aggregate(layout, Predicate.and(
                        Predicate.compare("instruct", CompareOp.EQ, "DELIVER IN PERSON"),
                        Predicate.compare("mode", CompareOp.EQ, "AIR")), List.of(), List.of(Aggregate.countStar())),
                        extents, data),
                plan("tpch strings in", shipModeIn(layout), extents, data),
                plan("tpch strings like", Plan.aggregate(layout, Predicate.holds(or(startsWith(field("type"), "PROMO"),
                        endsWith(field("type"), "BRASS"), contains(field("instruct"), "RETURN"))), List.of(),
                        List.of(Aggregate.sum(field("qty")))), extents, data));
    }

    /** SUM(qty) of the rows shipped by MAIL or SHIP. */
    private static Plan shipModeIn(Layout layout) {
        return Plan.aggregate(layout, Predicate.holds(in(field("mode"), lit("MAIL"), lit("SHIP"))), List.of(),
                List.of(Aggregate.sum(field("qty"))));
    }

    private static String name(Plan p) {
        return p.groupBy().isEmpty() ? "q6" : p.aggregates().size() > 4 ? "q1 charge" : "q1";
    }

    /** Q1: sums by flag and status of the rows shipped by 1998-09-02; with {@code charge}, also price * (1 - disc) * (1 + tax), a 128-bit decimal. */
    private static Plan q1(Layout layout, boolean charge) {
        List<Aggregate> sums = new ArrayList<>(List.of(Aggregate.countStar(), Aggregate.sum(field("qty")),
                Aggregate.sum(field("price")), Aggregate.sum(mul(field("price"), sub(lit(BigDecimal.ONE), field("disc"))))));
        if (charge) {
            sums.add(Aggregate.sum(mul(mul(field("price"), sub(lit(BigDecimal.ONE), field("disc"))),
                    add(lit(BigDecimal.ONE), field("tax")))));
        }
        return Plan.aggregate(layout, Predicate.holds(compare(field("ship"), CompareOp.LE, lit(Q1_SHIP))),
                List.of("flag", "status"), sums);
    }

    /** Q6: SUM(price * disc) of 1994's rows with a discount of 0.05 to 0.07 and a quantity under 24. */
    private static Plan q6(Layout layout) {
        return Plan.aggregate(layout, Predicate.holds(and(
                compare(field("ship"), CompareOp.GE, lit(LocalDate.of(1994, 1, 1))),
                lt(field("ship"), lit(LocalDate.of(1995, 1, 1))),
                between(field("disc"), lit(new BigDecimal("0.05")), lit(new BigDecimal("0.07"))),
                lt(field("qty"), lit(24)))), List.of(), List.of(Aggregate.sum(mul(field("price"), field("disc")))));
    }

    private static Workload plan(String name, Plan plan, List<Extent> extents, byte[] data) {
        return new Workload(name, new PlanTaskletFactory("calibrate", plan), Params.EMPTY, extents, data);
    }

    /**
     * The median of {@code runs} runs of {@code w}; refused if one run took over {@link #JUMP}
     * times the median, or no time at all: the clock, not the work, made that run's time.
     */
    Run run(Workload w, int runs) throws IOException, ClockJumpException {
        long[] times = new long[runs];
        Meter meter = null;
        InMemoryPageSource source = new Arena(List.of(w)).load(w);
        for (int i = 0; i < runs; i++) {
            Timed t = once(w, source);
            times[i] = t.ns();
            meter = t.meter();
        }
        return median(w.name(), meter, times);
    }

    /**
     * The one buffer every workload's measured runs read their data from, copied in (untimed)
     * before a round's runs of it: a scan of the check's array ran up to 2 ms (a fifth) faster
     * than the same plan over the fit's array in the same rounds, on the busy machine and not on
     * every run, so where the JVM put a workload's own array must weigh on none of them.
     */
    private static final class Arena {
        private final byte[] bytes;

        Arena(List<Workload> workloads) {
            bytes = new byte[workloads.stream().mapToInt(w -> w.data().length).max().orElse(0)];
        }

        /** {@code w}'s data copied into the arena, as object 1. */
        InMemoryPageSource load(Workload w) {
            System.arraycopy(w.data(), 0, bytes, 0, w.data().length);
            return InMemoryPageSource.of(1, ByteBuffer.wrap(bytes, 0, w.data().length));
        }
    }

    /** One run's time and metered work. */
    private record Timed(long ns, Meter meter) {
    }

    /** One run of {@code w} over its data in {@code source}, timed by the clock. */
    private Timed once(Workload w, InMemoryPageSource source) throws IOException {
        HostRunner runner = new HostRunner(pageSize, pagesPerBatch);
        Tasklet t = create(w);
        long start = clock.getAsLong();
        HostRunner.Result r = runner.run(t, w.extents(), source);
        return new Timed(clock.getAsLong() - start, r.meter());
    }

    /** The median of {@code times}; refused if one run took over {@link #JUMP} times it, or no time at all. */
    private static Run median(String name, Meter meter, long[] times) throws ClockJumpException {
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        long median = sorted[n / 2];
        if (sorted[0] <= 0 || sorted[n - 1] > JUMP * median) {
            throw new ClockJumpException("workload '" + name + "' ran in " + Arrays.toString(times)
                    + " ns: a run of no time or of over " + JUMP + " times the median (" + median
                    + " ns) means the clock jumped or the machine was suspended");
        }
        int quartile = (n - 1) / 4;
        return new Run(name, meter, median, (sorted[n - 1 - quartile] - sorted[quartile]) / (double) median);
    }

    private Tasklet create(Workload w) {
        try {
            return w.factory().create(w.params(), w.runtime(), new ScanContext(pageSize));
        } catch (BadParameterException e) {
            throw new IllegalStateException("calibration workload " + w.name() + ": " + e.getMessage(), e);
        }
    }

    static double[] columns(Meter m) {
        return new double[] {m.bytesScanned(), m.records(), m.dramAccesses(), m.compares(), m.hashUpdates(),
                m.bytesOut(), m.evaluations(), m.wideOps(), m.stringOps(), m.stringLeafCompares(), m.decodedValues(),
                m.recordsOneAtATime(), m.rowsOneAtATime(), m.dictionaryIds(), m.byteArrayValues(), m.definitionLevels(),
                m.snappyBytes(), m.gzipBytes(), m.zstdBytes(), m.packedKeys(), m.stringBytes()};
    }

    private static double[] scaled(double[] v, double by) {
        return Arrays.stream(v).map(e -> e * by).toArray();
    }
}
