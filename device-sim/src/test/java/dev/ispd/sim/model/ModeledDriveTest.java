package dev.ispd.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.profile.ComputeSpec;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.profile.Units;
import dev.ispd.sim.testing.Workloads;
import dev.ispd.sim.compute.TaskletCores;
import dev.ispd.tasklet.Meter;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ModeledDriveTest {
    private static final DeviceProfile SMART = Profiles.device("smartssd-2013");
    private static final long PAGES = 12_800;

    @Test
    void twoExecutionsOnOneDriveTakeLongerThanOne() {
        long alone = Workloads.aloneNs(SMART, PAGES, Workloads.q1(32));
        ModeledDrive drive = new ModeledDrive(SMART);
        DriveModel.Execution a = drive.beginExecution(0);
        DriveModel.Execution b = drive.beginExecution(0);
        for (long done = 0; done < PAGES; done += SMART.pagesPerBatch()) {
            batch(a, SMART.pagesPerBatch(), Workloads.q1(32));
            batch(b, SMART.pagesPerBatch(), Workloads.q1(32));
        }
        a.finish(0);
        b.finish(0);
        assertTrue(a.modeledNs() > alone && b.modeledNs() > alone);
        // both are flash-bound: sharing the channels, the pair needs about twice as long
        assertTrue(Math.max(a.modeledNs(), b.modeledNs()) > 1.8 * alone,
                "pair " + a.modeledNs() + "/" + b.modeledNs() + " vs alone " + alone);
    }

    @Test
    void aHostWriteConcurrentWithAnExecutionDelaysIt() {
        long alone = Workloads.aloneNs(SMART, PAGES, Workloads.q1(32));
        ModeledDrive drive = new ModeledDrive(SMART);
        long written = drive.hostWrite(0, 64L << 20);
        DriveModel.Execution e = Workloads.scan(drive.beginExecution(0), SMART, PAGES, Workloads.q1(32), 0);
        assertTrue(e.modeledNs() > alone, e.modeledNs() + " should exceed " + alone);
        assertTrue(written > 0);
    }

    @Test
    void serviceTimeIsTheExecutionAloneWhateverElseTheDriveDoes() {
        Workloads.PerPage q1 = Workloads.q1(32);
        long alone = Workloads.aloneNs(SMART, PAGES, q1);
        DriveModel.Execution solo = Workloads.scan(new ModeledDrive(SMART).beginExecution(0), SMART, PAGES, q1, 64);
        assertEquals(solo.modeledNs(), solo.serviceNs(), "alone, the execution waits for nothing");

        ModeledDrive drive = new ModeledDrive(SMART);
        drive.hostWrite(0, 64L << 20);
        DriveModel.Execution a = drive.beginExecution(0);
        DriveModel.Execution b = drive.beginExecution(0);
        for (long done = 0; done < PAGES; done += SMART.pagesPerBatch()) {
            batch(a, SMART.pagesPerBatch(), q1);
            drive.hostRead(0, 1L << 20);
            batch(b, SMART.pagesPerBatch(), q1);
        }
        a.finish(64);
        b.finish(64);
        assertTrue(a.modeledNs() > alone && b.modeledNs() > a.modeledNs(), a.modeledNs() + " / " + b.modeledNs());
        assertEquals(solo.serviceNs(), a.serviceNs(), "the write, the reads and the other scan are left out");
        assertEquals(solo.serviceNs(), b.serviceNs());
        assertEquals(solo.energyNj(), b.energyNj(), "an execution is charged its own active time, waits or not");
    }

    @Test
    void theIdleDrivesForgottenPastChangesNoServiceTime() {
        for (String name : Profiles.deviceNames()) {
            DeviceProfile p = Profiles.device(name);
            DriveModel.Execution e = new ModeledDrive(p).beginExecution(1_000);
            Random random = new Random(11);
            // more batches than a timeline keeps intervals, with work that varies from batch to batch
            for (int i = 0; i < 5_000; i++) {
                long pages = 1 + random.nextInt(p.pagesPerBatch());
                Meter m = new Meter();
                Workloads.q1(1 + random.nextInt(64)).add(m, pages);
                e.batch(pages, pages * p.pageSizeBytes(), m);
            }
            e.finish(1 << 20);
            assertEquals(e.modeledNs(), e.serviceNs(),
                    name + ": the drive keeps its whole history, its idle twin forgets");
        }
    }

    @Test
    void aHostReadWaitsForFlashAnExecutionHasBooked() {
        ModeledDrive idle = new ModeledDrive(SMART);
        long quiet = idle.hostRead(0, 8L << 20);
        ModeledDrive busy = new ModeledDrive(SMART);
        Workloads.scan(busy.beginExecution(0), SMART, PAGES, Workloads.q1(32), 0);
        long contended = busy.hostRead(0, 8L << 20);
        assertTrue(contended > quiet, contended + " vs " + quiet);
    }

    @Test
    void sameCallsGiveTheSameSnapshot() {
        assertEquals(script(new ModeledDrive(SMART)), script(new ModeledDrive(SMART)));
        DeviceProfile fpga = Profiles.device("smartssd-fpga");
        assertEquals(script(new ModeledDrive(fpga)), script(new ModeledDrive(fpga)));
    }

    @Test
    void twoDrivesInOneJvmAreIndependent() {
        ModeledDrive a = new ModeledDrive(SMART);
        ModeledDrive b = new ModeledDrive(SMART);
        DriveModel.LogSnapshot before = b.snapshot();
        script(a);
        assertEquals(before, b.snapshot());
        assertNotEquals(before, a.snapshot());
    }

    @Test
    void componentEnergiesAddUpToTheTotal() {
        ModeledDrive drive = new ModeledDrive(SMART);
        DriveModel.LogSnapshot s = script(drive);
        long topLevel = 0;
        for (DriveModel.ComponentLog c : s.components()) {
            if (!c.name().contains(".")) {
                topLevel += c.energyNj();
            }
            assertTrue(c.busyNs() <= s.nowNs(), c.name());
        }
        assertEquals(s.energyNj(), topLevel);
        assertEquals(List.of("link", "controller", "dram", "flash", "cores"),
                s.components().stream().map(DriveModel.ComponentLog::name).filter(n -> !n.contains(".")).toList());
        assertEquals(energy(s, "flash"), sumOfParts(s, "flash.channel."));
        assertEquals(energy(s, "cores"), sumOfParts(s, "cores."));
        assertEquals(SMART.flash().channels(), s.components().stream().filter(c -> c.name().startsWith("flash.channel.")).count());
    }

    @Test
    void idleEnergyAccruesWhenNothingRuns() {
        ModeledDrive drive = new ModeledDrive(SMART);
        DriveModel.LogSnapshot start = drive.snapshot();
        assertEquals(0, start.nowNs());
        assertEquals(0, start.energyNj());
        long second = 1_000_000_000L;
        long done = drive.command(second);
        DriveModel.LogSnapshot later = drive.snapshot();
        assertEquals(done, later.nowNs());
        long idleNw = Math.round(Double.parseDouble(SMART.capabilities().get("power.idleMw")) * 1_000_000);
        long idleOnly = Units.energyNj(idleNw, later.nowNs());
        assertTrue(later.energyNj() >= idleOnly, later.energyNj() + " < " + idleOnly);
        assertTrue(later.energyNj() < idleOnly + 1_000_000, "one command adds well under a millijoule");
        // busy components are the command's only
        for (DriveModel.ComponentLog c : later.components()) {
            long expected = switch (c.name()) {
                case "link" -> SMART.link().commandLatencyNs();
                case "controller" -> SMART.controller().commandNs();
                default -> 0;
            };
            assertEquals(expected, c.busyNs(), c.name());
        }
    }

    @Test
    void commandsOccupyLinkAndControllerTogether() {
        ModeledDrive drive = new ModeledDrive(SMART);
        long first = drive.command(0);
        assertEquals(SMART.link().commandLatencyNs(), first);
        long second = drive.command(0);
        assertEquals(2 * first, second, "the SATA link carries one command at a time");
    }

    @Test
    void hostReadsRunAtTheSlowerOfLinkAndFlash() {
        long bytes = 256L << 20;
        assertRate(SMART, bytes, SMART.link().bandwidthBytesPerSec());
        DeviceProfile newport = Profiles.device("newport");
        assertRate(newport, bytes, newport.link().bandwidthBytesPerSec());
        DeviceProfile kinetic = Profiles.device("kinetic-hdd");
        assertRate(kinetic, 64L << 20, kinetic.flash().readBytesPerSec());
    }

    @Test
    void kineticWritesRunAtItsMeasuredRate() {
        DeviceProfile kinetic = Profiles.device("kinetic-hdd");
        long bytes = 64L << 20;
        long ns = new ModeledDrive(kinetic).hostWrite(0, bytes);
        double mbPerSec = bytes / (ns / 1e9) / 1e6;
        assertEquals(63, mbPerSec, 2.0);
    }

    @Test
    void taskletScansReadAtTheProfilesScanRate() {
        for (String name : Profiles.deviceNames()) {
            DeviceProfile p = Profiles.device(name);
            long pages = 64L * p.pagesPerBatch();
            long ns = Workloads.aloneNs(p, pages, (m, n) -> { });
            double rate = pages * p.pageSizeBytes() / (ns / 1e9);
            assertEquals(p.scanReadBytesPerSec(), rate, 0.05 * p.scanReadBytesPerSec(), name);
        }
    }

    @Test
    void overlapOfReadAndComputeShortensAScan() {
        DeviceProfile serial = new DeviceProfile(SMART.name(), SMART.description(), SMART.capacityBytes(),
                SMART.pagesPerBatch(), SMART.link(), SMART.controller(), SMART.flash(), SMART.dram(),
                withOverlap(false), SMART.parameters());
        long pipelined = Workloads.aloneNs(SMART, PAGES, Workloads.q1(32));
        long sequential = Workloads.aloneNs(serial, PAGES, Workloads.q1(32));
        long readOnly = Workloads.aloneNs(SMART, PAGES, (m, n) -> { });
        long computeOnly = new TaskletCores(SMART.compute())
                .workNs(Workloads.total(PAGES, Workloads.q1(32))) + PAGES * 32 * SMART.dram().accessLatencyNs();
        assertTrue(sequential > pipelined);
        assertTrue(sequential >= readOnly + computeOnly - readOnly / 20, sequential + " vs " + readOnly + " + " + computeOnly);
        assertTrue(pipelined < readOnly * 1.1, "Q1 at 256 B is flash-bound when overlapped");
    }

    @Test
    void executionReportsProgressEnergyAndEstimates() {
        ModeledDrive drive = new ModeledDrive(SMART);
        DriveModel.Execution e = drive.beginExecution(1_000);
        long perPage = Units.transferNs(SMART.pageSizeBytes(), SMART.scanReadBytesPerSec());
        assertEquals(1_000 * perPage, e.estimateRemainingNs(1_000));
        batch(e, 128, Workloads.q1(32));
        long afterOne = e.modeledNs();
        assertEquals(afterOne + 1_000, e.endNs());
        assertEquals(afterOne * 10, e.estimateRemainingNs(1_280), afterOne / 100.0);
        batch(e, 128, Workloads.q1(32));
        assertTrue(e.modeledNs() > afterOne);
        assertTrue(e.energyNj() > 0);
        long energyBefore = e.energyNj();
        e.finish(8192 * 3);
        assertTrue(e.energyNj() > energyBefore, "storing the result costs flash energy");
        assertThrows(IllegalStateException.class, () -> e.finish(0));
        assertThrows(IllegalStateException.class, () -> batch(e, 1, Workloads.q1(1)));
        assertEquals(0, e.estimateRemainingNs(0));
        assertTrue(drive.snapshot().nowNs() >= e.endNs());
    }

    @Test
    void executionEnergyIsPartOfTheDrivesActiveEnergy() {
        ModeledDrive drive = new ModeledDrive(SMART);
        DriveModel.Execution e = Workloads.scan(drive.beginExecution(0), SMART, PAGES, Workloads.q1(32), 0);
        DriveModel.LogSnapshot s = drive.snapshot();
        long idleNw = Math.round(Double.parseDouble(SMART.capabilities().get("power.idleMw")) * 1_000_000);
        assertTrue(e.energyNj() < s.energyNj());
        assertTrue(e.energyNj() > s.energyNj() - Units.energyNj(idleNw, s.nowNs()) - 1_000_000,
                "nearly all energy above idle is the execution's");
    }

    @Test
    void badArgumentsAreRejected() {
        ModeledDrive drive = new ModeledDrive(SMART);
        assertThrows(IllegalArgumentException.class, () -> drive.hostRead(-1, 10));
        assertThrows(IllegalArgumentException.class, () -> drive.hostWrite(0, -10));
        DriveModel.Execution e = drive.beginExecution(0);
        assertThrows(IllegalArgumentException.class, () -> e.batch(-1, 0, new Meter()));
        assertThrows(IllegalArgumentException.class, () -> e.finish(-1));
    }

    private static void assertRate(DeviceProfile p, long bytes, long expectedBytesPerSec) {
        long ns = new ModeledDrive(p).hostRead(0, bytes);
        double rate = bytes / (ns / 1e9);
        assertEquals(expectedBytesPerSec, rate, 0.03 * expectedBytesPerSec, p.name());
    }

    private static ComputeSpec withOverlap(boolean overlap) {
        ComputeSpec c = SMART.compute();
        return new ComputeSpec(c.cores(), c.clockHz(), c.cyclesPerRecord(), c.cyclesPerCompare(),
                c.cyclesPerHashUpdate(), c.cyclesPerByteOut(), c.cyclesPerInstruction(), c.cyclesPerArithmetic(), overlap, c.inputBandwidthBytesPerSec(), c.corePower());
    }

    /** A fixed mix of every call, as several connections and a worker would make them. */
    private static DriveModel.LogSnapshot script(ModeledDrive drive) {
        long clock = drive.command(0);
        clock = drive.hostWrite(clock, 3L << 20);
        DriveModel.Execution e = drive.beginExecution(clock);
        for (int i = 0; i < 20; i++) {
            batch(e, 128, Workloads.q2(32));
            if (i % 5 == 0) {
                drive.hostRead(clock, 1L << 20);
            }
        }
        e.finish(5_000);
        drive.command(e.endNs() + 1_000_000);
        return drive.snapshot();
    }

    private static void batch(DriveModel.Execution e, long pages, Workloads.PerPage work) {
        Meter m = new Meter();
        work.add(m, pages);
        e.batch(pages, pages * SMART.pageSizeBytes(), m);
    }

    private static long energy(DriveModel.LogSnapshot s, String name) {
        return s.components().stream().filter(c -> c.name().equals(name)).findFirst().orElseThrow().energyNj();
    }

    private static long sumOfParts(DriveModel.LogSnapshot s, String prefix) {
        return s.components().stream().filter(c -> c.name().startsWith(prefix)).mapToLong(DriveModel.ComponentLog::energyNj).sum();
    }
}
