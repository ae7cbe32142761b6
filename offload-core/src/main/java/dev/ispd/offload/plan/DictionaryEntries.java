package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How many entries, at most, the dictionary of each dictionary-coded string column of a Parquet
 * row group holds, from what the host knows without reading it, for the estimate of a plan that
 * judges a string test once per entry ({@code PlanTasklet.estimate} with dictionary entries): the
 * footer does not tell the entries, but the offset index tells where the chunk's first data page
 * starts, so the dictionary page's stored bytes are known; uncompressed they are at most that many
 * times more by the chunk's codec ({@link #expansion}), and each entry takes at least 4 of them
 * (a PLAIN byte array's length), plus one for a NULL, judged once like an entry. A column whose
 * pages the file does not index, or whose codec has no such bound, gets none (its string tests
 * are estimated per row).
 */
public final class DictionaryEntries {
    /** The bytes of a dictionary entry at least: PLAIN byte arrays each start with their 4-byte length. */
    private static final long ENTRY_BYTES = 4;

    private DictionaryEntries() {
    }

    /** The bound of each string column of {@code g} read as {@code columns} that has one, by column name. */
    public static Map<String, Long> atMost(ParquetInput.RowGroup g, List<ParquetColumn> columns) {
        Map<String, Long> entries = new HashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            ParquetColumn column = columns.get(c);
            ParquetRowGroup.Chunk chunk = g.group().chunks().get(c);
            List<ParquetInput.Page> pages = g.pages().get(c);
            long expansion = expansion(chunk.codec());
            if (column.conversion() != ParquetColumn.Conversion.STRING || !chunk.dictionary() || pages.isEmpty()
                    || expansion == 0) {
                continue;
            }
            long stored = pages.get(0).offset() - g.chunkOffsets().get(c);
            if (stored > 0) {
                entries.put(column.name(), stored * expansion / ENTRY_BYTES + (column.optional() ? 1 : 0));
            }
        }
        return entries;
    }

    /**
     * At most how many bytes one stored byte of {@code codec} (parquet-format's number) decompresses
     * to, rounded up; 0 where no useful bound holds. Snappy: a 3-byte copy yields at most 64 bytes;
     * Gzip: deflate's 1032 to 1; LZ4: a 255-byte length run; Zstd, Brotli and LZO can yield far
     * more (a Zstd RLE block: 128 KB from 4 bytes).
     */
    static long expansion(int codec) {
        return switch (codec) {
            case 0 -> 1; // UNCOMPRESSED
            case 1 -> 22; // SNAPPY
            case 2 -> 1032; // GZIP
            case 5, 7 -> 255; // LZ4, LZ4_RAW
            default -> 0;
        };
    }
}
