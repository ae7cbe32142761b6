package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ParsedTaskletFactory;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import java.util.BitSet;

/**
 * {@code bfs}: one level of a breadth-first search (minglani2018 3.4.2, Graph500) over a graph
 * stored as its adjacency matrix in {@link CsrPages} (row v lists v's neighbours; values
 * unused). Every vertex of the frontier claims its neighbours not yet visited, the first claim
 * in scan order winning, as the thesis's SSD controller keeps one parent per vertex (3.6.3). The
 * host runs a level per execution until the frontier is empty. Estimated by pages and bytes only:
 * the rows, the frontier's edges and the claims are in the data.
 */
public final class BfsFactory extends ParsedTaskletFactory<BfsFactory.Config> {
    public static final String NAME = "bfs";
    /** Vertices in the graph, 1..{@value #MAX_VERTICES} (required). */
    public static final String VERTICES = "vertices";
    /** This level's vertices, a {@link VertexSet} (required). */
    public static final String FRONTIER = "frontier";
    /** Vertices reached so far, the frontier's included, a {@link VertexSet} (required). */
    public static final String VISITED = "visited";
    static final int MAX_VERTICES = 1 << 24;

    public BfsFactory() {
        super(NAME);
    }

    @Override
    protected Tasklet create(Config c, ScanContext context) {
        return new BfsTasklet(c.vertices(), c.frontier(), c.visited(), context.pageSize());
    }

    record Config(int vertices, BitSet frontier, BitSet visited) { }

    @Override
    protected Config parse(Params params) throws BadParameterException {
        params.requireOnly(VERTICES, FRONTIER, VISITED);
        int vertices = params.getInt(VERTICES, 1, MAX_VERTICES);
        return new Config(vertices, VertexSet.read(params, FRONTIER, vertices), VertexSet.read(params, VISITED, vertices));
    }
}
