package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SplitGrouperTest {
    private static final long CHUNK = 1000;

    @Test
    void devicePiecesOfADriveBecomeOneSplitAndHostPiecesStayAlone() {
        // six chunks round robin over drives 0 and 1; chunk 3 (drive 1) placed on the host
        List<SplitPiece> pieces = pieces(6);
        List<Decision> decisions = decisions(pieces, 3);
        List<SplitGrouper.Group<SplitPiece>> groups = SplitGrouper.group(pieces, decisions, 10 * CHUNK);

        assertEquals(3, groups.size());
        assertEquals(List.of(pieces.get(0), pieces.get(2), pieces.get(4)), groups.get(0).pieces());
        assertEquals(List.of(pieces.get(1), pieces.get(5)), groups.get(1).pieces());
        assertEquals(List.of(pieces.get(3)), groups.get(2).pieces());
        assertEquals(decisions.get(3), groups.get(2).decision(), "a host piece keeps its own decision");

        Decision drive0 = groups.get(0).decision();
        assertEquals(0, drive0.index());
        assertEquals(Placement.DEVICE, drive0.placement());
        assertEquals(new Cost(3 * 10, 3 * 20), drive0.device(), "predicted costs add up");
        assertEquals(new Cost(3 * 30, 3 * 40), drive0.host());
        assertEquals(new Baseline(new Cost(3 * 50, 3 * 60), new Cost(3 * 5, 3 * 6), new Cost(3 * 7, 3 * 8)), drive0.baseline());
        assertTrue(drive0.reason().startsWith("splits 0,2,4 placed DEVICE on drive 0 run as one execution"),
                drive0.reason());
    }

    @Test
    void aGroupClosesWhenTheNextPieceWouldPassTheLimit() {
        List<SplitPiece> pieces = pieces(10);
        List<SplitGrouper.Group<SplitPiece>> groups = SplitGrouper.group(pieces, decisions(pieces, -1), 2 * CHUNK);
        List<List<Integer>> starts = new ArrayList<>();
        for (SplitGrouper.Group<SplitPiece> g : groups) {
            starts.add(g.pieces().stream().map(p -> (int) (p.start() / CHUNK)).toList());
        }
        assertEquals(List.of(List.of(0, 2), List.of(1, 3), List.of(4, 6), List.of(5, 7), List.of(8), List.of(9)), starts);
    }

    /** Units of a Parquet file: grouped by a measure of their own, at most so many to a group (one execution's parameters). */
    @Test
    void aGroupClosesAtItsMostPiecesAndCountsEachPieceByItsOwnMeasure() {
        List<SplitPiece> pieces = pieces(10);
        List<SplitGrouper.Group<SplitPiece>> groups = SplitGrouper.group(pieces, SplitPiece::drive, p -> 1,
                decisions(pieces, -1), 100, 2);
        List<List<Integer>> starts = new ArrayList<>();
        for (SplitGrouper.Group<SplitPiece> g : groups) {
            starts.add(g.pieces().stream().map(p -> (int) (p.start() / CHUNK)).toList());
        }
        assertEquals(List.of(List.of(0, 2), List.of(1, 3), List.of(4, 6), List.of(5, 7), List.of(8), List.of(9)), starts);
        assertEquals(1, SplitGrouper.group(pieces, SplitPiece::drive, p -> 60, decisions(pieces, -1), 100, 8).get(0)
                .pieces().size(), "two pieces of 60 pass 100");
    }

    @Test
    void noLimitMeansASplitPerPiece() {
        List<SplitPiece> pieces = pieces(4);
        List<Decision> decisions = decisions(pieces, -1);
        List<SplitGrouper.Group<SplitPiece>> groups = SplitGrouper.group(pieces, decisions, 0);
        assertEquals(4, groups.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(List.of(pieces.get(i)), groups.get(i).pieces());
            assertEquals(decisions.get(i), groups.get(i).decision());
        }
    }

    private static List<SplitPiece> pieces(int n) {
        List<SplitPiece> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(new SplitPiece(i * CHUNK, CHUNK, i % 2, List.of(new ChunkExtent(i % 2, 100 + i, 0, CHUNK, i * CHUNK))));
        }
        return out;
    }

    /** Every piece on its drive, but piece {@code onHost} on the host. */
    private static List<Decision> decisions(List<SplitPiece> pieces, int onHost) {
        List<Decision> out = new ArrayList<>();
        for (int i = 0; i < pieces.size(); i++) {
            Placement p = i == onHost ? Placement.HOST : Placement.DEVICE;
            out.add(new Decision(i, pieces.get(i).drive(), p, new Cost(30, 40), new Cost(10, 20), "fastest", "reason " + i,
                    new Baseline(new Cost(50, 60), new Cost(5, 6), new Cost(7, 8))));
        }
        return out;
    }
}
