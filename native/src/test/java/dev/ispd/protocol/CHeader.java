package dev.ispd.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers a C header defines: its object-like {@code #define}s with a value, and the members
 * of its {@code typedef enum}s by typedef name, with C's values (an enum member without
 * {@code =} is one more than the one before). Values are evaluated as unsigned 64-bit integers
 * held in a long; expressions may use integer literals (decimal, hex, octal, with u/l suffixes),
 * names defined earlier, {@code UINT32_MAX}, {@code UINT64_MAX}, parentheses and
 * {@code + - * << | &}. Anything else fails naming the constant, so the header cannot grow a form
 * this reader silently misses.
 */
record CHeader(Map<String, Long> defines, Map<String, Map<String, Long>> enums) {
    private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("//[^\n]*");
    private static final Pattern DEFINE =
            Pattern.compile("^\\s*#\\s*define\\s+(\\w+)(\\(?)[ \\t]*(.*)$", Pattern.MULTILINE);
    private static final Pattern ENUM = Pattern.compile("typedef\\s+enum\\s*\\w*\\s*\\{([^}]*)\\}\\s*(\\w+)\\s*;");
    private static final Pattern TOKEN =
            Pattern.compile("\\s*(0[xX][0-9a-fA-F]+|\\d+)[uUlL]*|\\s*(\\w+)|\\s*(<<|[-+*|&()])");

    static CHeader read(Path file) throws IOException {
        return parse(Files.readString(file), file.toString());
    }

    /** Parses header text; {@code where} names it in error messages. */
    static CHeader parse(String text, String where) {
        String code = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(text).replaceAll(" ")).replaceAll("")
                .replace("\\\n", " ");
        Map<String, Long> known = new LinkedHashMap<>(Map.of("UINT32_MAX", 0xFFFF_FFFFL, "UINT64_MAX", -1L));
        Map<String, Long> defines = new LinkedHashMap<>();
        Matcher d = DEFINE.matcher(code);
        while (d.find()) {
            String name = d.group(1);
            String value = d.group(3).trim();
            if (!d.group(2).isEmpty() || value.isEmpty()) {
                continue; // a function-like macro or a flag such as an include guard: no number
            }
            long v = evaluate(value, known, where + ": #define " + name);
            defines.put(name, v);
            known.put(name, v);
        }
        Map<String, Map<String, Long>> enums = new LinkedHashMap<>();
        Matcher e = ENUM.matcher(code);
        while (e.find()) {
            Map<String, Long> members = new LinkedHashMap<>();
            long next = 0;
            for (String member : e.group(1).split(",")) {
                if (member.isBlank()) {
                    continue; // after a trailing comma
                }
                int eq = member.indexOf('=');
                String name = (eq < 0 ? member : member.substring(0, eq)).trim();
                long v = eq < 0 ? next : evaluate(member.substring(eq + 1).trim(), known,
                        where + ": enum " + e.group(2) + " member " + name);
                members.put(name, v);
                known.put(name, v);
                next = v + 1;
            }
            enums.put(e.group(2), members);
        }
        return new CHeader(defines, enums);
    }

    /** Evaluates a constant expression: a sum of products of terms, combined by shifts, | and &. */
    private static long evaluate(String expression, Map<String, Long> known, String what) {
        Tokens t = new Tokens(expression, what);
        long v = t.bitwise(known);
        if (!t.atEnd()) {
            throw new IllegalArgumentException(what + ": cannot read '" + expression + "' past '" + t.rest() + "'");
        }
        return v;
    }

    /** A cursor over one expression, with one method per precedence level of the operators it knows. */
    private static final class Tokens {
        private final String text;
        private final String what;
        private int at;

        Tokens(String text, String what) {
            this.text = text;
            this.what = what;
        }

        boolean atEnd() {
            return text.substring(at).isBlank();
        }

        String rest() {
            return text.substring(at).trim();
        }

        long bitwise(Map<String, Long> known) {
            long v = shift(known);
            while (accept("|") || accept("&")) {
                boolean or = text.charAt(at - 1) == '|';
                long w = shift(known);
                v = or ? v | w : v & w;
            }
            return v;
        }

        private long shift(Map<String, Long> known) {
            long v = sum(known);
            while (accept("<<")) {
                v <<= sum(known);
            }
            return v;
        }

        private long sum(Map<String, Long> known) {
            long v = product(known);
            while (true) {
                if (accept("+")) {
                    v += product(known);
                } else if (accept("-")) {
                    v -= product(known);
                } else {
                    return v;
                }
            }
        }

        private long product(Map<String, Long> known) {
            long v = term(known);
            while (accept("*")) {
                v *= term(known);
            }
            return v;
        }

        private long term(Map<String, Long> known) {
            if (accept("(")) {
                long v = bitwise(known);
                if (!accept(")")) {
                    throw new IllegalArgumentException(what + ": missing ')' before '" + rest() + "'");
                }
                return v;
            }
            if (accept("-")) {
                return -term(known);
            }
            Matcher m = TOKEN.matcher(text).region(at, text.length());
            if (!m.lookingAt() || m.group(3) != null) {
                throw new IllegalArgumentException(what + ": expected a number or a name at '" + rest() + "'");
            }
            at = m.end();
            if (m.group(1) != null) {
                String digits = m.group(1);
                if (digits.startsWith("0x") || digits.startsWith("0X")) {
                    return Long.parseUnsignedLong(digits.substring(2), 16);
                }
                return digits.length() > 1 && digits.startsWith("0") ? Long.parseUnsignedLong(digits, 8)
                        : Long.parseUnsignedLong(digits);
            }
            Long v = known.get(m.group(2));
            if (v == null) {
                throw new IllegalArgumentException(what + ": '" + m.group(2) + "' is not a number defined before it");
            }
            return v;
        }

        private boolean accept(String operator) {
            Matcher m = TOKEN.matcher(text).region(at, text.length());
            if (m.lookingAt() && operator.equals(m.group(3))) {
                at = m.end();
                return true;
            }
            return false;
        }
    }
}
