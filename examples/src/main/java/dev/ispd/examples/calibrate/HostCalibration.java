package dev.ispd.examples.calibrate;

import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Aggregate;
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
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Measures what the host's scan path costs on this machine: the built-ins and the plan
 * interpreter run with {@link HostRunner} (the code host splits run) over generated WorldCup98
 * entries in memory, at 32 and 256 B per entry (so that records and bytes vary apart), each a few
 * times after a warm-up round of all of them, and a non-negative least-squares fit of their
 * median wall times over their metered work gives a cost per scanned byte, per record, per DRAM
 * access, per compare, per hash update and per result byte ({@link NonNegativeFit}).
 */
final class HostCalibration {
    /** The entry sizes of the data the workloads scan: the paper's smallest padded one and its largest. */
    static final List<Integer> ENTRY_SIZES = List.of(32, 256);
    private static final int RUNS = 5;

    /** What one unit of each metered operation costs, in nanoseconds. */
    record Costs(double nsPerByte, double nsPerRecord, double nsPerDramAccess, double nsPerCompare,
                 double nsPerHashUpdate, double nsPerByteOut) {
    }

    /** One workload's metered work and median wall time. */
    record Run(String name, Meter meter, long medianNs) {
    }

    /** The fit, the runs it was fitted on, and how far the fit is from each. */
    record Result(Costs costs, List<Run> runs) {
        /** The fitted time of {@code run}, in nanoseconds. */
        double fittedNs(Run run) {
            double[] x = columns(run.meter());
            double[] c = vector(costs);
            double t = 0;
            for (int i = 0; i < x.length; i++) {
                t += x[i] * c[i];
            }
            return t;
        }
    }

    private final int pageSize;
    private final int pagesPerBatch;

    HostCalibration(int pageSize, int pagesPerBatch) {
        this.pageSize = pageSize;
        this.pagesPerBatch = pagesPerBatch;
    }

    /** Runs every workload over {@code bytes} of generated entries (seed {@code seed}) and fits the costs. */
    Result measure(long bytes, long seed) throws IOException {
        List<Run> runs = new ArrayList<>();
        for (boolean warmUp : new boolean[] {true, false}) {
            runs.clear();
            for (int entrySize : ENTRY_SIZES) {
                int entries = (int) Math.max(1, bytes / entrySize);
                ByteBuffer data = ByteBuffer.allocate(entries * entrySize);
                WorldCupGenerator.withDefaults(seed, entries).fill(data, entries, entrySize);
                InMemoryPageSource source = InMemoryPageSource.of(1, data.array());
                List<Extent> extents = List.of(new Extent(1, 0, data.capacity()));
                for (Workload w : workloads(entrySize)) {
                    runs.add(run(w, extents, source, warmUp ? 1 : RUNS));
                }
            }
        }
        // each run divided by its own time: the fit minimises relative errors, so short runs count as much as long ones
        double[][] x = runs.stream().map(r -> scaled(columns(r.meter()), 1.0 / r.medianNs())).toArray(double[][]::new);
        double[] y = new double[runs.size()];
        Arrays.fill(y, 1.0);
        double[] c = NonNegativeFit.fit(x, y);
        return new Result(new Costs(c[0], c[1], c[2], c[3], c[4], c[5]), runs);
    }

    private record Workload(String name, TaskletFactory factory, Params params) {
    }

    /** Workloads whose mixes of operations differ, so that the fit can tell the operations apart. */
    private static List<Workload> workloads(int entrySize) {
        TaskletRegistry builtins = TaskletRegistry.builtins();
        String size = Integer.toString(entrySize);
        Plan aggregate = Plan.aggregate(Layout.worldCup98(entrySize), Predicate.eq("type", 1), List.of("region"),
                List.of(Aggregate.countStar(), Aggregate.max("size")));
        List<Workload> perRecord = List.of(
                new Workload("q1 " + size + " B", builtins.find("q1").orElseThrow(), Params.of("entrySize", size)),
                new Workload("q2 " + size + " B", builtins.find("q2").orElseThrow(), Params.of("entrySize", size)),
                new Workload("filter " + size + " B", builtins.find("filter").orElseThrow(),
                        FilterFactory.params(size, Comparison.parse("type eq 0"))),
                new Workload("plan " + size + " B", new PlanTaskletFactory("calibrate", aggregate), Params.EMPTY));
        if (entrySize != ENTRY_SIZES.get(0)) {
            return perRecord;
        }
        List<Workload> all = new ArrayList<>(List.of(
                new Workload("noop", builtins.find("noop").orElseThrow(), Params.EMPTY),
                new Workload("microbench 16", builtins.find("microbench").orElseThrow(),
                        Params.of("accessesPerPage", "16")),
                new Workload("microbench 1024", builtins.find("microbench").orElseThrow(),
                        Params.of("accessesPerPage", "1024"))));
        all.addAll(perRecord);
        return all;
    }

    /** The median of {@code runs} runs of {@code w}. */
    private Run run(Workload w, List<Extent> extents, InMemoryPageSource source, int runs) throws IOException {
        HostRunner runner = new HostRunner(pageSize, pagesPerBatch);
        long[] times = new long[runs];
        Meter meter = null;
        for (int i = 0; i < runs; i++) {
            Tasklet t = create(w);
            long start = System.nanoTime();
            HostRunner.Result r = runner.run(t, extents, source);
            times[i] = System.nanoTime() - start;
            meter = r.meter();
        }
        Arrays.sort(times);
        return new Run(w.name(), meter, times[runs / 2]);
    }

    private Tasklet create(Workload w) {
        try {
            return w.factory().create(w.params(), Params.EMPTY, new ScanContext(pageSize));
        } catch (BadParameterException e) {
            throw new IllegalStateException("calibration workload " + w.name() + ": " + e.getMessage(), e);
        }
    }

    private static double[] columns(Meter m) {
        return new double[] {m.bytesScanned(), m.records(), m.dramAccesses(), m.compares(), m.hashUpdates(),
                m.bytesOut()};
    }

    private static double[] scaled(double[] v, double by) {
        return Arrays.stream(v).map(e -> e * by).toArray();
    }

    private static double[] vector(Costs c) {
        return new double[] {c.nsPerByte(), c.nsPerRecord(), c.nsPerDramAccess(), c.nsPerCompare(),
                c.nsPerHashUpdate(), c.nsPerByteOut()};
    }
}
