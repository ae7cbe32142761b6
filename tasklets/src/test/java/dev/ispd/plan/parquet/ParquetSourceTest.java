package dev.ispd.plan.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;

/** A Parquet source's encoding (the runtime parameter {@code parquet}) reads back, and refuses what is not one. */
class ParquetSourceTest {
    private static final ParquetSource SOURCE = new ParquetSource("osd:///t/part-0.parquet", List.of(
            new ParquetColumn("id", PrimitiveTypeName.INT64, 0, false, ParquetColumn.Conversion.INT64),
            new ParquetColumn("mode", PrimitiveTypeName.BINARY, 0, true, ParquetColumn.Conversion.STRING),
            new ParquetColumn("big", PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, 11, true,
                    ParquetColumn.Conversion.BYTES_DECIMAL)),
            List.of(new ParquetRowGroup(3, 1000, List.of(new ParquetRowGroup.Chunk(1, 4000, 0, 1000),
                    new ParquetRowGroup.Chunk(6, 700, 0, 1000, true), new ParquetRowGroup.Chunk(0, 11_000, 200, 800)), 250, 600)));

    @Test
    void theEncodingReadsBackThroughTheRuntimeParameters() throws BadParameterException {
        assertEquals(SOURCE, ParquetSource.fromParams(SOURCE.toParams()));
        assertNull(ParquetSource.fromParams(Params.EMPTY));
        assertEquals(15_700, SOURCE.bytes());
    }

    /** A source of many row groups (one execution of a drive's) is cut into parameters a drive takes, in order. */
    @Test
    void aLargeSourceTravelsInPiecesOfAParametersMostBytes() throws BadParameterException {
        ParquetSource many = new ParquetSource(SOURCE.file(), SOURCE.columns(), Collections.nCopies(40,
                SOURCE.rowGroups().get(0)));
        Params params = many.toParams();
        assertTrue(params.asMap().size() > 1 && params.asMap().size() <= ParquetSource.MAX_PARAMS, params.asMap().keySet()
                .toString());
        assertTrue(params.asMap().values().stream().allMatch(v -> v.length() <= Limits.MAX_STRING));
        assertTrue(ParquetSource.keys().containsAll(params.asMap().keySet()));
        assertEquals(many, ParquetSource.fromParams(params));
        Map<String, String> gap = new HashMap<>(params.asMap());
        gap.remove("parquet.1");
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.fromParams(new Params(gap)))
                .getMessage().contains("parameter 'parquet.2' without 'parquet.1'"));
    }

    @Test
    void aMalformedEncodingIsABadParameterNamingTheByte() {
        byte[] good = SOURCE.encode();
        byte[] version = good.clone();
        version[0] = 1;
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.decode(version)).getMessage()
                .contains("at byte 1: version 1, this drive reads version 4"));
        ParquetRowGroup.Chunk whole = new ParquetRowGroup.Chunk(1, 4000, 0, 1000);
        byte[] pastTheGroup = new ParquetSource(SOURCE.file(), SOURCE.columns(), List.of(
                new ParquetRowGroup(3, 1000, List.of(whole, whole, whole)))).encode();
        pastTheGroup[pastTheGroup.length - 3 * 26 - 8] = (byte) 0xE9; // count 1001 (0x3E9) after first 0
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.decode(pastTheGroup)).getMessage()
                .contains("row group 3 of 1000 rows: rows 0 to 1001 are not among them"));
        byte[] pagesShort = SOURCE.encode();
        pagesShort[pagesShort.length - 8] = 0; // the last chunk's 800 rows (0x320) from row 200 become 32 (0x20)
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.decode(pagesShort)).getMessage()
                .contains("row group 3 of 1000 rows: a chunk sent with 32 rows from row 200 lacks rows of 250 to 850"));
        byte[] flag = SOURCE.encode();
        flag[flag.length - 1] = 2; // the last chunk's dictionary flag
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.decode(flag)).getMessage()
                .contains("row group 3: dictionary flag 2 (0 or 1)"));
        BadParameterException cut = assertThrows(BadParameterException.class,
                () -> ParquetSource.decode(Arrays.copyOf(good, good.length - 3)));
        assertTrue(cut.getMessage().contains("parameter 'parquet'") && cut.getMessage().contains("ends early"),
                cut.getMessage());
        assertTrue(assertThrows(BadParameterException.class, () -> ParquetSource.fromParams(
                Params.of(ParquetSource.PARAM, "not base64!"))).getMessage().contains("not base64"));
    }
}
