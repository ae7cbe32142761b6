package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import java.util.BitSet;

/**
 * {@code bfs}: one level of a breadth-first search (minglani2018 3.4.2, Graph500) over a graph
 * stored as its adjacency matrix in {@link CsrPages} (row v lists v's neighbours; values
 * unused). Every vertex of the frontier claims its neighbours not yet visited, the first claim
 * in scan order winning, as the thesis's SSD controller keeps one parent per vertex (3.6.3). The
 * host runs a level per execution until the frontier is empty.
 */
public final class BfsFactory implements TaskletFactory {
    public static final String NAME = "bfs";
    /** Vertices in the graph, 1..{@value #MAX_VERTICES} (required). */
    public static final String VERTICES = "vertices";
    /** This level's vertices, a {@link VertexSet} (required). */
    public static final String FRONTIER = "frontier";
    /** Vertices reached so far, the frontier's included, a {@link VertexSet} (required). */
    public static final String VISITED = "visited";
    static final int MAX_VERTICES = 1 << 24;

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void validate(Params params) throws BadParameterException {
        parse(params);
    }

    @Override
    public Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        Config c = parse(params.overriddenBy(runtimeParams));
        return new BfsTasklet(c.vertices(), c.frontier(), c.visited(), context.pageSize());
    }

    /** Pages and bytes only: the rows, the frontier's edges and the claims are in the data. */
    @Override
    public Meter estimate(Params params, long bytes, int pageSize) {
        try {
            parse(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(NAME, e);
        }
        return Estimates.scanOnly(bytes, pageSize);
    }

    private record Config(int vertices, BitSet frontier, BitSet visited) { }

    private static Config parse(Params params) throws BadParameterException {
        params.requireOnly(VERTICES, FRONTIER, VISITED);
        int vertices = params.getInt(VERTICES, 1, MAX_VERTICES);
        return new Config(vertices, VertexSet.read(params, FRONTIER, vertices), VertexSet.read(params, VISITED, vertices));
    }
}
