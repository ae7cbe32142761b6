package dev.ispd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Field#compareChars} against its definition, every string of up to a field's width over
 * an alphabet holding both padding bytes against every literal of up to a byte past the width:
 * the string is the field's bytes less the trailing padding, compared byte by byte as unsigned
 * values (so padding inside a string, a string that is a prefix of the literal and a literal
 * ending in a padding byte all compare as Spark compares the strings); and a WHERE's = and <>
 * over a batch likewise.
 */
class CompareCharsTest {
    private static final byte[] ALPHABET = {'A', 'B', ' ', 0, (byte) 0xC3};
    private static final int WIDTH = 4;

    @Test
    void aStringComparesWithALiteralAsItsUnpaddedBytesDo() {
        List<byte[]> strings = strings(WIDTH);
        List<byte[]> literals = strings(WIDTH + 1);
        for (boolean zeroPad : new boolean[] {true, false}) {
            byte pad = zeroPad ? 0 : (byte) ' ';
            Field f = Field.of("s", 3, WIDTH, FieldType.chars(zeroPad), false);
            ByteBuffer buf = ByteBuffer.allocateDirect(3 + WIDTH + 1);
            for (byte[] s : strings) {
                for (int i = 0; i < WIDTH; i++) {
                    buf.put(3 + i, i < s.length ? s[i] : pad);
                }
                byte[] unpadded = unpadded(s, pad);
                for (byte[] literal : literals) {
                    assertEquals(Integer.signum(Arrays.compareUnsigned(unpadded, literal)),
                            Integer.signum(f.compareChars(buf, 0, literal)),
                            () -> Arrays.toString(s) + " padded with " + pad + " against " + Arrays.toString(literal));
                }
            }
        }
    }

    /**
     * The same over a place wider than a word (padding is looked for eight bytes at a time):
     * strings of every length up to the width, mostly padding bytes, against literals of every
     * length up to a byte past it.
     */
    @Test
    void aStringInAPlaceOfManyWordsComparesAsItsUnpaddedBytesDo() {
        int width = 3 * Long.BYTES + 3;
        Random random = new Random(21);
        for (boolean zeroPad : new boolean[] {true, false}) {
            byte pad = zeroPad ? 0 : (byte) ' ';
            Field f = Field.of("s", 5, width, FieldType.chars(zeroPad), false);
            ByteBuffer buf = ByteBuffer.allocateDirect(5 + width);
            for (int i = 0; i < 20_000; i++) {
                byte[] s = mostlyPadding(random, random.nextInt(width + 1), pad);
                byte[] literal = random.nextBoolean() ? unpadded(s, pad) : mostlyPadding(random,
                        random.nextInt(width + 2), pad);
                for (int b = 0; b < width; b++) {
                    buf.put(5 + b, b < s.length ? s[b] : pad);
                }
                assertEquals(Integer.signum(Arrays.compareUnsigned(unpadded(s, pad), literal)),
                        Integer.signum(f.compareChars(buf, 0, literal)),
                        () -> Arrays.toString(s) + " padded with " + pad + " against " + Arrays.toString(literal));
            }
        }
    }

