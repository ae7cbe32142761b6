package dev.ispd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The header reader behind HeaderVocabularyTest, on the forms ispd.h uses and a few it might. */
class CHeaderTest {
    @Test
    void readsDefinesWithSuffixesExpressionsAndComments() {
        CHeader h = CHeader.parse("""
                #ifndef X_H
                #define X_H
                #define A 8388608u /* a comment */
                #define B (A + 65536u) // another
                #define C 0x44505349u
                #define D UINT64_MAX
                #define E 0xFFFFFFFFFFFF0000ull
                #define F (1u << 4 | 1)
                #define G(x) ((x) + 1)
                #define H \\
                    010
                /* #define I 5 */
                """, "test.h");
        assertEquals(Map.of("A", 8388608L, "B", 8454144L, "C", 0x44505349L, "D", -1L, "E", 0xFFFF_FFFF_FFFF_0000L,
                "F", 17L, "H", 8L), h.defines());
    }

    @Test
    void readsEnumMembersWithImplicitValues() {
        CHeader h = CHeader.parse("""
                typedef enum e1 { E_A = 1, E_B = 2 } e1;
                typedef enum e2 {
                    E_X,        /* 0 */
                    E_Y = 5,
                    E_Z,
                    E_W = E_Y + 1000,
                } e2;
                """, "test.h");
        assertEquals(Map.of("E_A", 1L, "E_B", 2L), h.enums().get("e1"));
        assertEquals(Map.of("E_X", 0L, "E_Y", 5L, "E_Z", 6L, "E_W", 1005L), h.enums().get("e2"));
    }

    @Test
    void aValueItCannotReadFailsNamingTheConstant() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CHeader.parse("#define SIZE sizeof(int)\n", "test.h"));
        assertTrue(e.getMessage().contains("test.h: #define SIZE"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> CHeader.parse("typedef enum t { T_A = NOWHERE } t;", "test.h"));
        assertTrue(e.getMessage().contains("enum t member T_A") && e.getMessage().contains("NOWHERE"), e.getMessage());
    }
}
