package dev.ispd.plan;

import static dev.ispd.plan.Predicate.compare;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.examples.worldcup.importer.ImportFormat;
import dev.ispd.examples.worldcup.importer.RealSample;
import dev.ispd.examples.worldcup.importer.WorldCupImporter;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.worldcup.WorldCup98;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plan interpreter's fast path for the common aggregates ({@link DenseGroupScan}, in the
 * tasklets module, tested there on generated records) on the real WorldCup98 sample: Q1, Q2 and
 * a filtered COUNT and SUM give the general loop's result bytes and meter, count for count.
 * Here because this module imports the sample; in the plan package for the general loop.
 */
class DenseGroupScanSampleTest {
    @Test
    void theRealSampleAggregatesAsInTheGeneralLoop() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WorldCupLogWriter out = WorldCupLogWriter.of(bytes, false, WorldCup98.RECORD_SIZE)) {
            new WorldCupImporter(ImportFormat.CSV).importFile(RealSample.locate(), out);
        }
        byte[] sample = bytes.toByteArray();
        assertEquals(RealSample.LINES * WorldCup98.RECORD_SIZE, sample.length);
        Layout wc = Layout.worldCup98(WorldCup98.RECORD_SIZE);
        for (Plan plan : List.of(
                Plan.aggregate(wc, null, List.of("region"), List.of(Aggregate.countStar())),
                Plan.aggregate(wc, null, List.of("region", "type"), List.of(Aggregate.countStar())),
                Plan.aggregate(wc, compare("status", CompareOp.GE, 64), List.of("method", "region"),
                        List.of(Aggregate.count("size"), Aggregate.sum("size"))))) {
            HostRunner.Result fast = run(new PlanTasklet(plan, PlanLimits.DRIVE), sample);
            HostRunner.Result general = run(new PlanTasklet(plan, PlanLimits.DRIVE, false), sample);
            assertArrayEquals(general.bytes(), fast.bytes(), "result bytes of " + plan);
            Meter loop = new Meter(); // the general loop's counts of what it did one at a time say which loop ran
            loop.addRecordsOneAtATime(general.meter().records());
            loop.addRowsOneAtATime(general.meter().rowsOneAtATime());
            assertEquals(loop, general.meter().since(fast.meter()), "meters of " + plan);
        }
    }

    private static HostRunner.Result run(PlanTasklet tasklet, byte[] data) throws IOException {
        return new HostRunner(4096, 128).run(tasklet, List.of(new Extent(1, 0, data.length)),
                InMemoryPageSource.of(1, data));
    }
}
