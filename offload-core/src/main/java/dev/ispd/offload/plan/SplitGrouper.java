package dev.ispd.offload.plan;

import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

/**
 * Groups the pieces the scheduler placed on one drive into splits of several pieces, so that a
 * drive scans them in one execution and the job runs one map task, not one per chunk: a drive
 * runs its executions one after the other anyway, so a group loses no parallelism, and every
 * map task and command it saves is fixed cost (docs/benchmarks.md, "Wall clock"). Pieces placed
 * on the host stay one split each, so host map slots can share them.
 */
final class SplitGrouper {
    /** Pieces that become one split, and the decision for all of them. */
    record Group<T>(List<T> pieces, Decision decision) {
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
    static List<Group<SplitPiece>> group(List<SplitPiece> pieces, List<Decision> decisions, long maxBytes) {
        return group(pieces, SplitPiece::drive, SplitPiece::length, decisions, maxBytes, Integer.MAX_VALUE);
    }

    /**
     * {@link #group} of any units a split is made of (a Parquet file's row groups and parts), each
     * placed on {@code drive} and counted as {@code bytes} against {@code maxBytes}, at most
     * {@code maxPieces} to a group.
     */
    static <T> List<Group<T>> group(List<T> pieces, ToIntFunction<T> drive, ToLongFunction<T> bytes,
                                    List<Decision> decisions, long maxBytes, int maxPieces) {
        List<Group<T>> groups = new ArrayList<>();
        Map<Integer, Open<T>> openPerDrive = new LinkedHashMap<>();
        for (int i = 0; i < pieces.size(); i++) {
            T piece = pieces.get(i);
            Decision d = decisions.get(i);
            if (maxBytes <= 0 || d.placement() != Placement.DEVICE) {
                groups.add(new Group<>(List.of(piece), d));
                continue;
            }
            long length = bytes.applyAsLong(piece);
            Open<T> open = openPerDrive.get(drive.applyAsInt(piece));
            if (open != null && (open.bytes + length > maxBytes || open.pieces.size() >= maxPieces)) {
                groups.set(open.slot, open.close());
                open = null;
            }
            if (open == null) {
                open = new Open<>(groups.size());
                groups.add(null); // the group's place in the order of first pieces
                openPerDrive.put(drive.applyAsInt(piece), open);
            }
            open.add(piece, length, d);
        }
        for (Open<T> open : openPerDrive.values()) {
            groups.set(open.slot, open.close());
        }
        return groups;
    }

    /** A group still taking pieces, and where it goes in the result. */
    private static final class Open<T> {
        final int slot;
        final List<T> pieces = new ArrayList<>();
        final List<Decision> decisions = new ArrayList<>();
        long bytes;

        Open(int slot) {
            this.slot = slot;
        }

        void add(T piece, long length, Decision d) {
            pieces.add(piece);
            decisions.add(d);
            bytes += length;
        }

        Group<T> close() {
            return new Group<>(List.copyOf(pieces), Decision.grouped(decisions));
        }
    }
}
