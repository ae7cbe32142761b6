package dev.ispd.sim.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.testing.Workloads;
import dev.ispd.tasklet.Meter;
import org.junit.jupiter.api.Test;

/**
 * The Smart SSD paper's results (papers/smart-ssd-kang-2013.txt V-B, V-C) hold in the model of
 * smartssd-2013 against host-i5-2500, on synthetic meters with the tasklets' counts. Here, not in
 * device-sim, because it sets the drive's model against the offload core's host model; in the
 * drive's package, beside what it tests.
 */
class CalibrationTest {
    private static final DeviceProfile SMART = Profiles.device("smartssd-2013");
    private static final HostModel HOST = new HostModel(Profiles.host("host-i5-2500"));
    private static final long GB_PAGES = (1L << 30) / 8192;
    private static final long ENTRIES = 7_000_000;

    @Test
    void microbenchmarkDeviceTimeGrowsWithDramAccessesWhileTheHostsStaysFlat() {
        long[] n = {128, 256, 512, 1024};
        long[] device = new long[n.length];
        long[] host = new long[n.length];
        for (int i = 0; i < n.length; i++) {
            device[i] = deviceNs(GB_PAGES, Workloads.microbench(n[i]));
            host[i] = hostNs(GB_PAGES, Workloads.microbench(n[i]));
        }
        for (int i = 1; i < n.length; i++) {
            double growth = device[i] / (double) device[i - 1];
            assertTrue(growth > 1.75 && growth < 2.05, "doubling accesses " + n[i - 1] + " -> " + n[i] + " grew device time x" + growth);
        }
        double hostSpread = host[n.length - 1] / (double) host[0];
        assertTrue(hostSpread < 1.05, "host time should stay flat, grew x" + hostSpread);
        long flashBound = deviceNs(GB_PAGES, Workloads.microbench(1));
        assertTrue(device[n.length - 1] > 10 * flashBound, "at 1024 accesses per page the device is far slower than reading");
    }

    @Test
    void microbenchmarkBreakEvenIsNear128AccessesPerPage() {
        // within +-25% of 128: the device wins at 96 accesses per page and loses at 160
        assertTrue(deviceNs(GB_PAGES, Workloads.microbench(96)) < hostNs(GB_PAGES, Workloads.microbench(96)));
        assertTrue(deviceNs(GB_PAGES, Workloads.microbench(160)) > hostNs(GB_PAGES, Workloads.microbench(160)));
    }

    @Test
    void q1On256ByteEntriesIsTwoToThreeTimesFasterOnTheDevice() {
        long pages = ENTRIES * 256 / 8192;
        long device = deviceNs(pages, Workloads.q1(32));
        long host = hostNs(pages, Workloads.q1(32));
        double speedup = host / (double) device;
        assertTrue(speedup >= 2.0 && speedup <= 3.0, "Q1 at 256 B: host/device = " + speedup);
    }

    @Test
    void q2NarrowsTheGapAt256Bytes() {
        long pages = ENTRIES * 256 / 8192;
        double q1 = hostNs(pages, Workloads.q1(32)) / (double) deviceNs(pages, Workloads.q1(32));
        double q2 = hostNs(pages, Workloads.q2(32)) / (double) deviceNs(pages, Workloads.q2(32));
        assertTrue(q2 < q1 && q2 > 1.0, "Q2 speedup " + q2 + " should be below Q1's " + q1 + " and above 1");
    }

    @Test
    void hostOptimizedBeatsTheDeviceAt32ByteEntries() {
        long pages = ENTRIES * 32 / 8192;
        long device = deviceNs(pages, Workloads.q1(256));
        long host = hostNs(pages, Workloads.q1(256));
        assertTrue(host < device, "Q1 at 32 B: host " + host + " ns should beat device " + device + " ns");
    }

    @Test
    void inStorageProcessingAddsHalfToEightTenthsOfAWatt() {
        for (long entrySize : new long[] {32, 64, 128, 256}) {
            long pages = ENTRIES * entrySize / 8192;
            ModeledDrive drive = new ModeledDrive(SMART);
            Workloads.scan(drive.beginExecution(0), SMART, pages, Workloads.q1(8192 / entrySize), 0);
            DriveModel.LogSnapshot s = drive.snapshot();
            double idleWatts = Double.parseDouble(SMART.capabilities().get("power.idleMw")) / 1000;
            double addedWatts = s.energyNj() / (double) s.nowNs() - idleWatts;
            assertTrue(addedWatts >= 0.5 && addedWatts <= 0.8, entrySize + " B entries: ISP adds " + addedWatts + " W");
        }
    }

    @Test
    void hostVersionsAdd35WattsToA44WattIdleSystem() {
        long pages = ENTRIES * 256 / 8192;
        HostCost c = HOST.price(SMART.link(), Workloads.total(pages, Workloads.q1(32)), pages * 8192);
        double total = c.energyNj() / (double) c.timeNs();
        double added = c.addedEnergyNj() / (double) c.timeNs();
        assertTrue(total >= 75 && total <= 82, "host system draws " + total + " W");
        assertTrue(Math.abs(added - 35) < 1, "host work adds " + added + " W");
    }

    @Test
    void deviceVersionSavesOverHalfTheSystemEnergy() {
        long pages = ENTRIES * 256 / 8192;
        long bytes = pages * 8192;
        ModeledDrive smart = new ModeledDrive(SMART);
        DriveModel.Execution e = Workloads.scan(smart.beginExecution(0), SMART, pages, Workloads.q1(32), 4096);
        long hostIdleNj = (long) (44.0 * e.modeledNs());
        long deviceSystemNj = hostIdleNj + smart.snapshot().energyNj();

        ModeledDrive plain = new ModeledDrive(SMART);
        HostCost c = HOST.price(SMART.link(), Workloads.total(pages, Workloads.q1(32)), bytes);
        plain.hostRead(0, bytes);
        long hostSystemNj = c.energyNj() + plain.snapshot().energyNj();
        assertTrue(deviceSystemNj < hostSystemNj / 2, "device " + deviceSystemNj + " nJ vs host " + hostSystemNj + " nJ");
    }

    private static long deviceNs(long pages, Workloads.PerPage work) {
        return Workloads.aloneNs(SMART, pages, work);
    }

    private static long hostNs(long pages, Workloads.PerPage work) {
        Meter m = Workloads.total(pages, work);
        return HOST.price(SMART.link(), m, pages * SMART.pageSizeBytes()).timeNs();
    }
}
