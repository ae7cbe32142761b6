package dev.ispd.sim.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.profile.ComputeSpec;
import dev.ispd.profile.DramSpec;
import dev.ispd.profile.Power;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.dram.Dram;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Usage;
import dev.ispd.tasklet.Meter;
import org.junit.jupiter.api.Test;

class TaskletCoresTest {
    private static final Power CORE = new Power(100_000_000, 10_000_000);
    private static final DramSpec DRAM = new DramSpec(200, 1_000_000_000, new Power(400_000_000, 90_000_000));

    @Test
    void workIsPricedInCyclesAtTheClock() {
        ComputeSpec spec = spec(1, 0);
        TaskletCores cores = new TaskletCores(spec);
        Meter m = meter(100, 10, 5, 20, 0);
        // 100 records x 4 + 5 compares x 6 + 20 hash updates x 20 + 0 bytes: 830 cycles at 400 MHz
        assertEquals(2_075, cores.workNs(m));
    }

    @Test
    void aUserTaskletsInstructionsArePricedAtTheProfilesCyclesPerInstruction() {
        TaskletCores cores = new TaskletCores(spec(1, 0));
        Meter m = meter(0, 0, 0, 0, 0);
        m.addInstructions(1_000);
        // 1,000 instructions x 2 cycles at 400 MHz
        assertEquals(5_000, cores.workNs(m));
    }

    @Test
    void aKernelsArithmeticIsPricedAtTheProfilesCyclesPerArithmetic() {
        TaskletCores cores = new TaskletCores(spec(1, 0));
        Meter m = meter(0, 0, 0, 0, 0);
        m.addArithmetic(1_000);
        // 1,000 adds and multiplies x 1 cycle at 400 MHz
        assertEquals(2_500, cores.workNs(m));
    }

    @Test
    void partialResultsMergeInLog2RoundsAfterTheSplitWork() {
        // 3,200 records x 4 cycles = 32,000 ns of work; 100 partial elements: one merge = 200 compares x 6 cycles = 3,000 ns
        Meter m = meter(3_200, 0, 0, 0, 0);
        m.addPartials(100);
        assertEquals(32_000, new TaskletCores(spec(1, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED),
                "one core has nothing to merge");
        assertEquals(16_000 + 3_000, new TaskletCores(spec(2, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED));
        assertEquals(4_000 + 3 * 3_000, new TaskletCores(spec(8, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED));
        assertEquals(32_000 / 5 + 3 * 3_000, new TaskletCores(spec(5, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED),
                "5 cores merge in ceil(log2 5) = 3 rounds");
        // more cores: the split work shrinks by half, the merge grows by a round
        long at16 = new TaskletCores(spec(16, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED);
        long at32 = new TaskletCores(spec(32, 0)).run(0, m, new Dram(DRAM), EnergyAccount.UNCHARGED);
        assertEquals(2_000 + 4 * 3_000, at16);
        assertEquals(1_000 + 5 * 3_000, at32);
    }

    @Test
    void theCoresAreChargedForTheirSharesAndEachMerge() {
        Meter m = meter(3_200, 0, 0, 0, 0);
        m.addPartials(100);
        EnergyAccount account = new EnergyAccount();
        new TaskletCores(spec(8, 0)).run(0, m, new Dram(DRAM), account);
        // 8 shares of 4,000 ns and 7 merges of 3,000 ns
        assertEquals(CORE.activeNj(8 * 4_000 + 7 * 3_000), account.nanojoules());
    }

    @Test
    void fieldLoadsStallTheCoreAndHoldTheDram() {
        TaskletCores cores = new TaskletCores(spec(1, 0));
        Dram dram = new Dram(DRAM);
        Meter m = meter(100, 100, 0, 0, 0);
        long end = cores.run(1_000, m, dram, EnergyAccount.UNCHARGED);
        assertEquals(1_000 + 1_000 + 100 * 200, end);
        assertEquals(100 * 200, dram.usage(end).busyNs());
    }

    @Test
    void workSplitsOverCoresButLoadsShareOneDram() {
        TaskletCores four = new TaskletCores(spec(4, 0));
        Meter computeHeavy = meter(1_000, 0, 0, 0, 0);
        assertEquals(10_000 / 4, four.run(0, computeHeavy, new Dram(DRAM), EnergyAccount.UNCHARGED));
        Meter loadHeavy = meter(0, 1_000, 0, 0, 0);
        // 200,000 ns of loads over 4 cores would be 50,000 each, but the DRAM serves them one at a time
        assertEquals(200_000, new TaskletCores(spec(4, 0)).run(0, loadHeavy, new Dram(DRAM), EnergyAccount.UNCHARGED));
    }

    @Test
    void batchesQueueForBusyCores() {
        TaskletCores cores = new TaskletCores(spec(1, 0));
        Dram dram = new Dram(DRAM);
        Meter m = meter(100, 0, 0, 0, 0);
        assertEquals(1_000, cores.run(0, m, dram, EnergyAccount.UNCHARGED));
        assertEquals(2_000, cores.run(0, m, dram, EnergyAccount.UNCHARGED));
        assertEquals(0, cores.run(0, new Meter(), dram, EnergyAccount.UNCHARGED), "no work takes no time");
    }

    @Test
    void anInputPathLimitsHowFastBatchesArrive() {
        TaskletCores unlimited = new TaskletCores(spec(1, 0));
        assertEquals(500, unlimited.receive(500, 1 << 20));
        TaskletCores limited = new TaskletCores(spec(1, 1_000_000_000));
        assertEquals(1_000_000, limited.receive(0, 1_000_000));
        assertEquals(2_000_000, limited.receive(0, 1_000_000));
        assertEquals(Profiles.device("newport").compute().inputBandwidthBytesPerSec(), 1_754_385_965L);
    }

    @Test
    void energyIsChargedPerCoreAndReportedPerCore() {
        TaskletCores cores = new TaskletCores(spec(2, 0));
        EnergyAccount account = new EnergyAccount();
        long end = cores.run(0, meter(200, 0, 0, 0, 0), new Dram(DRAM), account);
        assertEquals(1_000, end);
        assertEquals(2 * CORE.activeNj(1_000), account.nanojoules());
        Usage u = cores.usage(10_000);
        assertEquals("cores", u.name());
        assertEquals(2, u.parts().size());
        assertEquals("cores.1", u.parts().get(1).name());
        assertEquals(2 * CORE.energyNj(1_000, 10_000), u.energyNj());
        assertEquals(1_000, u.busyNs());
    }

    private static ComputeSpec spec(int cores, long inputBandwidth) {
        return new ComputeSpec(cores, 400_000_000, 4, 6, 20, 4, 2, 1, true, inputBandwidth, CORE);
    }

    private static Meter meter(long records, long dram, long compares, long hashUpdates, long bytesOut) {
        Meter m = new Meter();
        m.addRecords(records);
        m.addDramAccesses(dram);
        m.addCompares(compares);
        m.addHashUpdates(hashUpdates);
        m.addBytesOut(bytesOut);
        return m;
    }
}
