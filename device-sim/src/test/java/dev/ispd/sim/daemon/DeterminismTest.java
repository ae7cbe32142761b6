package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.testing.WorldCupSamples;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The same sequential workload on two fresh drives gives the same modeled figures, to the nanosecond. */
class DeterminismTest {

    /** What one run reports: the execution's final poll and the drive's log at the end. */
    private record Figures(Responses.Poll poll, Responses.DeviceLog log) { }

    private static Figures run() throws Exception {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1); TestClient c = TestClient.connect(drives.address(0))) {
            byte[] data = WorldCupSamples.generate(3, 40_000, 64);
            long in = c.create(0);
            int chunk = 1 << 20;
            for (int off = 0; off < data.length; off += chunk) {
                c.write(in, off, java.util.Arrays.copyOfRange(data, off, Math.min(data.length, off + chunk)));
            }
            long out = c.create(0);
            long q1 = c.createTasklet("q1", Params.of("entrySize", "64"));
            long exec = c.execute(q1, out, Params.EMPTY, List.of(new Extent(in, 0, data.length)));
            Responses.Poll p = c.await(exec);
            assertEquals(ExecutionState.DONE, p.state(), p.errorMessage());
            c.result(exec);
            c.read(out, 0, (int) p.resultBytes());
            c.read(in, 4096, 100_000);
            return new Figures(c.poll(exec), c.log());
        }
    }

    @Test
    void sameWorkloadSameFigures() throws Exception {
        Figures first = run();
        Figures second = run();
        assertTrue(first.poll().modeledNs() > 0 && first.poll().modeledEnergyNj() > 0, first.poll().toString());
        assertTrue(first.log().modeledNowNs() > first.poll().modeledNs(), first.log().toString());
        assertTrue(first.log().energyNj() > 0 && !first.log().components().isEmpty(), first.log().toString());
        assertEquals(first.poll().modeledOnly(), second.poll().modeledOnly());
        assertEquals(first.log(), second.log());
    }
}
