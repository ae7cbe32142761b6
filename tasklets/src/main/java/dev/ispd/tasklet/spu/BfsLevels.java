package dev.ispd.tasklet.spu;

import dev.ispd.protocol.Params;
import java.io.IOException;
import java.util.Arrays;
import java.util.BitSet;

/**
 * Drives a breadth-first search one {@code bfs} execution per level, from a root until a level
 * reaches nothing new, as the thesis's host and SSD controller do (minglani2018 3.6.3): the
 * search's parent and level per vertex (-1 where unreached).
 */
public final class BfsLevels {
    /** Runs the {@code bfs} tasklet with these parameters over the graph; returns its result bytes. */
    @FunctionalInterface
    public interface Level {
        byte[] run(Params params) throws IOException;
    }

    /** The search tree: {@code parents[root] = root}. */
    public record Tree(int[] parents, int[] levels, int depth) { }

    private BfsLevels() {
    }

    public static Tree search(int vertices, int root, Level level) throws IOException {
        int[] parents = new int[vertices];
        int[] levels = new int[vertices];
        Arrays.fill(parents, -1);
        Arrays.fill(levels, -1);
        parents[root] = root;
        levels[root] = 0;
        BitSet visited = new BitSet(vertices);
        visited.set(root);
        BitSet frontier = (BitSet) visited.clone();
        int depth = 0;
        while (!frontier.isEmpty()) {
            BfsResult found = BfsResult.decode(level.run(Params.of(BfsFactory.VERTICES, Integer.toString(vertices),
                    BfsFactory.FRONTIER, VertexSet.param(frontier), BfsFactory.VISITED, VertexSet.param(visited))));
            frontier = new BitSet(vertices);
            depth++;
            for (int i = 0; i < found.vertices().length; i++) {
                int v = found.vertices()[i];
                parents[v] = found.parents()[i];
                levels[v] = depth;
                frontier.set(v);
            }
            visited.or(frontier);
        }
        return new Tree(parents, levels, depth - 1);
    }
}
