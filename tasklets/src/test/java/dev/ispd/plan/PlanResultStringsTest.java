package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A plan result carries each string at its length (plan encoding version 7, {@link PlanResult}):
 * a zero-padded {@code char(20)} with a null bit (as Parquet's strings are held) and a
 * space-padded {@code char(12)}, with trailing spaces, empty strings, NULLs, multi-byte UTF-8 and
 * strings that fill their field, from row plans, top-N and LIMIT; the result's bytes are the
 * shared vector {@code docs/protocol/vectors/results/result_01_strings.bin}.
 */
class PlanResultStringsTest {
    /** The shared vector of {@link #ROWS}' result, relative to the repository root ({@link PlanVectorWriter} writes it). */
    static final Path VECTOR = Path.of("docs", "protocol", "vectors", "results", "result_01_strings.bin");

    /** {@code id i64 @0, name char(20) zero-padded @8 nullable @40.0, code char(12) space-padded @28}. */
    static final Layout NAMES = new Layout("names", 41, List.of(
            Field.of("id", 0, 8, FieldType.INTEGER, false),
            Field.of("name", 8, 20, FieldType.chars(true), false).withNullBit(40, 0),
            Field.of("code", 28, 12, FieldType.chars(false), false)));

    /** The names (null: NULL) and codes of the records, id 1 on. */
    static final String[] NAME = {"plain", "trail  ", "", null, "né 漢字", "abcdefghijklmnopqrst", "123456789", " x"};
    static final String[] CODE = {"MAIL", "", "12 chars ok!", "AIR REG", "é", "SHIP", "x", ""};

    static final Plan ROWS = Plan.rowsOf(NAMES, null, List.of(Expr.field("id"), Expr.field("name"), Expr.field("code")));

    static byte[] records() {
        ByteBuffer b = ByteBuffer.allocate(NAME.length * NAMES.recordSize()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < NAME.length; i++) {
            int at = i * NAMES.recordSize();
            b.putLong(at, i + 1);
            if (NAME[i] == null) {
                b.put(at + 40, (byte) 1);
            } else {
                b.put(at + 8, NAME[i].getBytes(StandardCharsets.UTF_8));
            }
            byte[] code = Arrays.copyOf(CODE[i].getBytes(StandardCharsets.UTF_8), 12);
            Arrays.fill(code, CODE[i].getBytes(StandardCharsets.UTF_8).length, 12, (byte) ' ');
            b.put(at + 28, code);
        }
        return b.array();
    }

    static byte[] result(Plan plan) throws IOException {
        byte[] data = records();
        return new HostRunner(data.length, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))).bytes();
    }

    @Test
    void stringsComeBackExactlyAtTheirLength() throws IOException {
        byte[] result = result(ROWS);
        assertEquals(List.of(List.of(1L, "plain", "MAIL"), List.of(2L, "trail  ", ""), List.of(3L, "", "12 chars ok!"),
                Arrays.asList(4L, null, "AIR REG"), List.of(5L, "né 漢字", "é"), List.of(6L, "abcdefghijklmnopqrst", "SHIP"),
                List.of(7L, "123456789", "x"), List.of(8L, " x", "")), values(ROWS, result));
        long strings = 0;
        for (int i = 0; i < NAME.length; i++) {
            strings += 1 + (NAME[i] == null ? 0 : NAME[i].getBytes(StandardCharsets.UTF_8).length)
                    + 1 + CODE[i].getBytes(StandardCharsets.UTF_8).length;
        }
        // the header, its two string columns, the ids, each string's length byte and bytes: no padding
        assertEquals(PlanResult.HEADER_BYTES + 2 * 4 + NAME.length * Long.BYTES + strings, result.length);
        assertTrue(result.length < PlanResult.bytes(NAME.length, ROWS.rowWords()) / 2, "a third of the words' bytes");
    }

    @Test
    void theResultIsTheSharedVector() throws IOException {
        assertArrayEquals(Files.readAllBytes(Path.of("..").resolve(VECTOR)), result(ROWS));
    }

    @Test
    void topNAndLimitReturnTheirStringsAtTheirLength() throws IOException {
        Plan top = Plan.rowsOf(NAMES, null, List.of(Expr.field("code"), Expr.field("name")))
                .top(3, List.of(new Plan.SortKey(Expr.field("id"), true, false)));
        assertEquals(List.of(List.of("", " x"), List.of("x", "123456789"), List.of("SHIP", "abcdefghijklmnopqrst")),
                values(top, result(top)));
        Plan limit = ROWS.limit(4);
        assertEquals(values(ROWS, result(ROWS)).subList(0, 4), values(limit, result(limit)));
    }

    @Test
    void aResultWhoseStringsDoNotAddUpIsRefused() throws IOException {
        byte[] result = result(ROWS);
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> PlanResult.rowCount(Arrays.copyOf(result, result.length - 1)));
        assertTrue(cut.getMessage().contains("has " + (result.length - 1) + " bytes") || cut.getMessage().contains("ends in row"),
                cut.getMessage());
        byte[] longer = result.clone();
        int firstName = PlanResult.HEADER_BYTES + 2 * 4 + Long.BYTES; // row 0's name: its length + 1 then "plain"
        longer[firstName] = 30; // a length of 29 in a char(20)'s words
        IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class, () -> PlanResult.rowCount(longer));
        assertTrue(tooLong.getMessage().contains("a string of 29 bytes"), tooLong.getMessage());
    }

    /** The values of {@code plan}'s columns in each row of {@code result}. */
    static List<List<Object>> values(Plan plan, byte[] result) {
        List<List<Object>> out = new ArrayList<>();
        for (long[] row : PlanResult.decode(result).rows()) {
            List<Object> values = new ArrayList<>();
            for (int c = 0; c < plan.select().size(); c++) {
                Expr column = plan.select().get(c);
                int at = plan.selectWord(c);
                values.add(ColumnValues.fieldColumn(column, plan.layout()) ? (Object) row[at]
                        : ColumnValues.value(row, at, column, plan.layout()));
            }
            out.add(values);
        }
        return out;
    }
}
