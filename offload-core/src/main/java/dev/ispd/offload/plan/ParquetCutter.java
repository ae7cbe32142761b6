package dev.ispd.offload.plan;

import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.RowGroupFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts a Parquet file into one unit per row group to read: a piece per column chunk the plan
 * reads (its file range, with the chunk extents holding it), scheduled and run together. A row
 * group whose chunks lie in more than one chunk of the file straddles a chunk boundary: no drive
 * holds it whole, so it runs on the host. A row group of more rows than a unit may hold (those
 * whose rows, had every one matched, fit one result), or of which only some runs of rows are read
 * (the others in pages the WHERE excludes), is cut into units of consecutive rows, as records are
 * cut into pieces of at most that many. Where the file's offset index gives each data page's
 * rows, such a unit reads of each chunk only its dictionary page and the data pages holding its
 * rows; else it reads the chunks whole.
 */
final class ParquetCutter {
    /**
     * One row group's pieces, whether it straddles, its row group, whether it is the row group's
     * first unit, and what its rows take of a split's bound ({@link ParquetUnitRows#share}).
     */
    record Unit(List<SplitPiece> pieces, ParquetRowGroup rowGroup, boolean straddles, boolean first, long share) {
        long bytes() {
            return pieces.stream().mapToLong(SplitPiece::length).sum();
        }
    }

    private ParquetCutter() {
    }

    /** The units of {@code file}, each of at most the rows {@code rows} gives its row group. */
    static List<Unit> cut(String file, ParquetInput input, List<ChunkExtent> chunks, ParquetUnitRows rows) {
        List<Unit> units = new ArrayList<>(input.rowGroups().size());
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            ParquetRowGroup group = g.group();
            List<SplitPiece> whole = new ArrayList<>();
            long firstChunk = -1;
            boolean straddles = false;
            for (int c = 0; c < g.chunkOffsets().size(); c++) {
                long from = g.chunkOffsets().get(c);
                long to = from + group.chunks().get(c).length();
                for (ChunkExtent e : chunks) {
                    if (e.fileOffset() < to && from < e.fileOffset() + e.length()) {
                        firstChunk = firstChunk < 0 ? e.fileOffset() : firstChunk;
                        straddles |= e.fileOffset() != firstChunk;
                    }
                }
                if (to > from) {
                    whole.add(piece(file, input, g, c, from, to, chunks));
                }
            }
            long maxRows = rows.maxRows(g);
            long part = maxRows > 0 ? maxRows : Math.max(1, group.rows());
            boolean starts = true;
            if (part >= group.rows() && g.readsAll() || g.pages().stream().anyMatch(List::isEmpty)) {
                for (long first = 0; first == 0 || first < group.rows(); first += part) {
                    long count = Math.min(part, group.rows() - first);
                    units.add(new Unit(whole, group.part(first, count), straddles, starts, rows.share(g, count)));
                    starts = false;
                }
                continue;
            }
            for (RowGroupFilter.Rows run : g.read()) {
                long end = run.first() + run.count();
                for (long first = run.first(); first < end; first += part) {
                    long count = Math.min(part, end - first);
                    units.add(partOfPages(file, input, g, first, count, chunks, straddles, starts,
                            rows.share(g, count)));
                    starts = false;
                }
            }
        }
        return units;
    }

    /**
     * The unit of {@code count} rows from row {@code first} of {@code g}: of each chunk, its
     * dictionary page and its data pages holding those rows ({@link ParquetInput.RowGroup#part}).
     */
    private static Unit partOfPages(String file, ParquetInput input, ParquetInput.RowGroup g, long first, long count,
                                    List<ChunkExtent> chunks, boolean straddles, boolean starts, long share) {
        ParquetInput.Part part = g.part(first, count);
        List<SplitPiece> pieces = new ArrayList<>();
        for (ParquetInput.Range r : part.ranges()) {
            pieces.add(piece(file, input, g, r.column(), r.offset(), r.offset() + r.length(), chunks));
        }
        return new Unit(pieces, part.group(), straddles, starts, share);
    }

    /** The piece of file bytes {@code [from, to)} of chunk {@code c} of {@code g}, with the chunk extents holding them. */
    private static SplitPiece piece(String file, ParquetInput input, ParquetInput.RowGroup g, int c, long from, long to,
                                    List<ChunkExtent> chunks) {
        List<ChunkExtent> holding = new ArrayList<>();
        for (ChunkExtent e : chunks) {
            long lo = Math.max(from, e.fileOffset());
            long hi = Math.min(to, e.fileOffset() + e.length());
            if (lo < hi) {
                holding.add(e.clip(lo, hi));
            }
        }
        long held = holding.stream().mapToLong(ChunkExtent::length).sum();
        if (held != to - from) {
            throw new IllegalArgumentException(file + ": row group " + g.group().index() + ", column "
                    + input.columns().get(c).name() + ": its bytes [" + from + ", " + to
                    + ") lie past the file's stored bytes");
        }
        return new SplitPiece(from, to - from, holding.get(0).drive(), holding);
    }
}
