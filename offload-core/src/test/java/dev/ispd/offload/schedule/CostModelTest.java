package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.sim.testing.WorldCupSamples;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cost model's predictions for one split on an idle drive against the device simulator's own
 * model (ModeledDrive, the DriveModel API) running the real tasklet's metered batches over a
 * generated log, with the commands a device split sends; and against HostModel for the host.
 */
class CostModelTest {
    /**
     * Stated tolerance of a device prediction against the simulator, one split on an idle drive:
     * 3% (measured: at most 2.1%, on the shipped profiles, q1 and q2 at 32 and 256 B). The
     * prediction counts one poll the simulator does not charge and streams each batch's read at
     * the scan rate, where the simulator books dies and buses one by one.
     */
    static final double DEVICE_TOLERANCE = 0.03;
    private static final int SPLIT_BYTES = 16 << 20;
    private static final HostModel HOST = new HostModel(Profiles.host("host-i5-2500"));

    static Stream<Arguments> cases() {
        return Stream.of("smartssd-2013", "pm1725-isc", "newport", "smartssd-fpga", "spu-2018", "kinetic-hdd")
                .flatMap(p -> Stream.of("q1", "q2").flatMap(q -> Stream.of(32, 256).map(e -> Arguments.of(p, q, e))));
    }

    /** What the simulator models for the split: create tasklet, create output, execute, scan, result read. */
    private static long simulatedNs(DeviceProfile profile, String query, int entrySize, byte[] data) throws Exception {
        ModeledDrive drive = new ModeledDrive(profile);
        long t = drive.command(drive.command(drive.command(0)));
        DriveModel.Execution exec = drive.beginExecution(t);
        HostRunner runner = new HostRunner(profile.pageSizeBytes(), profile.pagesPerBatch());
        HostRunner.Result r = runner.run(runner.create(query, params(entrySize), Params.EMPTY),
                List.of(new Extent(1, 0, data.length)), InMemoryPageSource.of(1, data), exec::batch);
        exec.finish(r.bytes().length);
        return drive.hostRead(exec.endNs(), r.bytes().length);
    }

    static Params params(int entrySize) {
        return Params.of("entrySize", Integer.toString(entrySize));
    }

    static Meter estimate(String query, int entrySize, long bytes, int pageSize) {
        return TaskletRegistry.builtins().find(query).orElseThrow().estimate(params(entrySize), bytes, pageSize);
    }

    static CostModel model(DeviceProfile profile) {
        return new CostModel(HOST, List.of(DriveCapabilities.parse(0, profile.capabilities())));
    }

    @ParameterizedTest
    @MethodSource("cases")
    void devicePredictionMatchesTheSimulatorOnAnIdleDrive(String profileName, String query, int entrySize) throws Exception {
        DeviceProfile profile = Profiles.device(profileName);
        byte[] data = WorldCupSamples.skewed(11, SPLIT_BYTES / entrySize, entrySize);
        long simulated = simulatedNs(profile, query, entrySize, data);
        SplitWork split = new SplitWork(0, 0, data.length, estimate(query, entrySize, data.length, profile.pageSizeBytes()));
        long predicted = model(profile).predict(split).device().timeNs();
        double error = predicted / (double) simulated - 1;
        assertTrue(Math.abs(error) <= DEVICE_TOLERANCE, profileName + " " + query + " at " + entrySize + " B: predicted "
                + predicted + " ns, simulated " + simulated + " ns (" + String.format("%+.1f%%", 100 * error) + ")");
    }

    @Test
    void hostPredictionIsTheHostModelsPrice() {
        DeviceProfile profile = Profiles.device("smartssd-2013");
        Meter work = estimate("q1", 256, SPLIT_BYTES, 8192);
        SplitCosts c = model(profile).predict(new SplitWork(0, 0, SPLIT_BYTES, work));
        HostCost hc = HOST.price(profile.link(), work, SPLIT_BYTES);
        assertEquals(hc.timeNs(), c.host().timeNs());
        assertEquals(hc.transferNs(), c.hostLinkNs());
        // the host's added energy plus the drive's read-out, which is small beside it
        assertTrue(c.host().energyNj() > hc.addedEnergyNj() && c.host().energyNj() < hc.addedEnergyNj() * 1.05);
    }
}
