package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A compiled string: a {@code char(N)} field's bytes less their padding, read in place, or a
 * literal's UTF-8 bytes. Strings compare as Spark compares them, byte by byte as unsigned
 * values; LIKE's {@code _} takes one character (a UTF-8 sequence), {@code %} any run of them.
 * {@link #length} says where the string's bytes are ({@link #bytes} and {@link #start}), so a
 * test reads them with no call per byte; the batch form ({@link VectorStrings}) runs the same
 * tests ({@link #compare}, {@link Match#holds}) over the same places, a batch at a time.
 */
abstract class StringEval extends ExprEval {
    /** After {@link #length}: the constant bytes holding the string, or null where they are in the record's buffer. */
    byte[] bytes;
    /** After {@link #length}: the index of the string's first byte in {@link #bytes} or the buffer. */
    int start;

    StringEval(String sql) {
        super(ExprType.STRING, sql);
    }

    /** The string's length in bytes, or -1 where it is NULL; sets {@link #bytes} and {@link #start}. */
    abstract int length(ByteBuffer buf, int record);

    /** Byte {@code i} of the string, unsigned, after {@link #length} of the same record. */
    final int byteAt(ByteBuffer buf, int record, int i) {
        return at(buf, bytes, start + i);
    }

    /** The unsigned byte at {@code i} of {@code bytes}, or of {@code buf} where {@code bytes} is null. */
    static int at(ByteBuffer buf, byte[] bytes, int i) {
        return bytes != null ? bytes[i] & 0xFF : buf.get(i) & 0xFF;
    }

    /**
     * Spark's order of string {@code a} ({@code n} bytes at {@code aStart} of {@code aBytes}, or of
     * {@code buf} where null) and string {@code b}: byte by byte as unsigned values, a prefix first;
     * negative, zero or positive.
     */
    static int compare(ByteBuffer buf, byte[] aBytes, int aStart, int n, byte[] bBytes, int bStart, int m) {
        int common = Math.min(n, m);
        for (int i = 0; i < common; i++) {
            int c = at(buf, aBytes, aStart + i) - at(buf, bBytes, bStart + i);
            if (c != 0) {
                return c;
            }
        }
        return n - m;
    }

    static final class FieldChars extends StringEval {
        final Field field;
        /** The byte that pads a shorter string: a space or zero. */
        final byte pad;

        FieldChars(Field field) {
            super(field.name());
            this.field = field;
            this.pad = field.type().zeroPad() ? 0 : (byte) ' ';
        }

        @Override
        int length(ByteBuffer buf, int record) {
            if (field.hasNullBit() && field.nullBitSet(buf, record)) {
                return -1;
            }
            start = record + field.offset();
            return Field.stringEnd(buf, start, field.width(), pad);
        }
    }

    static final class Literal extends StringEval {
        /** The literal's UTF-8 bytes, null for a NULL. */
        final byte[] value;

        Literal(String value, String sql) {
            super(sql);
            this.value = value == null ? null : value.getBytes(StandardCharsets.UTF_8);
            this.bytes = this.value;
        }

        @Override
        int length(ByteBuffer buf, int record) {
            return value == null ? -1 : value.length;
        }
    }

    /**
     * CASE or COALESCE of strings ({@link LogicEval.Choice}'s rules): {@link #length} picks the
     * value and takes where its bytes are, so the pick is made once per record.
     */
    static final class Choice extends StringEval {
        final ExprEval[] conditions;
        final StringEval[] values;

        Choice(ExprEval[] conditions, StringEval[] values, String sql) {
            super(sql);
            this.conditions = conditions;
            this.values = values;
        }

        @Override
        int length(ByteBuffer buf, int record) {
            for (int i = 0; i < values.length; i++) {
                if (conditions == null || i == conditions.length || conditions[i].truth(buf, record) == TRUE) {
                    int n = values[i].length(buf, record);
                    if (n >= 0 || conditions != null) {
                        bytes = values[i].bytes;
                        start = values[i].start;
                        return n;
                    }
                }
            }
            return -1;
        }
    }

    /** {@code left op right} over two strings. */
    static final class Compare extends LogicEval.Comparison {
        final StringEval left;
        final StringEval right;

        Compare(CompareOp op, StringEval left, StringEval right, String sql) {
            super(op, left, right, sql);
            this.left = left;
            this.right = right;
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            int n = left.length(buf, record);
            int m = right.length(buf, record);
            if (n < 0 || m < 0) {
                return UNKNOWN;
            }
            return op.holds(compare(buf, left.bytes, left.start, n, right.bytes, right.start, m)) ? TRUE : FALSE;
        }
    }

    /**
     * LIKE, STARTS WITH, ENDS WITH or CONTAINS against a literal pattern, as literal parts between
     * runs of any characters ({@link #parts}): a LIKE pattern without {@code _} is its parts around
     * its {@code %}s, STARTS WITH its literal and an empty part, ENDS WITH the reverse, CONTAINS its
     * literal between two empty ones. The first part must start the string and the last end it,
     * read where they are; each one between is found after the one before, leftmost (which decides
     * every such pattern), in a copy of the string of the test's own, made once, not in the record's
     * buffer a bounds-checked byte at a time. A part's bytes are whole UTF-8 characters whose first
     * byte starts a character, so a part found at a byte is found at a character. A LIKE with
     * {@code _} takes the classic wildcard match, a UTF-8 character at a time, over the copy.
     */
    static final class Match extends ExprEval {
        private static final int ANY_ONE = -1;
        private static final int ANY_RUN = -2;

        final StringEval operand;
        /** A LIKE pattern: bytes, {@link #ANY_ONE} for {@code _} and {@link #ANY_RUN} for {@code %}; else null. */
        private final int[] pattern;
        /** The pattern's literal parts, at least one (empty where two runs meet or at an end); null for a LIKE with {@code _}. */
        private final byte[][] parts;
        /** The string, or the part of it a test searches, where it is in the record's buffer; grown to the longest. */
        private byte[] copy = new byte[64];

        Match(Expr.MatchOp op, StringEval operand, String pattern, String sql) {
            super(ExprType.BOOL, sql);
            this.operand = operand;
            this.pattern = op == Expr.MatchOp.LIKE ? likePattern(pattern, sql) : null;
            byte[] literal = pattern.getBytes(StandardCharsets.UTF_8);
            byte[] none = new byte[0];
            this.parts = switch (op) {
                case LIKE -> parts(this.pattern);
                case STARTS_WITH -> new byte[][] {literal, none};
                case ENDS_WITH -> new byte[][] {none, literal};
                case CONTAINS -> new byte[][] {none, literal, none};
            };
        }

        private static int[] bytes(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            int[] p = new int[b.length];
            for (int i = 0; i < b.length; i++) {
                p[i] = b[i] & 0xFF;
            }
            return p;
        }

        /** A LIKE pattern with Spark's default escape, {@code \}: {@code \%}, {@code \_} and {@code \\} stand for themselves. */
        private static int[] likePattern(String s, String sql) {
            StringBuilder literal = new StringBuilder();
            java.util.List<Integer> out = new java.util.ArrayList<>();
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == '\\') {
                    if (i + 1 == s.length() || "%_\\".indexOf(s.charAt(i + 1)) < 0) {
                        throw new PlanException("expression", "LIKE pattern '" + s + "' of " + sql
                                + " has an escape \\ that is not before %, _ or \\");
                    }
                    literal.append(s.charAt(++i));
                    continue;
                }
                if (c == '%' || c == '_') {
                    for (int b : bytes(literal.toString())) {
                        out.add(b);
                    }
                    literal.setLength(0);
                    out.add(c == '%' ? ANY_RUN : ANY_ONE);
                } else {
                    literal.append(c);
                }
            }
            for (int b : bytes(literal.toString())) {
                out.add(b);
            }
            return out.stream().mapToInt(Integer::intValue).toArray();
        }

        /** The literal parts of {@code pattern} between its {@link #ANY_RUN}s, or null where it has an {@link #ANY_ONE}. */
        private static byte[][] parts(int[] pattern) {
            java.util.List<byte[]> out = new java.util.ArrayList<>();
            int from = 0;
            for (int i = 0; i <= pattern.length; i++) {
                if (i < pattern.length && pattern[i] == ANY_ONE) {
                    return null;
                }
                if (i == pattern.length || pattern[i] == ANY_RUN) {
                    byte[] part = new byte[i - from];
                    for (int j = from; j < i; j++) {
                        part[j - from] = (byte) pattern[j];
                    }
                    out.add(part);
                    from = i + 1;
                }
            }
            return out.toArray(byte[][]::new);
        }

        @Override
        int truth(ByteBuffer buf, int record) {
            int n = operand.length(buf, record);
            if (n < 0) {
                return UNKNOWN;
            }
            return holds(buf, operand.bytes, operand.start, n) ? TRUE : FALSE;
        }

        /** Whether the string of {@code n} bytes at {@code start} of {@code bytes} (or of {@code buf} where null) matches. */
        boolean holds(ByteBuffer buf, byte[] bytes, int start, int n) {
            if (parts == null) {
                return bytes != null ? like(bytes, start, n) : like(copied(buf, start, n), 0, n);
            }
            byte[] first = parts[0];
            byte[] last = parts[parts.length - 1];
            if (parts.length == 1) {
                return n == first.length && equalAt(buf, bytes, start, first);
            }
            if (n < first.length + last.length || !equalAt(buf, bytes, start, first)
                    || !equalAt(buf, bytes, start + n - last.length, last)) {
                return false;
            }
            int from = start + first.length;
            int end = start + n - last.length;
            return parts.length == 2 || (bytes != null ? middlesFound(bytes, from, end)
                    : middlesFound(copied(buf, from, end - from), 0, end - from));
        }

        /** {@code n} bytes at {@code start} of {@code buf} in {@link #copy}, from its first. */
        private byte[] copied(ByteBuffer buf, int start, int n) {
            if (copy.length < n) {
                copy = new byte[Math.max(n, 2 * copy.length)];
            }
            buf.get(start, copy, 0, n);
            return copy;
        }

        /** Whether {@code part} is at {@code at} of {@code bytes}, or of {@code buf} where null. */
        private static boolean equalAt(ByteBuffer buf, byte[] bytes, int at, byte[] part) {
            if (bytes != null) {
                return Arrays.equals(bytes, at, at + part.length, part, 0, part.length);
            }
            for (int i = 0; i < part.length; i++) {
                if (buf.get(at + i) != part[i]) {
                    return false;
                }
            }
            return true;
        }

        /** Whether the parts between the first and the last are found in {@code s[from, end)}, each after the one before. */
        private boolean middlesFound(byte[] s, int from, int end) {
            int at = from;
            for (int i = 1; i < parts.length - 1; i++) {
                at = find(s, at, end, parts[i]);
                if (at < 0) {
                    return false;
                }
                at += parts[i].length;
            }
            return true;
        }

        /** The first index of {@code part} in {@code s[from, end)}, or -1. */
        private static int find(byte[] s, int from, int end, byte[] part) {
            if (part.length == 0) {
                return from;
            }
            int last = end - part.length;
            byte head = part[0];
            for (int at = from; at <= last; at++) {
                if (s[at] == head && Arrays.equals(s, at + 1, at + part.length, part, 1, part.length)) {
                    return at;
                }
            }
            return -1;
        }

        /**
         * The classic wildcard match: on a mismatch, go back to the last {@code %} and let it take
         * one more character. Linear in practice, quadratic at worst, no allocation.
         */
        private boolean like(byte[] bytes, int start, int n) {
            int s = 0;
            int p = 0;
            int starP = -1;
            int starS = 0;
            while (s < n) {
                if (p < pattern.length && pattern[p] == ANY_ONE) {
                    s = nextChar(bytes, start, s, n);
                    p++;
                } else if (p < pattern.length && pattern[p] == ANY_RUN) {
                    starP = p++;
                    starS = s;
                } else if (p < pattern.length && pattern[p] == (bytes[start + s] & 0xFF)) {
                    s++;
                    p++;
                } else if (starP >= 0) {
                    p = starP + 1;
                    starS = nextChar(bytes, start, starS, n);
                    s = starS;
                } else {
                    return false;
                }
            }
            while (p < pattern.length && pattern[p] == ANY_RUN) {
                p++;
            }
            return p == pattern.length;
        }

        /** The index after the UTF-8 character that starts at {@code s} (of the string at {@code start}). */
        private static int nextChar(byte[] bytes, int start, int s, int n) {
            s++;
            while (s < n && (bytes[start + s] & 0xC0) == 0x80) {
                s++;
            }
            return s;
        }
    }
}
