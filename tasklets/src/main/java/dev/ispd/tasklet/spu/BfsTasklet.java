package dev.ispd.tasklet.spu;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.nio.ByteBuffer;
import java.util.BitSet;

/**
 * One BFS level's work: for each row (vertex) of the pages, whether it is in the frontier; for
 * each frontier vertex's neighbour, whether it is visited or claimed, and if neither, claim it
 * with this vertex as its parent. Meter: per row one record and one compare, per frontier edge
 * one compare, per claim one hash update (the parent entry) and its 8 result bytes. Result:
 * per claim, in scan order, {@code u32 vertex, u32 parent} ({@link BfsResult}).
 */
final class BfsTasklet implements Tasklet {
    private final int vertexCount;
    private final BitSet frontier;
    private final BitSet reached;
    private final CsrRows rows;
    private final CsrRows.Visitor visitor = this::row;
    /** Per claim: the vertex and its parent. */
    private final Pairs claims = new Pairs();
    private long edges;
    private long rowsSeen;

    BfsTasklet(int vertexCount, BitSet frontier, BitSet visited, int pageSize) {
        this.vertexCount = vertexCount;
        this.frontier = frontier;
        this.reached = (BitSet) visited.clone();
        this.rows = new CsrRows(BfsFactory.NAME, pageSize);
    }

    @Override
    public int recordSize() {
        return 0;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int claimsBefore = claims.size();
        long edgesBefore = edges;
        long rowsBefore = rowsSeen;
        rows.scan(data, objectId, objectOffset, visitor);
        int newClaims = claims.size() - claimsBefore;
        long newRows = rowsSeen - rowsBefore;
        meter.addRecords(newRows);
        meter.addCompares(newRows + edges - edgesBefore);
        meter.addHashUpdates(newClaims);
        meter.addBytesOut(8L * newClaims);
    }

    private void row(int row, CsrRows.Row r, int from, int to) {
        rowsSeen++;
        if (!frontier.get(row)) {
            return;
        }
        edges += to - from;
        for (int i = from; i < to; i++) {
            int w = r.column(i);
            if (w < 0 || w >= vertexCount) {
                throw r.broken("neighbour " + w + " of vertex " + row + " (the graph has " + vertexCount + " vertices)");
            }
            if (!reached.get(w)) {
                reached.set(w);
                claims.add(w, row);
            }
        }
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        for (int i = 0; i < claims.size(); i++) {
            out.putInt(claims.key(i)).putInt((int) claims.value(i));
        }
    }
}
