package dev.ispd.sim.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.profile.Power;
import java.util.List;
import org.junit.jupiter.api.Test;

class UsageTest {
    private static final Power P = new Power(2_000_000_000L, 1_000_000_000L);

    @Test
    void aUnitDrawsActivePowerWhileActiveAndIdlePowerOtherwise() {
        Usage u = Usage.ofUnit("dram", P, 3_000_000_000L, 1_000_000_000L, 4_000_000_000L);
        assertEquals(3_000_000_000L, u.busyNs());
        assertEquals(2_000_000_000L + 3_000_000_000L, u.energyNj());
    }

    @Test
    void aParentSumsEnergyAndAveragesBusyTime() {
        Usage a = Usage.ofUnit("cores.0", P, 1_000, 1_000, 10_000);
        Usage b = Usage.ofUnit("cores.1", P, 3_000, 3_000, 10_000);
        Usage parent = Usage.ofParts("cores", List.of(a, b));
        assertEquals(2_000, parent.busyNs());
        assertEquals(a.energyNj() + b.energyNj(), parent.energyNj());
        assertEquals(List.of(a, b), parent.parts());
    }

    @Test
    void unchargedWorkIsNotCounted() {
        EnergyAccount.UNCHARGED.charge(P, 1_000_000_000L);
        assertEquals(0, EnergyAccount.UNCHARGED.nanojoules());
        EnergyAccount mine = new EnergyAccount();
        mine.charge(P, 1_000_000_000L);
        mine.charge(P, 500_000_000L);
        assertEquals(3_000_000_000L, mine.nanojoules());
    }
}
