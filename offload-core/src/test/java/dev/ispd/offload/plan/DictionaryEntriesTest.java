package dev.ispd.offload.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** The bound on a row group's dictionary entries from the dictionary page's stored bytes and codec. */
class DictionaryEntriesTest {
    private static final ParquetColumn MODE = new ParquetColumn("mode", PrimitiveTypeName.BINARY, 0, false,
            ParquetColumn.Conversion.STRING);
    private static final ParquetColumn NOTE = new ParquetColumn("note", PrimitiveTypeName.BINARY, 0, true,
            ParquetColumn.Conversion.STRING);
    private static final ParquetColumn QTY = new ParquetColumn("qty", PrimitiveTypeName.INT32, 0, false,
            ParquetColumn.Conversion.INT32);

    @Test
    void aDictionaryPagesBytesBoundItsEntriesByTheCodecsMostExpansion() {
        // mode: Snappy, its dictionary page 80 bytes before its first data page; note: uncompressed, 40 bytes, NULLs
        ParquetInput.RowGroup g = group(List.of(MODE, NOTE, QTY),
                List.of(chunk(1, true), chunk(0, true), chunk(1, true)), List.of(1000L, 5000L, 9000L),
                List.of(1080L, 5040L, 9100L));
        assertEquals(Map.of("mode", 80L * 22 / 4, "note", 40L / 4 + 1), DictionaryEntries.atMost(g, List.of(MODE, NOTE, QTY)),
                "a number column has no string tests to bound");
    }

    @Test
    void noBoundWithoutADictionaryItsPagesOrABoundedCodec() {
        List<ParquetColumn> columns = List.of(MODE);
        assertEquals(Map.of(), DictionaryEntries.atMost(group(columns, List.of(chunk(1, false)), List.of(0L),
                List.of(80L)), columns), "plain pages");
        assertEquals(Map.of(), DictionaryEntries.atMost(group(columns, List.of(chunk(6, true)), List.of(0L),
                List.of(80L)), columns), "Zstd: no useful bound");
        assertEquals(Map.of(), DictionaryEntries.atMost(new ParquetInput.RowGroup(new ParquetRowGroup(0, 1000,
                List.of(chunk(1, true))), List.of(0L)), columns), "no offset index");
        assertEquals(Map.of(), DictionaryEntries.atMost(group(columns, List.of(chunk(1, true)), List.of(0L),
                List.of(0L)), columns), "no dictionary page before the data");
    }

    private static ParquetRowGroup.Chunk chunk(int codec, boolean dictionary) {
        return new ParquetRowGroup.Chunk(codec, 4000, 0, 1000, dictionary);
    }

    private static ParquetInput.RowGroup group(List<ParquetColumn> columns, List<ParquetRowGroup.Chunk> chunks,
                                               List<Long> starts, List<Long> firstPages) {
        List<List<ParquetInput.Page>> pages = firstPages.stream()
                .map(at -> List.of(new ParquetInput.Page(at, 3000, 0))).toList();
        return new ParquetInput.RowGroup(new ParquetRowGroup(0, 1000, chunks), starts, pages);
    }
}
