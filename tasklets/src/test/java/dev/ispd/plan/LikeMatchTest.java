package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * LIKE, STARTS WITH, ENDS WITH and CONTAINS ({@link StringEval.Match}) against Java's own
 * matching of the same pattern (a regular expression of it: {@code %} any run of characters,
 * {@code _} one), over random strings of a few letters and multi-byte characters (so that parts
 * nearly match, overlap and repeat), short and longer than the test's first copy of a string,
 * read from a byte array and from a buffer.
 */
class LikeMatchTest {
    private static final String[] LETTERS = {"a", "b", "ab", "é", "€", "%", "_"};

    @ParameterizedTest
    @ValueSource(strings = {"", "%", "%%", "a", "ab", "a%", "%a", "%a%", "a%b", "%ab%ab%", "%aa%a%", "a%a%a",
            "%é%€", "é%", "%€", "_", "a_", "_%b", "%a_b%", "__é%", "a\\%b%", "%\\_%", "%b%%a", "ab%ba%ab%ba"})
    void likeIsJavasMatchOfThePattern(String pattern) {
        StringEval.Match like = new StringEval.Match(Expr.MatchOp.LIKE, null, pattern, "s LIKE '" + pattern + "'");
        Pattern java = Pattern.compile(regex(pattern), Pattern.DOTALL);
        Random random = new Random(pattern.hashCode());
        for (int i = 0; i < 4_000; i++) {
            String s = string(random, i % 10 == 0 ? 120 : 12);
            assertEquals(java.matcher(s).matches(), holds(like, s), "'" + s + "' LIKE '" + pattern + "'");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "ab", "é", "a€b", "%_"})
    void startsEndsAndContainsAreJavas(String part) {
        List<StringEval.Match> tests = List.of(
                new StringEval.Match(Expr.MatchOp.STARTS_WITH, null, part, "s STARTS WITH"),
                new StringEval.Match(Expr.MatchOp.ENDS_WITH, null, part, "s ENDS WITH"),
                new StringEval.Match(Expr.MatchOp.CONTAINS, null, part, "s CONTAINS"));
        Random random = new Random(part.hashCode());
        for (int i = 0; i < 4_000; i++) {
            String s = string(random, i % 10 == 0 ? 120 : 12);
            assertEquals(s.startsWith(part), holds(tests.get(0), s), "'" + s + "' STARTS WITH '" + part + "'");
            assertEquals(s.endsWith(part), holds(tests.get(1), s), "'" + s + "' ENDS WITH '" + part + "'");
            assertEquals(s.contains(part), holds(tests.get(2), s), "'" + s + "' CONTAINS '" + part + "'");
        }
    }

    /** The test's answer, which must be the same from a byte array and from the buffer of a record. */
    private static boolean holds(StringEval.Match test, String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        boolean fromArray = test.holds(null, bytes, 0, bytes.length);
        ByteBuffer record = ByteBuffer.allocateDirect(bytes.length + 7);
        record.put(3, bytes);
        assertEquals(fromArray, test.holds(record, null, 3, bytes.length), "'" + s + "' from a buffer");
        return fromArray;
    }

    private static String string(Random random, int most) {
        StringBuilder s = new StringBuilder();
        for (int n = random.nextInt(most + 1); n > 0; n--) {
            s.append(LETTERS[random.nextInt(LETTERS.length)]);
        }
        return s.toString();
    }

    /** A LIKE pattern as a regular expression, with Spark's default escape {@code \}. */
    private static String regex(String like) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < like.length(); i++) {
            char c = like.charAt(i);
            if (c == '\\') {
                out.append(Pattern.quote(String.valueOf(like.charAt(++i))));
            } else if (c == '%') {
                out.append(".*");
            } else if (c == '_') {
                out.append('.');
            } else {
                out.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return out.toString();
    }
}
