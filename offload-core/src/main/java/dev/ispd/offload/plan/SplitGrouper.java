package dev.ispd.offload.plan;

import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Groups the pieces the scheduler placed on one drive into splits of several pieces, so that a
 * drive scans them in one execution and the job runs one map task, not one per chunk: a drive
 * runs its executions one after the other anyway, so a group loses no parallelism, and every
 * map task and command it saves is fixed cost (docs/benchmarks.md, "Wall clock"). Pieces placed
 * on the host stay one split each, so host map slots can share them.
 */
final class SplitGrouper {
    /** Pieces that become one split, and the decision for all of them. */
    record Group(List<SplitPiece> pieces, Decision decision) {
    }

    private SplitGrouper() {
    }

    /**
     * @param pieces the planned pieces, in file order
     * @param decisions the scheduler's decision for each piece, by index
     * @param maxBytes largest group in bytes (a piece larger than it is a group of its own); 0 or
     *     less: no grouping, a split per piece
     * @return the groups, ordered by their first piece
     */
    static List<Group> group(List<SplitPiece> pieces, List<Decision> decisions, long maxBytes) {
        List<Group> groups = new ArrayList<>();
        Map<Integer, Open> openPerDrive = new LinkedHashMap<>();
        for (int i = 0; i < pieces.size(); i++) {
            SplitPiece piece = pieces.get(i);
            Decision d = decisions.get(i);
            if (maxBytes <= 0 || d.placement() != Placement.DEVICE) {
                groups.add(new Group(List.of(piece), d));
                continue;
            }
            Open open = openPerDrive.get(piece.drive());
            if (open != null && open.bytes + piece.length() > maxBytes) {
                groups.set(open.slot, open.close());
                open = null;
            }
            if (open == null) {
                open = new Open(groups.size());
                groups.add(null); // the group's place in the order of first pieces
                openPerDrive.put(piece.drive(), open);
            }
            open.add(piece, d);
        }
        for (Open open : openPerDrive.values()) {
            groups.set(open.slot, open.close());
        }
        return groups;
    }

    /** A group still taking pieces, and where it goes in the result. */
    private static final class Open {
        final int slot;
        final List<SplitPiece> pieces = new ArrayList<>();
        final List<Decision> decisions = new ArrayList<>();
        long bytes;

        Open(int slot) {
            this.slot = slot;
        }

        void add(SplitPiece piece, Decision d) {
            pieces.add(piece);
            decisions.add(d);
            bytes += piece.length();
        }

        Group close() {
            return new Group(List.copyOf(pieces), Decision.grouped(decisions));
        }
    }
}
