package dev.ispd.sim.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Usage;
import org.junit.jupiter.api.Test;

class HostLinkTest {
    private static final LinkSpec SATA = new LinkSpec(300_000_000, 215_000, new Power(150_000_000, 50_000_000));

    @Test
    void transfersQueueAtTheLinkRate() {
        HostLink link = new HostLink(SATA);
        assertEquals(215_000, link.commandNs());
        assertEquals(1_000_000_000, link.transfer(0, 300_000_000, EnergyAccount.UNCHARGED));
        assertEquals(2_000_000_000, link.transfer(500, 300_000_000, EnergyAccount.UNCHARGED));
        assertEquals(3_000_000_000L, link.transfer(2_500_000_000L, 150_000_000, EnergyAccount.UNCHARGED));
    }

    @Test
    void energyIsActiveWhileTransferringAndIdleOtherwise() {
        HostLink link = new HostLink(SATA);
        EnergyAccount account = new EnergyAccount();
        link.transfer(0, 300_000_000, account);
        assertEquals(150_000_000, account.nanojoules());
        Usage u = link.usage(2_000_000_000L);
        assertEquals(1_000_000_000, u.busyNs());
        assertEquals(150_000_000 + 50_000_000, u.energyNj());
    }
}
