package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An aggregate plan's string group keys travel at their length, as a row plan's strings do
 * ({@link PlanResult}: the header lists them), not zero-filled to their {@code char(N)}'s words:
 * the records of {@link PlanResultStringsTest} grouped by their space-padded {@code char(12)} and
 * their zero-padded, nullable {@code char(20)}; the result's bytes are the shared vector
 * {@code docs/protocol/vectors/results/result_02_group_strings.bin}. A result of an older drive,
 * its keys as words and no string column listed, decodes to the same rows and merges with them.
 */
class GroupResultStringsTest {
    /** The shared vector of {@link #GROUPS}' result, relative to the repository root ({@link PlanVectorWriter} writes it). */
    static final Path VECTOR = Path.of("docs", "protocol", "vectors", "results", "result_02_group_strings.bin");

    static final Plan GROUPS = Plan.aggregate(PlanResultStringsTest.NAMES, null, List.of("code", "name"),
            List.of(Aggregate.countStar(), Aggregate.sum("id")));

    @Test
    void stringKeysComeBackAtTheirLength() throws IOException {
        byte[] result = PlanResultStringsTest.result(GROUPS);
        List<List<Object>> expected = new ArrayList<>();
        long bytes = PlanResult.HEADER_BYTES + 2 * 4;
        for (int i = 0; i < PlanResultStringsTest.NAME.length; i++) {
            String name = PlanResultStringsTest.NAME[i];
            String code = PlanResultStringsTest.CODE[i];
            expected.add(Arrays.asList(code, name, 1L, i + 1L));
            bytes += 1 + code.getBytes(StandardCharsets.UTF_8).length
                    + 1 + (name == null ? 0 : name.getBytes(StandardCharsets.UTF_8).length) + 2 * Long.BYTES;
        }
        assertEquals(expected, values(PlanResult.decode(result).rows()));
        assertEquals(bytes, result.length, "the header, its two string keys, each key's length byte and bytes, the "
                + "aggregates' words: no padding");
        assertEquals(List.of(0, 3), Arrays.stream(PlanResult.header(result).stringAt()).boxed().toList());
    }

    @Test
    void theResultIsTheSharedVector() throws IOException {
        assertArrayEquals(Files.readAllBytes(Path.of("..").resolve(VECTOR)), PlanResultStringsTest.result(GROUPS));
    }

    @Test
    void anOlderDrivesKeysAsWordsDecodeAlikeAndMergeWithThem() throws IOException {
        byte[] result = PlanResultStringsTest.result(GROUPS);
        List<long[]> rows = PlanResult.decode(result).rows();
        byte[] older = asWords(rows, GROUPS.rowWords());
        assertEquals(values(rows), values(PlanResult.decode(older).rows()));
        MergedGroups merged = new PartialAggregates(GROUPS).groups();
        merged.addResult(older);
        merged.addResult(result);
        List<List<Object>> twice = new ArrayList<>();
        for (List<Object> row : values(rows)) {
            twice.add(Arrays.asList(row.get(0), row.get(1), 2L, 2 * (Long) row.get(3)));
        }
        assertEquals(twice, values(merged.result().rows()));
    }

    /** {@code rows} as a result lists no string column: every word as it is (how an aggregate plan's keys travelled before). */
    private static byte[] asWords(List<long[]> rows, int words) {
        ByteBuffer b = ByteBuffer.allocate(PlanResult.HEADER_BYTES + rows.size() * words * Long.BYTES)
                .order(ByteOrder.LITTLE_ENDIAN);
        b.putShort((short) words).putLong(rows.size()).putShort((short) 0);
        rows.forEach(r -> Arrays.stream(r).forEach(b::putLong));
        return b.array();
    }

    /** Each row's code, name (null: NULL), COUNT(*) and SUM(id). */
    private static List<List<Object>> values(List<long[]> rows) {
        Layout layout = GROUPS.layout();
        int name = ColumnValues.words(Expr.field("code"), layout);
        int aggregates = GROUPS.keyWords();
        List<List<Object>> out = new ArrayList<>();
        for (long[] row : rows) {
            out.add(Arrays.asList(ColumnValues.value(row, 0, Expr.field("code"), layout),
                    ColumnValues.value(row, name, Expr.field("name"), layout), row[aggregates], row[aggregates + 1]));
        }
        return out;
    }
}
