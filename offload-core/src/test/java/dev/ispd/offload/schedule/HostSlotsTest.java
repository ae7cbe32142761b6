package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HostSlotsTest {
    private static final List<String> TWO_LOCAL = List.of("unix:/tmp/d0.sock", "tcp:127.0.0.1:7000");

    private static SchedulerConfig config(String basis, String slots) {
        return OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_COST_BASIS.name(), basis,
                OffloadKeys.OFFLOAD_HOST_SLOTS.name(), slots)).scheduler();
    }

    @Test
    void autoIsTheProfilesCoresOnTheModeledBasisWhateverTheMachine() {
        assertEquals(SchedulerConfig.AUTO_HOST_SLOTS, OffloadSettings.of(Map.of()).scheduler().hostSlots());
        assertEquals(4, HostSlots.of(config("modeled", "auto"), TWO_LOCAL, 2), "host-i5-2500's 4 cores");
        assertEquals(4, HostSlots.of(config("modeled", "auto"), TWO_LOCAL, 64));
    }

    @Test
    void autoIsThisMachinesCoresLessItsDrivesOnTheMeasuredBasis() {
        assertEquals(1, HostSlots.of(config("measured", "auto"), TWO_LOCAL, 2),
                "2 cores, both taken by drives in this JVM: the host still has one lane");
        assertEquals(6, HostSlots.of(config("measured", "auto"), TWO_LOCAL, 8));
        assertEquals(8, HostSlots.of(config("measured", "auto"), List.of("tcp:drive7.example:7000"), 8),
                "a drive on another machine takes none of this one's cores");
        assertEquals(3, HostSlots.of(config("measured", "3"), TWO_LOCAL, 2), "a number set is taken as it is");
        assertTrue(HostSlots.onThisMachine("tcp:[::1]:7000"));
        assertFalse(HostSlots.onThisMachine("tcp:10.0.0.7:7000"));
    }

    @Test
    void autoOnTheMeasuredBasisTakesTheCoresTheEngineGivesATaskOverThisMachines() {
        assertEquals(6, HostSlots.of(config("measured", "auto").onHostCores(8), TWO_LOCAL),
                "8 cores a task (Spark's executor), less the two local drives");
        assertEquals(1, HostSlots.of(config("measured", "auto").onHostCores(1), List.of("tcp:drive7.example:7000")));
        assertEquals(4, HostSlots.of(config("modeled", "auto").onHostCores(8), TWO_LOCAL),
                "the profile's on the modeled basis");
        assertEquals(3, HostSlots.of(config("measured", "3").onHostCores(8), TWO_LOCAL),
                "a number set is taken as it is");
        assertEquals(Math.max(1, Runtime.getRuntime().availableProcessors() - 2),
                HostSlots.of(config("measured", "auto"), TWO_LOCAL), "unknown: this machine's cores");
    }

    /** Host splits on a machine whose every core runs a drive queue on one lane: the plan prices them one after another. */
    @Test
    void theMeasuredBasisPricesTheHostAsTheLanesThisMachineHas() {
        int cores = Runtime.getRuntime().availableProcessors();
        List<String> local = IntStream.range(0, cores).mapToObj(d -> "unix:/tmp/drive" + d + ".sock").toList();
        SchedulerConfig c = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "host-only",
                OffloadKeys.OFFLOAD_COST_BASIS.name(), "measured")).scheduler();
        OffloadScheduler s = OffloadScheduler.create(c,
                Collections.nCopies(cores, Profiles.device("smartssd-2013").capabilities()), new long[cores],
                new CorrectionBook(), "q1", local);
        Meter m = TaskletRegistry.builtins().find("q1").orElseThrow()
                .estimate(Params.of("entrySize", "256"), 64L << 20, 8192);
        List<SplitWork> splits = IntStream.range(0, 4).mapToObj(i -> new SplitWork(i, i % cores, 64L << 20, m))
                .toList();
        List<Decision> ds = s.plan(splits);
        long oneAfterAnother = ds.stream().mapToLong(d -> d.host().timeNs()).sum();
        assertEquals(oneAfterAnother, s.makespanNs(splits, ds));
    }
}
