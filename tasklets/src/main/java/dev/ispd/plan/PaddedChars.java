package dev.ispd.plan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A string literal padded to the width of a {@code char(N)} field, so that a row's string equals
 * it exactly where the field's bytes equal these: compared a word at a time, as a big- and a
 * little-endian buffer loads them. The words lie at byte 0, 8, ... of the field, and where the
 * width is not a multiple of 8 the last word is the field's last 8 bytes (overlapping the one
 * before), so a field of 8 bytes or more takes no byte loads; a narrower one is compared a byte
 * at a time.
 */
final class PaddedChars {
    /** Where each word lies in the field. */
    private final int[] wordAt;
    private final long[] big;
    private final long[] little;
    /** The padded bytes where the field is narrower than a word, else none. */
    private final byte[] bytes;

    private PaddedChars(byte[] padded) {
        int words = padded.length < Long.BYTES ? 0 : (padded.length + Long.BYTES - 1) / Long.BYTES;
        this.wordAt = new int[words];
        this.big = new long[words];
        this.little = new long[words];
        ByteBuffer b = ByteBuffer.wrap(padded);
        for (int w = 0; w < words; w++) {
            wordAt[w] = Math.min(w * Long.BYTES, padded.length - Long.BYTES);
            big[w] = b.order(ByteOrder.BIG_ENDIAN).getLong(wordAt[w]);
            little[w] = b.order(ByteOrder.LITTLE_ENDIAN).getLong(wordAt[w]);
        }
        this.bytes = words == 0 ? padded : new byte[0];
    }

    /**
     * {@code literal} padded to {@code field}'s width; null where the field's padding can make an
     * equal string of other bytes (a literal that ends in the padding byte) or none can be equal (a
     * literal longer than the field): there the strings are compared by {@link Field#compareChars}.
     */
    static PaddedChars of(Field field, byte[] literal) {
        byte pad = field.type().zeroPad() ? 0 : (byte) ' ';
        if (literal.length > field.width() || literal.length > 0 && literal[literal.length - 1] == pad) {
            return null;
        }
        byte[] padded = Arrays.copyOf(literal, field.width());
        Arrays.fill(padded, literal.length, padded.length, pad);
        return new PaddedChars(padded);
    }

    /** The words as a buffer of byte order {@code order} loads them. */
    long[] words(ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? big : little;
    }

    /** Whether the field's bytes at absolute {@code at} of {@code buf} are these; {@code words} is {@link #words} of its order. */
    boolean equalAt(ByteBuffer buf, int at, long[] words) {
        for (int w = 0; w < words.length; w++) {
            if (buf.getLong(at + wordAt[w]) != words[w]) {
                return false;
            }
        }
        for (int i = 0; i < bytes.length; i++) {
            if (buf.get(at + i) != bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@link #equalAt} past the first word, for a caller that compared it already (a field of 8 bytes or more). */
    boolean restEqualAt(ByteBuffer buf, int at, long[] words) {
        for (int w = 1; w < words.length; w++) {
            if (buf.getLong(at + wordAt[w]) != words[w]) {
                return false;
            }
        }
        return true;
    }

    /** Whether the words cover the field (8 bytes or more wide), so the first word can be compared on its own. */
    boolean byWords() {
        return bytes.length == 0;
    }
}
