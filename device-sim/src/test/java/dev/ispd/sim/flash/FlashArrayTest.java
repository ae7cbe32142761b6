package dev.ispd.sim.flash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.FlashSpec;
import dev.ispd.profile.Power;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.energy.EnergyAccount;
import dev.ispd.sim.energy.Usage;
import org.junit.jupiter.api.Test;

class FlashArrayTest {
    private static final FlashSpec SMART = Profiles.device("smartssd-2013").flash();

    @Test
    void onePageReadIsSenseThenTransfer() {
        FlashArray f = new FlashArray(SMART);
        assertEquals(SMART.readLatencyNs() + SMART.pageTransferNs(), f.read(0, 1, EnergyAccount.UNCHARGED));
    }

    @Test
    void onePageProgramIsTransferThenProgram() {
        FlashArray f = new FlashArray(SMART);
        assertEquals(1_000 + SMART.pageTransferNs() + SMART.programLatencyNs(), f.program(1_000, 1, EnergyAccount.UNCHARGED));
    }

    @Test
    void aBatchStripesOverChannelsAndInterleavesDies() {
        FlashArray f = new FlashArray(SMART);
        // 128 pages over 16 channels: 8 per channel, spread over 4 dies; the bus is the bottleneck
        long end = f.read(0, 128, EnergyAccount.UNCHARGED);
        assertEquals(SMART.readLatencyNs() + 8 * SMART.pageTransferNs(), end);
    }

    @Test
    void sustainedReadMatchesTheSpecsRate() {
        FlashArray f = new FlashArray(SMART);
        long t = 0;
        long pages = 0;
        for (int i = 0; i < 200; i++) {
            t = f.read(t, 128, EnergyAccount.UNCHARGED);
            pages += 128;
        }
        double rate = pages * SMART.pageSizeBytes() / (t / 1e9);
        assertEquals(SMART.readBytesPerSec(), rate, 0.02 * SMART.readBytesPerSec());
    }

    @Test
    void fewDiesCannotHideTheReadLatency() {
        FlashSpec slow = new FlashSpec(1, 1, 4096, 100_000, 100_000, 400_000_000, 1.0, new Power(1, 0));
        FlashArray f = new FlashArray(slow);
        long end = f.read(0, 10, EnergyAccount.UNCHARGED);
        assertEquals(10 * (100_000 + slow.pageTransferNs()), end);
        assertEquals(slow.readBytesPerSec(), 1L * 4096 * 1_000_000_000L / (100_000 + slow.pageTransferNs()));
    }

    @Test
    void fewDiesPaceProgramsByTheProgramLatency() {
        FlashSpec slow = new FlashSpec(1, 2, 4096, 10_000, 300_000, 400_000_000, 1.0, new Power(1, 0));
        FlashArray f = new FlashArray(slow);
        long x = slow.pageTransferNs();
        // two dies alternate: each page waits for its die's previous program, not for the bus
        long end = f.program(0, 5, EnergyAccount.UNCHARGED);
        assertEquals(2 * (x + 300_000) + x + 300_000, end);
        assertEquals(5 * x, f.usage(end).busyNs(), "the bus carries every page once");
    }

    @Test
    void aRunWaitsAsAWholeForItsBusyDiesAndBus() {
        FlashArray f = new FlashArray(SMART);
        long first = f.read(0, 128, EnergyAccount.UNCHARGED);
        // the same dies and buses again, asked for from time 0: every channel's run follows the first
        long second = f.read(0, 128, EnergyAccount.UNCHARGED);
        assertEquals(first + 8 * SMART.pageTransferNs(), second);
        // each bus has carried its 8 + 8 pages
        assertEquals(16 * SMART.pageTransferNs(), f.usage(second).busyNs());
    }

    @Test
    void programsDelayReadsOfTheSameDies() {
        FlashArray quiet = new FlashArray(SMART);
        long alone = quiet.read(0, 64, EnergyAccount.UNCHARGED);
        FlashArray busy = new FlashArray(SMART);
        busy.program(0, 64, EnergyAccount.UNCHARGED);
        long after = busy.read(0, 64, EnergyAccount.UNCHARGED);
        assertTrue(after > alone, after + " vs " + alone);
    }

    @Test
    void diesDrawActivePowerOnlyWhileTheyWork() {
        FlashArray f = new FlashArray(SMART);
        EnergyAccount account = new EnergyAccount();
        long end = f.read(0, 128, account);
        long activePerPage = SMART.readLatencyNs() + SMART.pageTransferNs();
        assertEquals(128 * SMART.diePower().activeNj(activePerPage), account.nanojoules(), 128);
        Usage u = f.usage(end);
        assertEquals(SMART.channels(), u.parts().size());
        long sum = u.parts().stream().mapToLong(Usage::energyNj).sum();
        assertEquals(sum, u.energyNj());
        assertEquals(8 * SMART.pageTransferNs(), u.busyNs(), "mean bus time per channel");
        long dies = SMART.dies();
        long expected = 128 * SMART.diePower().activeNj(activePerPage)
                + SMART.diePower().energyNj(0, dies * end - 128 * activePerPage);
        assertEquals(expected, u.energyNj(), dies * 2);
    }
}
