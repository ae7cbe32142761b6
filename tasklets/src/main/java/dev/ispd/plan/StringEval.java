package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A compiled string: a {@code char(N)} field's bytes less their padding, read in place, or a
 * literal's UTF-8 bytes. Strings compare as Spark compares them, byte by byte as unsigned
 * values; LIKE's {@code _} takes one character (a UTF-8 sequence), {@code %} any run of them.
 */
abstract class StringEval extends ExprEval {
    StringEval(String sql) {
        super(ExprType.STRING, sql);
    }

    /** The string's length in bytes, or -1 where it is NULL. */
    abstract int length(ByteBuffer buf, int record);

    /** Byte {@code i} of the string, unsigned, after {@link #length} of the same record. */
    abstract int byteAt(ByteBuffer buf, int record, int i);

    static final class FieldChars extends StringEval {
        private final Field field;
        private final byte pad;

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
            int at = record + field.offset();
            int end = field.width();
            while (end > 0 && buf.get(at + end - 1) == pad) {
                end--;
            }
            return end;
        }

        @Override
        int byteAt(ByteBuffer buf, int record, int i) {
            return buf.get(record + field.offset() + i) & 0xFF;
        }
    }

    static final class Literal extends StringEval {
        final byte[] bytes;

        Literal(String value, String sql) {
            super(sql);
            this.bytes = value == null ? null : value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        int length(ByteBuffer buf, int record) {
            return bytes == null ? -1 : bytes.length;
        }

        @Override
        int byteAt(ByteBuffer buf, int record, int i) {
            return bytes[i] & 0xFF;
        }
    }

    /**
     * CASE or COALESCE of strings ({@link LogicEval.Choice}'s rules): {@link #length} picks the
     * value and {@link #byteAt} reads the one picked, so the pick is made once per record.
     */
    static final class Choice extends StringEval {
        private final ExprEval[] conditions;
        private final StringEval[] values;
        private StringEval picked;

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
                        picked = values[i];
                        return n;
                    }
                }
            }
            return -1;
        }

        @Override
        int byteAt(ByteBuffer buf, int record, int i) {
            return picked.byteAt(buf, record, i);
        }
    }

    /** {@code left op right} over two strings. */
    static final class Compare extends LogicEval.Comparison {
        private final StringEval left;
        private final StringEval right;

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
            int common = Math.min(n, m);
            for (int i = 0; i < common; i++) {
                int c = left.byteAt(buf, record, i) - right.byteAt(buf, record, i);
                if (c != 0) {
                    return op.holds(c) ? TRUE : FALSE;
                }
            }
            return op.holds(n - m) ? TRUE : FALSE;
        }
    }

    /** LIKE, STARTS WITH, ENDS WITH or CONTAINS against a literal pattern. */
    static final class Match extends ExprEval {
        private static final int ANY_ONE = -1;
        private static final int ANY_RUN = -2;

        private final Expr.MatchOp op;
        private final StringEval operand;
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
            boolean holds = switch (op) {
                case LIKE -> like(buf, record, n);
                case STARTS_WITH -> n >= pattern.length && matchesAt(buf, record, 0);
                case ENDS_WITH -> n >= pattern.length && matchesAt(buf, record, n - pattern.length);
                case CONTAINS -> contains(buf, record, n);
            };
            return holds ? TRUE : FALSE;
        }

        private boolean matchesAt(ByteBuffer buf, int record, int at) {
            for (int i = 0; i < pattern.length; i++) {
                if (operand.byteAt(buf, record, at + i) != pattern[i]) {
                    return false;
                }
            }
            return true;
        }

        private boolean contains(ByteBuffer buf, int record, int n) {
            for (int at = 0; at + pattern.length <= n; at++) {
                if (matchesAt(buf, record, at)) {
                    return true;
                }
            }
            return false;
        }

        /**
         * The classic wildcard match: on a mismatch, go back to the last {@code %} and let it take
         * one more character. Linear in practice, quadratic at worst, no allocation.
         */
        private boolean like(ByteBuffer buf, int record, int n) {
            int s = 0;
            int p = 0;
            int starP = -1;
            int starS = 0;
            while (s < n) {
                if (p < pattern.length && pattern[p] == ANY_ONE) {
                    s = nextChar(buf, record, s, n);
                    p++;
                } else if (p < pattern.length && pattern[p] == ANY_RUN) {
                    starP = p++;
                    starS = s;
                } else if (p < pattern.length && pattern[p] == operand.byteAt(buf, record, s)) {
                    s++;
                    p++;
                } else if (starP >= 0) {
                    p = starP + 1;
                    starS = nextChar(buf, record, starS, n);
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

        /** The index after the UTF-8 character that starts at {@code s}. */
        private int nextChar(ByteBuffer buf, int record, int s, int n) {
            s++;
            while (s < n && (operand.byteAt(buf, record, s) & 0xC0) == 0x80) {
                s++;
            }
            return s;
        }
    }
}