    /**
     * A WHERE's = and <> of a string field over a batch (which compare the field's bytes with the
     * literal padded, a word at a time, where the literal neither ends in the padding byte nor is
     * longer than the field) select the rows whose unpadded bytes equal the literal, or do not:
     * every string of up to 4 bytes and random ones of 8, 11 (a word and a tail, compared as the
     * field's last word), 16 and 25 bytes, both padding bytes,
     * both byte orders, literals of every length up to a byte past the width, some ending in padding.
     */
    @Test
    void equalityOverABatchSelectsTheRowsWhoseUnpaddedBytesEqualTheLiteral() {
        Random random = new Random(7);
        for (int width : new int[] {WIDTH, Long.BYTES, Long.BYTES + 3, 2 * Long.BYTES, 25}) {
            for (boolean zeroPad : new boolean[] {true, false}) {
                byte pad = zeroPad ? 0 : (byte) ' ';
                List<byte[]> strings = new ArrayList<>();
                if (width == WIDTH) {
                    strings.addAll(strings(WIDTH));
                } else {
                    for (int i = 0; i < 3_000; i++) {
                        strings.add(mostlyPadding(random, random.nextInt(width + 1), pad));
                    }
                }
                Layout layout = new Layout("t", 3 + width, List.of(Field.of("s", 3, width, FieldType.chars(zeroPad), false)));
                for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                    ByteBuffer buf = ByteBuffer.allocate(layout.recordSize() * strings.size()).order(order);
                    for (int r = 0; r < strings.size(); r++) {
                        for (int b = 0; b < width; b++) {
                            byte[] str = strings.get(r);
                            buf.put(r * layout.recordSize() + 3 + b, b < str.length ? str[b] : pad);
                        }
                    }
                    for (int i = 0; i < 60; i++) {
                        byte[] literal = i % 3 == 0 ? unpadded(strings.get(random.nextInt(strings.size())), pad)
                                : mostlyPadding(random, random.nextInt(width + 2), pad);
                        for (CompareOp op : new CompareOp[] {CompareOp.EQ, CompareOp.NE}) {
                            assertSelects(layout, buf, strings, pad, ascii(literal), op);
                        }
                    }
                }
            }
        }
    }

    /**
     * A string IN as Spark pushes it, {@code s = 'a' OR s = 'b' ...} ({@link CharsIn}: each row's
     * string loaded once), and its negation, select the rows whose unpadded bytes equal one of the
     * literals (or none, and are not NULL) and count what the OR (the AND of <>) of leaves counts,
     * leaf by leaf, over a batch and record by record: a field load per literal tested up to the
     * first equal one, a comparison per literal a string that is not NULL met; a NULL fails every
     * equality, and the first inequality. Fields of 4 to 25 bytes, some NULL by a null bit, both
     * padding bytes and byte orders, literals of two to four strings of the records' or others.
     */
    @Test
    void anInOfStringsSelectsAndCountsAsItsLeavesWould() {
        Random random = new Random(11);
        for (int width : new int[] {WIDTH, Long.BYTES, Long.BYTES + 3, 25}) {
            for (boolean zeroPad : new boolean[] {true, false}) {
                byte pad = zeroPad ? 0 : (byte) ' ';
                List<byte[]> strings = new ArrayList<>();
                for (int i = 0; i < 2_500; i++) {
                    strings.add(i % 9 == 4 ? null : mostlyPadding(random, random.nextInt(Math.min(width, 6) + 1), pad));
                }
                Layout layout = new Layout("t", 3 + width, List.of(Field.of("s", 3, width, FieldType.chars(zeroPad), false)
                        .withNullBit(1, 5)));
                for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                    ByteBuffer buf = ByteBuffer.allocate(layout.recordSize() * strings.size()).order(order);
                    for (int r = 0; r < strings.size(); r++) {
                        byte[] str = strings.get(r);
                        buf.put(r * layout.recordSize() + 1, (byte) (str == null ? 1 << 5 : 0));
                        for (int b = 0; b < width; b++) {
                            buf.put(r * layout.recordSize() + 3 + b, str != null && b < str.length ? str[b] : pad);
                        }
                    }
                    for (int i = 0; i < 40; i++) {
                        List<String> literals = new ArrayList<>();
                        for (int j = 0, m = 2 + random.nextInt(3); j < m; j++) {
                            byte[] s = strings.get(random.nextInt(strings.size()));
                            literals.add(ascii(i % 2 == 0 && s != null ? unpadded(s, pad)
                                    : unpadded(mostlyPadding(random, 1 + random.nextInt(width), pad), pad)));
                        }
                        assertIn(layout, buf, strings, pad, literals);
                    }
                }
            }
        }
    }

    /** {@code s IN literals} and {@code s NOT IN literals} over the records against their definition. */
    private static void assertIn(Layout layout, ByteBuffer buf, List<byte[]> strings, byte pad, List<String> literals) {
        Predicate in = Predicate.or(literals.stream().map(l -> Predicate.compare("s", CompareOp.EQ, l)).toArray(Predicate[]::new));
        for (boolean absent : new boolean[] {false, true}) {
            Condition where = Condition.bind(absent ? Predicate.not(in) : in, layout);
            List<Integer> expected = new ArrayList<>();
            Work counted = new Work();
            for (int r = 0; r < strings.size(); r++) {
                byte[] s = strings.get(r);
                int equal = literals.size();
                for (int j = 0; s != null && j < literals.size() && equal == literals.size(); j++) {
                    if (Arrays.equals(unpadded(s, pad), literals.get(j).getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
                        equal = j;
                    }
                }
                int tested = Math.min(equal + 1, literals.size());
                counted.fieldReads += s == null ? (absent ? 1 : literals.size()) : tested;
                counted.compares += s == null ? 0 : tested;
                counted.stringLeafCompares += s == null ? 0 : tested;
                if (s != null && (equal < literals.size()) != absent) {
                    expected.add(r);
                }
            }
            String what = (absent ? "NOT " : "") + "s IN " + literals + " padded with " + pad + " in " + buf.order();
            Work perRecord = new Work();
            List<Integer> passed = new ArrayList<>();
            for (int r = 0; r < strings.size(); r++) {
                if (where.test(buf, r * layout.recordSize(), perRecord)) {
                    passed.add(r);
                }
            }
            assertEquals(expected, passed, what + ", record by record");
            assertWork(counted, perRecord, what + ", record by record");
            Work batched = new Work();
            RecordBatch batch = new RecordBatch();
            int[] sel = new int[ColumnBatch.MAX_ROWS];
            int[] out = new int[ColumnBatch.MAX_ROWS];
            passed.clear();
            for (int first = 0; first < strings.size(); first += ColumnBatch.MAX_ROWS) {
                int rows = Math.min(ColumnBatch.MAX_ROWS, strings.size() - first);
                batch.reset(buf, first * layout.recordSize(), rows, layout.recordSize());
                for (int i = 0; i < rows; i++) {
                    sel[i] = i;
                }
                int k = where.select(batch, sel, rows, out, batched);
                for (int i = 0; i < k; i++) {
                    passed.add(first + out[i]);
                }
            }
            assertEquals(expected, passed, what + ", a batch at a time");
            assertWork(counted, batched, what + ", a batch at a time");
        }
    }

    private static void assertWork(Work expected, Work got, String what) {
        assertEquals(expected.fieldReads, got.fieldReads, "field loads of " + what);
        assertEquals(expected.compares, got.compares, "comparisons of " + what);
        assertEquals(expected.stringLeafCompares, got.stringLeafCompares, "string leaf comparisons of " + what);
    }

    /** {@code literal} with the bytes a literal cannot hold as such (0xC3 alone is no UTF-8) as 'B'. */
    private static String ascii(byte[] literal) {
        StringBuilder s = new StringBuilder();
        for (byte b : literal) {
            s.append(b < 0 ? 'B' : (char) b);
        }
        return s.toString();
    }

    /** The batch form of {@code s op literal} over {@code strings}, records of {@code layout} in {@code buf}, against the definition. */
    private static void assertSelects(Layout layout, ByteBuffer buf, List<byte[]> strings, byte pad, String literal,
            CompareOp op) {
        Condition where = Condition.bind(Predicate.compare("s", op, literal), layout);
        byte[] lit = literal.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        RecordBatch batch = new RecordBatch();
        int[] sel = new int[ColumnBatch.MAX_ROWS];
        int[] out = new int[ColumnBatch.MAX_ROWS];
        for (int first = 0; first < strings.size(); first += ColumnBatch.MAX_ROWS) {
            int rows = Math.min(ColumnBatch.MAX_ROWS, strings.size() - first);
            batch.reset(buf, first * layout.recordSize(), rows, layout.recordSize());
            for (int i = 0; i < rows; i++) {
                sel[i] = i;
            }
            int k = where.select(batch, sel, rows, out, new Work());
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < rows; i++) {
                if ((Arrays.compare(unpadded(strings.get(first + i), pad), lit) == 0) == (op == CompareOp.EQ)) {
                    expected.add(i);
                }
            }
            List<Integer> got = Arrays.stream(out, 0, k).boxed().toList();
            assertEquals(expected, got, "s " + op + " '" + literal + "' padded with " + pad + " in " + buf.order());
        }
    }

    /** {@code length} bytes over the alphabet, each a padding byte with even odds. */
    private static byte[] mostlyPadding(Random random, int length, byte pad) {
        byte[] s = new byte[length];
        for (int i = 0; i < length; i++) {
            s[i] = random.nextBoolean() ? pad : ALPHABET[random.nextInt(ALPHABET.length)];
        }
        return s;
    }

    /** Every byte string of length 0 to {@code max} over the alphabet. */
    private static List<byte[]> strings(int max) {
        List<byte[]> out = new ArrayList<>();
        out.add(new byte[0]);
        List<byte[]> last = List.of(new byte[0]);
        for (int len = 1; len <= max; len++) {
            List<byte[]> next = new ArrayList<>();
            for (byte[] prefix : last) {
                for (byte b : ALPHABET) {
                    byte[] s = Arrays.copyOf(prefix, len);
                    s[len - 1] = b;
                    next.add(s);
                }
            }
            out.addAll(next);
            last = next;
        }
        return out;
    }

    private static byte[] unpadded(byte[] s, byte pad) {
        int end = s.length;
        while (end > 0 && s[end - 1] == pad) {
            end--;
        }
        return Arrays.copyOf(s, end);
    }
}
