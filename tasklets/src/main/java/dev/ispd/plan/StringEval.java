package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

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

    /** LIKE, STARTS WITH, ENDS WITH or CONTAINS against a literal pattern. */
    static final class Match extends ExprEval {
        private static final int ANY_ONE = -1;
        private static final int ANY_RUN = -2;

        private final Expr.MatchOp op;
        final StringEval operand;
        /** The pattern: bytes, and for LIKE {@link #ANY_ONE} and {@link #ANY_RUN} for {@code _} and {@code %}. */
        private final int[] pattern;

        Match(Expr.MatchOp op, StringEval operand, String pattern, String sql) {
            super(ExprType.BOOL, sql);
            this.op = op;
            this.operand = operand;
            this.pattern = op == Expr.MatchOp.LIKE ? likePattern(pattern, sql) : bytes(pattern);
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
            return switch (op) {
                case LIKE -> like(buf, bytes, start, n);
                case STARTS_WITH -> n >= pattern.length && matchesAt(buf, bytes, start);
                case ENDS_WITH -> n >= pattern.length && matchesAt(buf, bytes, start + n - pattern.length);
                case CONTAINS -> contains(buf, bytes, start, n);
            };
        }

        private boolean matchesAt(ByteBuffer buf, byte[] bytes, int at) {
            for (int i = 0; i < pattern.length; i++) {
                if (at(buf, bytes, at + i) != pattern[i]) {
                    return false;
                }
            }
            return true;
        }

        private boolean contains(ByteBuffer buf, byte[] bytes, int start, int n) {
            for (int at = start; at + pattern.length <= start + n; at++) {
                if (matchesAt(buf, bytes, at)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The classic wildcard match: on a mismatch, go back to the last {@code %} and let it take
         * one more character. Linear in practice, quadratic at worst, no allocation.
         */
        private boolean like(ByteBuffer buf, byte[] bytes, int start, int n) {
            int s = 0;
            int p = 0;
            int starP = -1;
            int starS = 0;
            while (s < n) {
                if (p < pattern.length && pattern[p] == ANY_ONE) {
                    s = nextChar(buf, bytes, start, s, n);
                    p++;
                } else if (p < pattern.length && pattern[p] == ANY_RUN) {
                    starP = p++;
                    starS = s;
                } else if (p < pattern.length && pattern[p] == at(buf, bytes, start + s)) {
                    s++;
                    p++;
                } else if (starP >= 0) {
                    p = starP + 1;
                    starS = nextChar(buf, bytes, start, starS, n);
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
        private static int nextChar(ByteBuffer buf, byte[] bytes, int start, int s, int n) {
            s++;
            while (s < n && (at(buf, bytes, start + s) & 0xC0) == 0x80) {
                s++;
            }
            return s;
        }
    }
}
