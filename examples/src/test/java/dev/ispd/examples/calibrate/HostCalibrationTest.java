package dev.ispd.examples.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * What calibrate-host measures reaches the scheduler's prediction intact: runs whose times are
 * exactly a known price of their metered work (the interpreter's own units priced too) are fitted,
 * written as a host profile, read back and priced by the host model, and every run's predicted
 * time is its time. No stopwatch decides the test: a scripted clock stands in for it, and a clock
 * that jumps spoils the measurement.
 */
class HostCalibrationTest {
    private static final long BYTES = 256 << 10;
    /**
     * ns per unit of {@link HostCalibration#UNITS}: byte, record, DRAM access, compare, hash update, result byte,
     * evaluation, wide op, string op, string leaf compare, decoded value, record one at a time, row one at
     * a time, dictionary id, byte array value, definition level, Snappy, Gzip and Zstd byte, packed key,
     * string byte.
     */
    private static final double[] COSTS = {0.07, 3.5, 1.2, 0.9, 6.0, 2.0, 4.4, 9.0, 5.5, 3.0, 7.5, 12.0, 8.0, 2.5,
        40.0, 1.5, 0.6, 4.0, 1.8, 3.2, 1.1};

    @Test
    void aProfileFittedToRunsPredictsTheInterpretersPlansFromTheirMeteredWork() throws Exception {
        AtomicLong ticks = new AtomicLong();
        // every run takes 25 ms by this clock: once a round, and the runs' times are priced below anyway
        HostCalibration calibration = new HostCalibration(8192, 128, () -> ticks.addAndGet(25_000_000));
        List<HostCalibration.Run> runs = new ArrayList<>();
        for (HostCalibration.Run metered : calibration.measure(HostCalibration.workloads(BYTES, 1998))) {
            runs.add(new HostCalibration.Run(metered.name(), metered.meter(), Math.round(priced(metered)), 0));
        }
        assertTrue(runs.stream().anyMatch(r -> r.meter().wideOps() > 0 && r.meter().decodedValues() > 0),
                "some workload runs 128-bit decimals over Parquet: " + runs);
        assertTrue(runs.stream().filter(r -> r.meter().recordsOneAtATime() > 0).count() >= 2
                && runs.stream().anyMatch(r -> r.meter().recordsOneAtATime() == r.meter().records()
                        && r.meter().stringLeafCompares() > 0), "plans run record by record, one of them over strings: " + runs);

        HostCalibration.Result fit = HostCalibration.fit(runs);
        String yaml = MeasuredHostProfile.yaml("measured-test", "test", LocalDate.of(2026, 11, 27),
                Runtime.getRuntime().availableProcessors(), fit, 250_000_000, 300_000_000, 1, Profiles.host("host-i5-2500"));
        HostProfile profile = Profiles.readHost("test.yaml", new ByteArrayInputStream(yaml.getBytes(StandardCharsets.UTF_8)));
        assertTrue(profile.interpreter().cyclesPerEvaluation() > 0 && profile.interpreter().cyclesPerWideOp() > 0
                && profile.interpreter().cyclesPerDecodedValue() > 0 && profile.interpreter().cyclesPerStringOp() > 0
                && profile.interpreter().cyclesPerStringLeafCompare() > 0
                && profile.interpreter().cyclesPerRecordOneAtATime() > 0
                && profile.interpreter().cyclesPerRowOneAtATime() > 0
                && profile.interpreter().cyclesPerDictionaryId() > 0 && profile.interpreter().cyclesPerByteArrayValue() > 0
                && profile.interpreter().cyclesPerDefinitionLevel() > 0 && profile.interpreter().cyclesPerSnappyByte() > 0
                && profile.interpreter().cyclesPerGzipByte() > 0 && profile.interpreter().cyclesPerZstdByte() > 0
                && profile.interpreter().cyclesPerPackedKey() > 0 && profile.interpreter().cyclesPerStringByte() > 0,
                "the interpreter's units are priced: " + profile);

        List<ProfileCheck.Row> rows = ProfileCheck.rows(profile, Profiles.device("smartssd-2013").link(),
                runs.stream().filter(r -> r.name().startsWith("plan ") || r.name().startsWith("tpch ")).toList());
        assertEquals(24, rows.size(), "WorldCup plans at two sizes, TPC-H plans over records and Parquet (Q6 in six "
                + "formats), string predicates (IN over Parquet too): " + rows);
        assertTrue(ProfileCheck.worst(rows) < 0.01, "each plan's predicted time is its time within 1%: " + rows);
    }

    @Test
    void aClockThatJumpsSpoilsTheMeasurementNamingTheWorkload() throws Exception {
        long[] ticks = {0, 1_000, 1_000, 2_000, 2_000, 3_000, 3_000, 3_000_000, 3_000_000, 3_001_000};
        AtomicLong at = new AtomicLong();
        HostCalibration calibration = new HostCalibration(8192, 128,
                () -> ticks[(int) Math.min(at.getAndIncrement(), ticks.length - 1)]);
        HostCalibration.Workload noop = HostCalibration.workloads(BYTES, 1998).get(0);
        HostCalibration.ClockJumpException e = assertThrows(HostCalibration.ClockJumpException.class,
                () -> calibration.run(noop, 5));
        assertTrue(e.getMessage().contains("workload 'noop'") && e.getMessage().contains("clock jumped"),
                e.getMessage());
    }

    /**
     * A run's spread is the range of its middle rounds over their median: one round slowed by the
     * machine's other work (30 ms against 10-15) moves neither the median nor the spread much, a
     * second one does.
     */
    @Test
    void aRunsSpreadIsTheRangeOfItsMiddleRoundsOverTheirMedian() throws Exception {
        HostCalibration.Workload noop = HostCalibration.workloads(BYTES, 1998).get(0);
        HostCalibration.Run oneSlowed = scripted(10, 12, 30, 11, 15).run(noop, 5);
        assertEquals(12_000_000, oneSlowed.medianNs());
        assertEquals((15 - 11) / 12.0, oneSlowed.spread(), 1e-9);
        HostCalibration.Run twoSlowed = scripted(10, 12, 30, 11, 29).run(noop, 5);
        assertEquals((29 - 11) / 12.0, twoSlowed.spread(), 1e-9);
        assertEquals(0, scripted(12, 12, 12, 12, 12).run(noop, 5).spread());
    }

    /** A calibration whose runs take {@code ms} milliseconds each, in turn, by its clock. */
    private static HostCalibration scripted(long... ms) {
        AtomicLong reads = new AtomicLong();
        AtomicLong now = new AtomicLong();
        return new HostCalibration(8192, 128, () -> reads.getAndIncrement() % 2 == 0 ? now.get()
                : now.addAndGet(ms[(int) (reads.get() / 2 - 1) % ms.length] * 1_000_000));
    }

    /**
     * A workload that runs slower right after another one (what that one left in the caches)
     * is measured at its own time, as its twin over other data is: each round runs in another
     * order and starts each workload with an untimed run, so the neighbour's cost falls on no
     * timed run. In one fixed order the WorldCup plans at 256 B were fitted 8-10% slower than
     * their twins measured later in the same rounds.
     */
    @Test
    void whatAWorkloadLeavesBehindFallsOnNoOtherWorkloadsMedian() throws Exception {
        List<String> started = new ArrayList<>();
        List<HostCalibration.Workload> workloads = new ArrayList<>();
        TaskletFactory noop = TaskletRegistry.builtins().find("noop").orElseThrow();
        byte[] data = new byte[8192];
        for (String name : List.of("a", "slowed after a", "b", "twin", "c")) {
            workloads.add(new HostCalibration.Workload(name, recording(name, noop, started), Params.EMPTY,
                    List.of(new Extent(1, 0, data.length)), data));
        }
        AtomicLong reads = new AtomicLong();
        AtomicLong now = new AtomicLong();
        // each run takes 30 ms (once a round), 40 ms for the slowed workload right after "a"
        HostCalibration calibration = new HostCalibration(8192, 128, () -> {
            if (reads.getAndIncrement() % 2 == 0) {
                return now.get();
            }
            int last = started.size() - 1;
            boolean slowed = started.get(last).equals("slowed after a") && last > 0
                    && started.get(last - 1).equals("a");
            return now.addAndGet(slowed ? 40_000_000 : 30_000_000);
        });
        List<HostCalibration.Run> runs = calibration.measure(workloads);

        List<String> rounds = new ArrayList<>();
        for (String name : started.subList(2 * workloads.size(), started.size())) {
            if (rounds.isEmpty() || !rounds.get(rounds.size() - 1).equals(name)) {
                rounds.add(name); // each workload's untimed run and its timed ones, once
            }
        }
        long afterA = IntStream.range(1, rounds.size())
                .filter(i -> rounds.get(i).equals("slowed after a") && rounds.get(i - 1).equals("a")).count();
        assertTrue(afterA > 0 && afterA < rounds.size() / workloads.size() / 2.0,
                "the slowed workload follows a in some rounds, a minority: " + rounds);
        assertEquals(30_000_000, runs.get(1).medianNs(), "its median is its own time: " + runs);
        assertEquals(runs.get(3).medianNs(), runs.get(1).medianNs(), "as its twin's: " + runs);
    }

    private static TaskletFactory recording(String name, TaskletFactory factory, List<String> started) {
        return new TaskletFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public void validate(Params params) throws BadParameterException {
                factory.validate(params);
            }

            @Override
            public Tasklet create(Params params, Params runtimeParams, ScanContext context)
                    throws BadParameterException {
                started.add(name);
                return factory.create(params, runtimeParams, context);
            }
        };
    }

    private static double priced(HostCalibration.Run run) {
        double[] x = HostCalibration.columns(run.meter());
        double t = 0;
        for (int i = 0; i < x.length; i++) {
            t += x[i] * COSTS[i];
        }
        return t;
    }
}
