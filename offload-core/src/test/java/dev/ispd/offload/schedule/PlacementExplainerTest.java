package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.model.LocalHost;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Explain's table names the basis of each side's prediction: the profiles, or by how much observations corrected it. */
class PlacementExplainerTest {
    private static final String DRIVE = "tcp:node1:7070";

    private static SchedulerConfig config(String basis, boolean correction) {
        return OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_COST_BASIS.name(), basis,
                OffloadKeys.OFFLOAD_CORRECTION.name(), Boolean.toString(correction))).scheduler();
    }

    @Test
    void eachSideNamesItsBasis() {
        CorrectionBook book = new CorrectionBook();
        book.observeMeasured(CorrectionBook.measuredDeviceKey("q1", DRIVE), 100, 25);
        book.observe(CorrectionBook.hostKey("q1"), new Cost(100, 100), new Cost(200, 100));
        PlacementExplainer measured = new PlacementExplainer(config("measured", true), book, "q1", "q1");
        assertEquals("measured time x0.250 (1 samples)", measured.basis(Placement.DEVICE, DRIVE));
        assertEquals("profile (no samples)", measured.basis(Placement.HOST, DRIVE), "nothing measured on "
                + LocalHost.name());
        PlacementExplainer modeled = new PlacementExplainer(config("modeled", true), book, "q1", "q1");
        assertEquals("modeled time x1.300 (1 samples)", modeled.basis(Placement.HOST, DRIVE));
        assertEquals("profile (correction off)",
                new PlacementExplainer(config("measured", false), book, "q1", "q1").basis(Placement.DEVICE, DRIVE));
    }

    @Test
    void theTableHasARowPerDecision() {
        Meter m = TaskletRegistry.builtins().find("q1").orElseThrow().estimate(Params.of("entrySize", "256"), 1 << 28,
                8192);
        SchedulerConfig c = config("measured", true);
        List<Decision> ds = OffloadScheduler.create(c, List.of(Profiles.device("smartssd-2013").capabilities(),
                Profiles.device("smartssd-2013").capabilities()), new long[2], new CorrectionBook(), "q1",
                List.of(DRIVE, "tcp:node2:7070")).plan(List.of(new SplitWork(0, 0, 1 << 28, m), new SplitWork(1, 1, 1 << 28, m)));
        String table = new PlacementExplainer(c, new CorrectionBook(), "q1", "q1").table(ds,
                List.of(DRIVE, "tcp:node2:7070"));
        List<String> lines = table.lines().toList();
        assertEquals(4, lines.size(), table);
        assertTrue(lines.get(2).contains(ds.get(0).reason()) && lines.get(3).contains(ds.get(1).reason()), table);
    }
}
