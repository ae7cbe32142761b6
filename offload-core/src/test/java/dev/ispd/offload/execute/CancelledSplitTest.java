package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.ispd.client.Drive;
import dev.ispd.client.ExecutionCancelledException;
import dev.ispd.client.ObjectStat;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.protocol.ObjectKind;
import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A device split whose task is cancelled while its execution runs in a real in-JVM drive (paced,
 * so the execution takes long in wall time), by an interrupt of its thread or by the engine's
 * signal (a killed Spark task): the execution is cancelled, the split ends with
 * ExecutionCancelledException, counted as cancelled, not as a fault, neither retried nor run on
 * the host, and the instance it created is deleted.
 */
class CancelledSplitTest {
    private static final int ENTRY = 32;
    private static final TaskletSpec PLAN = TaskletSpec.plan("test-plan", Plan.aggregate(Layout.worldCup98(ENTRY),
            Predicate.eq("type", 1), List.of("region"), List.of(Aggregate.countStar())), "test");

    private static BytesOnADrive input;

    @BeforeAll
    static void start() throws IOException {
        byte[] data = new byte[2_000 * ENTRY];
        new Random(9).nextBytes(data);
        input = BytesOnADrive.paced(data, 1e6);
    }

    @AfterAll
    static void stop() throws IOException {
        input.close();
    }

    @ParameterizedTest(name = "interrupted {0}")
    @ValueSource(booleans = {true, false})
    void aCancelledSplitCancelsItsExecutionAndIsNeitherAFaultNorRetriedNorRunOnTheHost(boolean interrupt)
            throws Exception {
        Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
        AtomicBoolean killed = new AtomicBoolean();
        OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.DEVICE_RETRIES.name(), "2",
                OffloadKeys.DEVICE_TIMEOUT_MS.name(), "60000",
                OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), "0")); // the paced drive would straggle: no race
        SplitExecutor executor = SplitExecutor.create(settings, PLAN, "cancelled-job", new DrivePool(Drive::connect),
                path -> input.reader(), (m, n) -> counts.merge(m, n, Long::sum), Optional.empty(), killed::get);
        PlannedSplit split = SplitLayoutTest.wholeObject(input, ENTRY);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread task = new Thread(() -> {
            try {
                executor.run(split, (result, origin) -> { });
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        try (Drive d = Drive.connect(input.drives().address(0))) {
            task.start();
            while (tasklets(d).isEmpty()) { // the split created its instance, and executes it next
                TimeUnit.MILLISECONDS.sleep(5);
            }
            if (interrupt) {
                task.interrupt();
            } else {
                killed.set(true);
            }
            task.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(task.isAlive(), "the split stopped waiting");
            assertInstanceOf(ExecutionCancelledException.class, thrown.get());
            assertEquals(Map.of(SplitMetric.SPLITS_PLANNED_ON_DEVICE, 1L, SplitMetric.DEVICE_RUNS_CANCELLED, 1L), counts);
            assertEquals(List.of(), tasklets(d), "the split's own tasklet instance is deleted");
        }
    }

    private static List<ObjectStat> tasklets(Drive d) throws IOException {
        return d.list().stream().filter(o -> o.kind() == ObjectKind.TASKLET).toList();
    }
}
