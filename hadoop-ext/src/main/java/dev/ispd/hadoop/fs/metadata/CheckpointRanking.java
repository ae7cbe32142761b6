package dev.ispd.hadoop.fs.metadata;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The order in which a store offers its checkpoints ({@link JournalStore#checkpoint}) and which
 * ones it keeps: by journal position, highest first, not by when they were saved. A client that
 * fell behind may save a checkpoint at an old position right after others cut past it (its check
 * of the cut and its save are not one step); ranked by when they were saved, two such saves
 * would push every usable checkpoint out and leave no point to start from. Ranked by position,
 * the two kept are the highest ever saved, and no cut passes them: a cut is below the lower of
 * two saved positions, so never above the second highest. A checkpoint whose header cannot be
 * read ranks first while it is one of the two saved last (so loading it fails loudly and nothing
 * is cut), and is dropped like any other once two newer ones exist.
 */
final class CheckpointRanking {
    /** How many checkpoints a store keeps: a client may still be loading the one before the latest. */
    static final int KEPT = 2;
    /** The position of a listed checkpoint whose header cannot be read. */
    static final long DAMAGED = -1;

    /** A checkpoint a store lists: the store's handle for it and its position (or {@link #DAMAGED}). */
    record Listed<H>(H handle, long position) {
        boolean damaged() {
            return position == DAMAGED;
        }
    }

    private CheckpointRanking() {
    }

    /** {@code newestFirst} (the store's checkpoints, the last saved first) in the order a client starts from. */
    static <H> List<Listed<H>> ranked(List<Listed<H>> newestFirst) {
        List<Listed<H>> out = new ArrayList<>();
        for (Listed<H> c : newestFirst.subList(0, Math.min(KEPT, newestFirst.size()))) {
            if (c.damaged()) {
                out.add(c);
            }
        }
        newestFirst.stream().filter(c -> !c.damaged())
                .sorted(Comparator.comparing((Listed<H> c) -> c.position(), Long::compareUnsigned).reversed()) // stable: ties newest first
                .forEach(out::add);
        return out;
    }

    /** The checkpoints of {@code newestFirst} a store no longer keeps: all but the first {@link #KEPT} readable ones ranked and the damaged ones saved last. */
    static <H> List<H> dropped(List<Listed<H>> newestFirst) {
        List<Listed<H>> kept = new ArrayList<>();
        int readable = 0;
        for (Listed<H> c : ranked(newestFirst)) {
            if (c.damaged() || readable++ < KEPT) {
                kept.add(c);
            }
        }
        List<H> out = new ArrayList<>();
        for (Listed<H> c : newestFirst) {
            if (!kept.contains(c)) {
                out.add(c.handle());
            }
        }
        return out;
    }
}
