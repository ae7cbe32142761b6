package dev.ispd.offload.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.HostProfile;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Profiles;
import dev.ispd.tasklet.Meter;
import org.junit.jupiter.api.Test;

class HadoopPathModelTest {
    private final HostProfile host = Profiles.host("host-i5-2500");
    private final HadoopPathModel model = new HadoopPathModel(host);
    private final LinkSpec sata = Profiles.device("smartssd-2013").link();

    @Test
    void inputCrossesTheLinkAsForTheOptimizedHost() {
        long bytes = 64L << 20;
        HostCost normal = model.price(sata, new HadoopTaskCounts(bytes, 0, 0, 0, 0, 0, 0));
        HostCost optimized = new HostModel(host).price(sata, new Meter(), bytes);
        assertEquals(optimized.transferNs(), normal.transferNs());
        assertEquals(optimized.timeNs(), normal.timeNs());
        assertEquals(optimized.energyNj(), normal.energyNj());
    }

    @Test
    void eachCounterCostsItsCyclesOnOneCore() {
        HostCost c = model.price(sata, new HadoopTaskCounts(0, 1_000, 1_000, 17_000, 1_000, 10, 0));
        long cycles = 1_000 * 300 + 1_000 * 300 + 17_000 * 2 + 1_000 * 150 + 10 * 400;
        assertEquals((cycles * 1_000_000_000L + 3_300_000_000L - 1) / 3_300_000_000L, c.computeNs());
        assertEquals(0, c.transferNs());
        assertEquals(c.computeNs(), c.cpuNs());
        assertEquals(c.computeNs() * 79, c.energyNj());
        assertEquals(c.computeNs() * 44, c.idleEnergyNj());
    }

    @Test
    void intermediateFilesGoThroughTheLocalDisk() {
        long local = 100_000_000;
        HostCost c = model.price(sata, new HadoopTaskCounts(0, 0, 0, 0, 0, 0, local));
        assertEquals(1_000_000_000L, c.transferNs(), "100 MB at 100 MB/s");
        assertEquals((local * 5 * 1_000_000_000L + 3_300_000_000L - 1) / 3_300_000_000L, c.computeNs());
        assertTrue(c.cpuNs() > c.computeNs(), "the kernel copies the intermediate bytes");
    }

    @Test
    void hostNormalQ1CostsMoreThanHostOptimizedPerEntry() {
        long entries = 1_000_000;
        Meter q1 = new Meter();
        q1.addRecords(entries);
        q1.addDramAccesses(entries);
        q1.addHashUpdates(entries);
        HostCost optimized = new HostModel(host).price(sata, q1, entries * 256);
        HostCost normal = model.price(sata, new HadoopTaskCounts(entries * 256, entries, entries, entries * 17,
                entries + 64, 64, 4_096));
        assertTrue(normal.timeNs() > optimized.timeNs() * 1.15, normal + " vs " + optimized);
    }

    @Test
    void negativeCountsAreRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new HadoopTaskCounts(0, -1, 0, 0, 0, 0, 0));
        assertTrue(e.getMessage().contains("mapInputRecords=-1"), e.getMessage());
    }
}
