package dev.ispd.sim.dram;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.profile.DramSpec;
import dev.ispd.profile.Power;
import dev.ispd.sim.energy.EnergyAccount;
import org.junit.jupiter.api.Test;

class DramTest {
    private final Dram dram = new Dram(new DramSpec(215, 1_600_000_000, new Power(440_000_000, 90_000_000)));

    @Test
    void bulkTransfersAndFieldLoadsShareTheDram() {
        assertEquals(215 * 32, dram.accessNs(32));
        long filled = dram.transfer(0, 1_600_000, EnergyAccount.UNCHARGED);
        assertEquals(1_000_000, filled);
        dram.timeline().reserve(filled, dram.accessNs(1_000));
        assertEquals(1_000_000 + 215_000 + 1_000_000, dram.transfer(0, 1_600_000, EnergyAccount.UNCHARGED));
    }

    @Test
    void chargesActivePowerForItsWork() {
        EnergyAccount account = new EnergyAccount();
        dram.transfer(0, 1_600_000_000, account);
        dram.chargeAccesses(1_000_000_000, account);
        assertEquals(2 * 440_000_000L, account.nanojoules());
        assertEquals(440_000_000L + 90_000_000L, dram.usage(2_000_000_000L).energyNj());
    }
}
