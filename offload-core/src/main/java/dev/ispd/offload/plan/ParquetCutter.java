package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.parquet.ParquetRowGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a Parquet file into one unit per row group to read: a piece per column chunk the plan
 * reads (its file range, with the chunk extents holding it), scheduled and run together. A row
 * group whose chunks lie in more than one chunk of the file straddles a chunk boundary: no drive
 * holds it whole, so it runs on the host. A row group of more rows than a unit may hold (those
 * whose rows, had every one matched, fit one result) is cut into units of consecutive rows, each
 * reading the same chunks, as records are cut into pieces of at most that many.
 */
final class ParquetCutter {
    /** One row group's pieces, whether it straddles, and its row group. */
    record Unit(List<SplitPiece> pieces, ParquetRowGroup rowGroup, boolean straddles) {
        long bytes() {
            return pieces.stream().mapToLong(SplitPiece::length).sum();
        }
    }

    private ParquetCutter() {
    }

    /** The units of {@code file}, each of at most {@code maxRows} rows (no bound if 0 or less). */
    static List<Unit> cut(String file, ParquetInput input, List<ChunkExtent> chunks, long maxRows) {
        List<Unit> units = new ArrayList<>(input.rowGroups().size());
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            List<SplitPiece> pieces = new ArrayList<>();
            long firstChunk = -1;
            boolean straddles = false;
            for (int c = 0; c < g.chunkOffsets().size(); c++) {
                long from = g.chunkOffsets().get(c);
                long to = from + g.group().chunks().get(c).length();
                List<ChunkExtent> holding = new ArrayList<>();
                for (ChunkExtent e : chunks) {
                    long lo = Math.max(from, e.fileOffset());
                    long hi = Math.min(to, e.fileOffset() + e.length());
                    if (lo < hi) {
                        holding.add(e.clip(lo, hi));
                        firstChunk = firstChunk < 0 ? e.fileOffset() : firstChunk;
                        straddles |= e.fileOffset() != firstChunk;
                    }
                }
                long held = holding.stream().mapToLong(ChunkExtent::length).sum();
                if (held != to - from) {
                    throw new IllegalArgumentException(file + ": row group " + g.group().index() + ", column "
                            + input.columns().get(c).name() + ": its chunk [" + from + ", " + to
                            + ") lies past the file's stored bytes");
                }
                if (to > from) {
                    pieces.add(new SplitPiece(from, to - from, holding.get(0).drive(), holding));
                }
            }
            ParquetRowGroup group = g.group();
            long part = maxRows > 0 ? maxRows : Math.max(1, group.rows());
            for (long first = 0; first == 0 || first < group.rows(); first += part) {
                units.add(new Unit(pieces, group.part(first, Math.min(part, group.rows() - first)), straddles));
            }
        }
        return units;
    }
}
