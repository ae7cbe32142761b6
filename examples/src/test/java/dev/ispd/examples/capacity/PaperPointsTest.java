package dev.ispd.examples.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.examples.capacity.PaperInputs.Job;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * csdplan's published points (4.3-4.5) from the paper's own inputs, through CsdPlan's equations:
 * the break-evens the paper prints, the Fig. 10 pairs and Table 4, each checked on the numbers;
 * where the model misses, the report's point says so and by how much.
 */
class PaperPointsTest {
    private static final Map<String, PublishedPoint> POINTS = PaperPoints.points().stream()
            .collect(Collectors.toMap(PublishedPoint::id, Function.identity()));

    @Test
    void countOnSmartSsdBreaksEvenAt2And8And13DrivesAgainst1And4And16Cores() {
        CsdPlan count = Job.COUNT_SMARTSSD.plan();
        assertEquals(2, count.breakEven(1, 16).getAsInt());
        assertEquals(8, count.breakEven(4, 16).getAsInt());
        assertEquals(13, count.breakEven(16, 16).getAsInt());
        // the host wins with one drive fewer
        assertTrue(count.arrayS(1) > count.hostS(1, 1) && count.arrayS(7) > count.hostS(7, 4)
                && count.arrayS(12) > count.hostS(12, 16));
        for (String id : List.of("count-smartssd-host1", "count-smartssd-host4", "count-smartssd-host16")) {
            assertTrue(POINTS.get(id).holds(), POINTS.get(id).toString());
        }
    }

    @Test
    void arrayMergeOnNewportBreaksEvenAt12AndNotWithin16AgainstMoreCores() {
        CsdPlan merge = Job.ARRAY_MERGE_NEWPORT.plan();
        assertEquals(12, merge.breakEven(1, 16).getAsInt());
        for (int cores : List.of(4, 16, 64)) {
            assertTrue(merge.breakEven(cores, 16).isEmpty(), "Host(" + cores + ")");
        }
        assertTrue(POINTS.get("array-merge-newport-host1").holds());
        assertTrue(POINTS.get("array-merge-newport-more-cores").holds());
    }

    @Test
    void countOnNewportMeetsHost1At12DrivesExactly() {
        CsdPlan count = Job.COUNT_NEWPORT.plan();
        assertEquals(count.hostS(12, 1), count.arrayS(12), 1e-12, "the paper's point is where the two are equal");
        assertEquals(12, count.breakEven(1, 16).getAsInt());
        assertTrue(POINTS.get("count-newport-host1").holds());
    }

    @Test
    void figure10PairsAreEvaluatedOnEveryJobAndTheMissIsExplained() {
        CsdPlan count = Job.COUNT_NEWPORT.plan();
        int[] counts = new int[PaperPoints.FIG10_PAIRS.length];
        for (int i = 0; i < counts.length; i++) {
            double[] pair = PaperPoints.FIG10_PAIRS[i];
            counts[i] = count.withDrive(pair[0], pair[1]).breakEven(1, 16).getAsInt();
        }
        assertEquals(List.of(2, 3, 3, 4), java.util.Arrays.stream(counts).boxed().toList());
        PublishedPoint p = POINTS.get("fig10-pairs");
        assertFalse(p.holds(), p.toString());
        assertTrue(p.ours().contains("Count on Newport CSD: [2, 3, 3, 4]"), p.ours());
        assertTrue(p.note().contains("5.8-6.2x"), p.note());
        // the note's claim: a drive 6x Host(1) with equal data and compute puts all four at 4
        CsdPlan fitted = CsdPlan.of(2.0 / 3, 1.0 / 3, 2.9, 3.0, 8);
        for (double[] pair : PaperPoints.FIG10_PAIRS) {
            assertEquals(4, fitted.withDrive(pair[0], pair[1]).breakEven(1, 16).getAsInt());
        }
    }

    @Test
    void table4SavingsAre32And55Percent() {
        List<Tco.Row> rows = Tco.price(PaperPoints.TABLE4);
        assertEquals(3028, rows.get(0).totalUsd(), 1e-9);
        assertEquals(2059, rows.get(1).totalUsd(), 1e-9);
        assertEquals(1365, rows.get(2).totalUsd(), 1e-9);
        assertEquals(0.32, rows.get(1).saved(), 0.005);
        assertEquals(0.55, rows.get(2).saved(), 0.005);
        assertEquals(13.2, rows.get(0).markPerDollar(), 0.05);
        assertEquals(19.4, rows.get(1).markPerDollar(), 0.05);
        assertEquals(29.3, rows.get(2).markPerDollar(), 0.05);
        assertTrue(POINTS.get("tco-savings").holds());
    }

    @Test
    void table4DriveCountsMissAndTheReportSaysWhy() {
        List<Tco.System> planned = PaperPoints.plannedTable4();
        assertEquals(12, planned.get(0).drives());
        assertEquals(7, planned.get(1).drives(), "b = 2");
        assertEquals(5, planned.get(2).drives(), "b = 3");
        PublishedPoint p = POINTS.get("tco-drive-counts");
        assertFalse(p.holds());
        assertTrue(p.ours().contains("CSD-system (A) 7 CSDs, CSD-system (B) 5 CSDs"), p.ours());
        assertNotNull(p.note());
    }

    @Test
    void everyPointThatHoldsHasNoNoteAndEveryMissHasOne() {
        for (PublishedPoint p : PaperPoints.points()) {
            if (p.id().equals("tco-savings")) {
                continue; // holds, with a note on the table's misprint
            }
            if (p.holds()) {
                assertNull(p.note(), p.id());
            } else {
                assertNotNull(p.note(), p.id());
            }
        }
        assertEquals(9, PaperPoints.points().size());
        assertEquals(7, PaperPoints.points().stream().filter(PublishedPoint::holds).count());
    }

    @Test
    void everyPaperInputNamesItsSourceOrWhy() {
        for (PaperNumber n : PaperInputs.ALL) {
            assertTrue((n.source() == null) != (n.assumption() == null), n.key());
            assertTrue((n.source() != null ? n.source() : n.assumption()).startsWith("csdplan"), n.key());
        }
    }
}
