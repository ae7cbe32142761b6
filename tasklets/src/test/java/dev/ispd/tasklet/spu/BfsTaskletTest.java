package dev.ispd.tasklet.spu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BfsTaskletTest {

    @Test
    void theLevelsAreAQueueBfsAndEveryParentIsANeighbourOneLevelUp() throws Exception {
        int n = 20_000;
        int degree = 6;
        Random r = new Random(5);
        int[] rowStart = new int[n + 1];
        int[] adjacency = new int[n * degree];
        for (int v = 0; v < n; v++) {
            rowStart[v + 1] = rowStart[v] + degree;
            for (int j = 0; j < degree; j++) {
                adjacency[rowStart[v] + j] = r.nextInt(n);
            }
        }
        int[] ones = new int[adjacency.length];
        Arrays.fill(ones, 1);
        ByteBuffer graph = CsrPages.encode(rowStart, adjacency, ones, SpuRun.PAGE);

        BfsLevels.Tree tree = BfsLevels.search(n, 0, params -> SpuRun.run("bfs", params, graph).bytes());

        // host check: a queue BFS over the arrays
        int[] levels = new int[n];
        Arrays.fill(levels, -1);
        levels[0] = 0;
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(0);
        while (!queue.isEmpty()) {
            int v = queue.poll();
            for (int i = rowStart[v]; i < rowStart[v + 1]; i++) {
                if (levels[adjacency[i]] < 0) {
                    levels[adjacency[i]] = levels[v] + 1;
                    queue.add(adjacency[i]);
                }
            }
        }
        assertArrayEquals(levels, tree.levels());
        assertEquals(Arrays.stream(levels).max().orElseThrow(), tree.depth());
        for (int v = 1; v < n; v++) {
            if (levels[v] > 0) {
                int p = tree.parents()[v];
                assertEquals(levels[v] - 1, levels[p], "parent of " + v + " one level up");
                boolean adjacent = false;
                for (int i = rowStart[p]; i < rowStart[p + 1]; i++) {
                    adjacent |= adjacency[i] == v;
                }
                assertTrue(adjacent, "parent " + p + " of " + v + " is its neighbour");
            }
        }
    }

    @Test
    void aFrontierBeyondTheGraphIsNamed() {
        BadParameterException e = assertThrows(BadParameterException.class, () -> new BfsFactory().validate(
                Params.of("vertices", "4", "frontier", "ff", "visited", "01")));
        assertEquals("parameter 'frontier' holds vertex 7, but the graph has 4 vertices", e.getMessage());
    }
}
