package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.testing.WorldCupSamples;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 10, failure E: a client's share of the drive is bounded (executions per connection,
 * extents per EXECUTE) and the execution runner takes turns between connections, so a small
 * scan is not stuck behind a huge one. Timing is asserted as ordering, never as wall time.
 */
@Timeout(120)
class ExecutionLimitsTest {
    private static final int ENTRY = 32;
    private static final int PAGE = 4096;

    /** A 256-page object of WorldCup98 entries, and a q1 tasklet instance over them. */
    private record Data(long object, long tasklet) {
        static Data load(TestClient c) throws IOException {
            long object = c.create(0);
            c.write(object, 0, WorldCupSamples.generate(7, 256 * PAGE / ENTRY, ENTRY));
            return new Data(object, c.createTasklet("q1", Params.of("entrySize", Integer.toString(ENTRY))));
        }

        /** {@code n} extents each covering the whole object. */
        List<Extent> wholeObject(int n) {
            return Collections.nCopies(n, new Extent(object, 0, 256L * PAGE));
        }

        /** {@code n} one-page extents cycling over the object. */
        List<Extent> pages(int n) {
            List<Extent> extents = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                extents.add(new Extent(object, (long) (i % 256) * PAGE, PAGE));
            }
            return extents;
        }
    }

    @Test
    void aSmallScanFinishesWhileAHugeOneRuns() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.start(1);
             TestClient big = TestClient.connect(drives.address(0));
             TestClient small = TestClient.connect(drives.address(0))) {
            Data data = Data.load(big);
            long huge = big.execute(data.tasklet(), 0, Params.EMPTY, data.pages(Limits.MAX_EXTENTS));
            Responses.Poll running = big.poll(huge);
            while (running.pagesDone() == 0 && !running.state().isFinished()) {
                running = big.poll(huge);
            }
            long quick = small.execute(data.tasklet(), 0, Params.EMPTY, data.pages(4));
            Responses.Poll quickDone = small.await(quick);
            Responses.Poll hugeThen = big.poll(huge);
            assertEquals(ExecutionState.DONE, quickDone.state(), quickDone.errorMessage());
            assertTrue(hugeThen.pagesDone() < hugeThen.pagesTotal(), "the small scan finished before the "
                    + Limits.MAX_EXTENTS + "-extent one, which had done " + hugeThen.pagesDone() + " of "
                    + hugeThen.pagesTotal() + " pages");
            assertEquals(ExecutionState.CANCELLED, big.cancel(huge));
        }
    }

    @Test
    void executionsPerConnectionAndExtentsPerExecuteAreLimited() throws IOException {
        try (EmbeddedDrives drives = EmbeddedDrives.builder()
                .options(o -> o.maxExecutionsPerConnection(2).maxExtentsPerExecute(1000)).start();
             TestClient c = TestClient.connect(drives.address(0));
             TestClient other = TestClient.connect(drives.address(0))) {
            Data data = Data.load(c);
            TestClient.Reply tooMany = c.call(new Requests.Execute(data.tasklet(), 0, Params.EMPTY, data.pages(1001)));
            assertEquals(Status.LIMIT_EXCEEDED, tooMany.status());
            assertTrue(tooMany.message().contains("max_extents_per_execute"), tooMany.message());

            List<Long> mine = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                mine.add(c.execute(data.tasklet(), 0, Params.EMPTY, data.wholeObject(1000))); // 1 GB each
            }
            TestClient.Reply third = c.call(new Requests.Execute(data.tasklet(), 0, Params.EMPTY, data.pages(1)));
            assertEquals(Status.LIMIT_EXCEEDED, third.status());
            assertTrue(third.message().contains("max_executions_per_connection"), third.message());
            long theirs = other.execute(data.tasklet(), 0, Params.EMPTY, data.pages(1));
            assertEquals(ExecutionState.DONE, other.await(theirs).state(), "another connection is not limited");
            for (long id : mine) {
                assertEquals(ExecutionState.CANCELLED, c.cancel(id));
            }
            long again = c.execute(data.tasklet(), 0, Params.EMPTY, data.pages(1));
            assertEquals(ExecutionState.DONE, c.await(again).state(), "finished executions free the connection's slots");

            Responses.DeviceInfo info = c.info();
            assertEquals("2", info.capabilities().asMap().get("limit.max_executions_per_connection"));
            assertEquals("1000", info.capabilities().asMap().get("limit.max_extents_per_execute"));
        }
    }
}
