package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class AnswersTest {
    @Test
    void q2KeepsTheTopNOfEachRegionTiesToTheSmallerTypeByte() throws IOException {
        String reduced = String.join("\n",
                "Paris\tHTML\t5", "Paris\tVIDEO\t9", "Paris\tAUDIO\t9", "Paris\ttype 13\t9",
                "Herndon\tother\t1", "Herndon\tIMAGE\t2", "");
        assertEquals("Herndon\tIMAGE\t2\nHerndon\tother\t1\nParis\tAUDIO\t9\nParis\tVIDEO\t9\n",
                Answers.fromReducerOutput(QuerySpec.q2(32, 2), reduced, "part"));
        assertEquals("Herndon\tIMAGE\t2\nParis\tAUDIO\t9\n", Answers.fromReducerOutput(QuerySpec.q2(32, 1), reduced, "part"));
    }

    @Test
    void filterAnswerIsTheDistinctAddressesAscending() throws IOException {
        assertEquals("0\n8192\n", Answers.fromReducerOutput(QuerySpec.filter(20, "type eq 0"),
                "8192\tosd:/a\n0\tosd:/a\n8192\tosd:/a\n", "part"));
        assertEquals("", Answers.fromReducerOutput(QuerySpec.filter(20, "type eq 0"), "", "part"));
    }

    @Test
    void q1SumsAndSortsByRegionName() throws IOException {
        assertEquals("Herndon\t3\nParis\t4\n",
                Answers.fromReducerOutput(QuerySpec.q1(20), "Paris\t1\nHerndon\t3\nParis\t3\n", "part"));
    }

    @Test
    void malformedReducerOutputNamesTheFileAndLine() {
        IOException e = assertThrows(IOException.class,
                () -> Answers.fromReducerOutput(QuerySpec.q1(20), "Paris\t1\nAtlantis\t2\n", "out/part-r-00000"));
        assertTrue(e.getMessage().contains("out/part-r-00000 line 2") && e.getMessage().contains("Atlantis"),
                e.getMessage());
        e = assertThrows(IOException.class, () -> Answers.fromReducerOutput(QuerySpec.q2(20, 1), "Paris\tHTML\n", "p"));
        assertTrue(e.getMessage().contains("p line 1: expected 3"), e.getMessage());
        e = assertThrows(IOException.class, () -> Answers.fromReducerOutput(QuerySpec.filter(20, "type eq 0"), "x\ty\n", "p"));
        assertTrue(e.getMessage().contains("'x' is not a non-negative integer"), e.getMessage());
    }
}
