package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.client.Drive;
import dev.ispd.offload.model.HostModel;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.TaskletSpec;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.BytesOnADrive;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.Predicate;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Extent;
import dev.ispd.sim.metrics.Scrape;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A device split the drive refuses for what it is: a GROUP BY of a computed key with a hundred
 * aggregates, over more distinct keys than a drive's result holds rows of them, ends in
 * LIMIT_EXCEEDED ({@code resultBytes}: the group table's partial rows outgrow the result).
 * No other drive and no retry would do better, so the split runs on the host at once: the drive
 * is asked once, even with retries to spare, the refusal is counted (not as a fault, and not
 * against the drive), and the answer is the host's run of the same plan.
 */
class RefusedSplitTest {
    private static final int ENTRY = 32;
    /** More distinct clients than a drive's result holds rows of {@link #PLAN}'s (201 words each: about 41,700). */
    private static final int RECORDS = (int) PlanLimits.DRIVE.maxGroups() + 4_000;
    private static final TaskletSpec PLAN = TaskletSpec.plan("many-groups", Plan.aggregateOf(Layout.worldCup98(ENTRY),
            Predicate.eq("method", 0), List.of(Expr.add(Expr.field("clientID"), Expr.lit(1))),
            IntStream.range(0, 100).mapToObj(a -> Aggregate.min(Expr.add(Expr.field("size"), Expr.lit(a)))).toList()),
            "test");

    private static BytesOnADrive input;

    @BeforeAll
    static void start() throws IOException {
        ByteBuffer data = ByteBuffer.allocate(RECORDS * ENTRY);
        new Random(5).nextBytes(data.array());
        for (int r = 0; r < RECORDS; r++) {
            data.putInt(r * ENTRY + WorldCup98.CLIENT_ID_OFFSET, r); // every record a client of its own
            data.put(r * ENTRY + WorldCup98.METHOD_OFFSET, (byte) 0);
        }
        input = BytesOnADrive.metered(data.array());
    }

    @AfterAll
    static void stop() throws IOException {
        input.close();
    }

    @Test
    void aPlanBeyondTheDrivesResultRunsOnTheHostWithoutARetry() throws Exception {
        Map<SplitMetric, Long> counts = new EnumMap<>(SplitMetric.class);
        OffloadSettings settings = OffloadSettings.of(Map.of(OffloadKeys.DEVICE_RETRIES.name(), "2",
                OffloadKeys.DEVICE_AVOID_AFTER.name(), "2",
                OffloadKeys.DEVICE_TIMEOUT_MS.name(), "60000",
                OffloadKeys.DEVICE_DEADLINE_FLOOR_MS.name(), "60000", // a hundred aggregates on a loaded machine
                OffloadKeys.DEVICE_STRAGGLER_FACTOR.name(), "0"));
        SplitExecutor executor = SplitExecutor.create(settings, PLAN, "refused-job", new DrivePool(Drive::connect),
                path -> input.reader(), (m, n) -> counts.merge(m, n, Long::sum), Optional.empty(), () -> false);
        PlannedSplit split = SplitLayoutTest.wholeObject(input, ENTRY);
        List<byte[]> results = new ArrayList<>();
        executor.run(split, (result, origin) -> results.add(result));

        Scrape drive = Scrape.of(input.drives().drive(0).metricsPort());
        assertEquals(1, drive.value("ispd_drive_execution_failures_total{status=\"limit_exceeded\"}"),
                "the drive ran the plan once");
        assertEquals(1, drive.value("ispd_drive_tasklet_limit_hits_total{limit=\"resultBytes\"}"));
        assertEquals(Map.of(SplitMetric.SPLITS_PLANNED_ON_DEVICE, 1L, SplitMetric.DEVICE_REFUSALS, 1L,
                SplitMetric.FALLBACKS, 1L, SplitMetric.SPLITS_ON_HOST, 1L), withoutCosts(counts));

        byte[] onHost = new HostExecution(path -> input.reader(), new HostModel(Profiles.host("host-i5-2500")), PLAN,
                (m, n) -> { }).run(split, List.of(new Extent(0, 0, input.data().length))).result();
        assertEquals(1, results.size());
        assertArrayEquals(onHost, results.get(0), "the host's answer");
        assertEquals(RECORDS, PlanResult.decode(results.get(0)).rows().size(), "a group per client");
        executor.run(split, (result, origin) -> { });
        assertEquals(2, Scrape.of(input.drives().drive(0).metricsPort())
                .value("ispd_drive_execution_failures_total{status=\"limit_exceeded\"}"),
                "the refusals do not make the job avoid the drive (after 2 failures): its next split asked it too");
    }

    /** The counts but zeros and the modeled, predicted and byte figures, which vary with the host and the drive's profile. */
    private static Map<SplitMetric, Long> withoutCosts(Map<SplitMetric, Long> counts) {
        Map<SplitMetric, Long> out = new EnumMap<>(counts);
        out.entrySet().removeIf(e -> e.getValue() == 0 || e.getKey().name().startsWith("MODELED_")
                || e.getKey().name().startsWith("PREDICTED_") || e.getKey().name().startsWith("BYTES_"));
        return out;
    }
}
