package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.EmbeddedDriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.wasm.Calibration;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A module's splits are estimated before they run from a calibration run on a sample of the
 * input: the scheduler keeps a cheap module (q1.wasm) in the smart SSD and sends an expensive one
 * (wasm/tests/spin.wasm, a thousand steps of arithmetic per record) to the host, where the scan
 * alone would have placed both alike.
 */
class ModuleEstimateTest {
    private static final int ENTRY = 256;
    private static final int RECORDS = 32 * 1024;
    private static final String FILE = "osd:///wc";
    private static final Params PARAMS = Params.of("entrySize", Integer.toString(ENTRY));

    private static BytesOnADrive input;

    @BeforeAll
    static void start() throws IOException {
        input = BytesOnADrive.random(RECORDS * ENTRY, 3);
    }

    @AfterAll
    static void stop() throws IOException {
        input.close();
    }

    private static ModuleBinary module(String name, String relative) throws IOException {
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isDirectory(root.resolve("wasm"))) {
            root = root.getParent();
        }
        return new ModuleBinary(name, 1, Files.readAllBytes(root.resolve("wasm").resolve(relative)));
    }

    private static List<PlannedSplit> plan(ModuleBinary module) throws IOException {
        OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_POLICY.name(), "fastest"));
        return new SplitPlanner(settings, TaskletSpec.ofModule(module, PARAMS, "test"), new OneDrive(),
                new CorrectionBook()).plan(List.of(new InputFile(FILE, input.data().length, ENTRY)));
    }

    @Test
    void anExpensiveModuleIsPlacedOnTheHostAndACheapOneInTheDrive() throws IOException {
        List<PlannedSplit> cheap = plan(module("q1c", "examples/q1.wasm"));
        List<PlannedSplit> expensive = plan(module("spin", "tests/spin.wasm"));
        cheap.forEach(s -> assertEquals(Placement.DEVICE, s.decision().placement(), s.decision().reason()));
        expensive.forEach(s -> assertEquals(Placement.HOST, s.decision().placement(), s.decision().reason()));
        assertTrue(expensive.get(0).decision().device().timeNs() > 10 * cheap.get(0).decision().device().timeNs(),
                "the spin module's predicted device time is that of its work, not of the scan alone");
    }

    @Test
    void theCalibratedEstimateMatchesARunOverTheWholeInput() throws Exception {
        ModuleBinary q1 = module("q1c", "examples/q1.wasm");
        ByteBuffer sample = ByteBuffer.wrap(input.data(), 0, ModuleCalibration.SAMPLE_BYTES).slice();
        Calibration c = Calibration.measure(q1.factory(), PARAMS, sample, ENTRY, 8192, 128);
        Meter estimate = c.estimate(input.data().length, 8192);
        Meter actual = new HostRunner(TaskletRegistry.builtins().with(q1.factory()), 8192, 128).run(q1.taskletName(),
                PARAMS, Params.EMPTY, List.of(new Extent(1, 0, input.data().length)),
                InMemoryPageSource.of(1, input.data())).meter();
        assertEquals(actual.records(), estimate.records());
        assertEquals(actual.instructions(), estimate.instructions(), actual.instructions() / 100.0, "within 1%");
        assertEquals(actual.dramAccesses(), estimate.dramAccesses(), actual.dramAccesses() / 100.0, "within 1%");
        assertEquals(actual.pages(), estimate.pages());
    }

    /** The one drive holding the file in one object. */
    private static final class OneDrive implements OffloadStorage {
        @Override
        public DriveDirectory drives() {
            return new EmbeddedDriveDirectory(input.drives());
        }

        @Override
        public List<ChunkExtent> locate(String file, long length) {
            return List.of(new ChunkExtent(0, input.object(), 0, length, 0));
        }
    }
}
