package dev.ispd.sim.hostif;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.WireCode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the fields of one payload, little-endian, with a bounds check on every read: a payload
 * that does not match its layout fails with {@link Status#MALFORMED} and a message naming the
 * message and the field. Reusable: {@link #reset} points it at the next payload.
 */
public final class PayloadReader {
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    private ByteBuffer buf;
    private String context;

    public PayloadReader() {
    }

    public PayloadReader(ByteBuffer payload, String context) {
        reset(payload, context);
    }

    /**
     * Reads {@code payload} from its position to its limit; {@code context} (the message name,
     * e.g. "WRITE_OBJECT request") starts every error message.
     */
    public PayloadReader reset(ByteBuffer payload, String context) {
        this.buf = payload.slice().order(ByteOrder.LITTLE_ENDIAN);
        this.context = context;
        return this;
    }

    public int remaining() {
        return buf.remaining();
    }

    public int u8(String field) throws StatusException {
        need(1, field);
        return buf.get() & 0xFF;
    }

    public int u16(String field) throws StatusException {
        need(2, field);
        return buf.getShort() & 0xFFFF;
    }

    public long u32(String field) throws StatusException {
        need(4, field);
        return buf.getInt() & 0xFFFF_FFFFL;
    }

    /** A u32 that must lie in [min, max]. */
    public int u32(String field, long min, long max) throws StatusException {
        long v = u32(field);
        if (v < min || v > max) {
            throw malformed(field + " is " + v + ", outside [" + min + ", " + max + "]");
        }
        return (int) v;
    }

    /** A u8 that must be the code of one of {@code values}, e.g. {@code ObjectKind.values()}. */
    public <E extends Enum<E> & WireCode> E u8Code(String field, E[] values) throws StatusException {
        int code = u8(field);
        E e = WireCode.find(values, code);
        if (e == null) {
            StringBuilder known = new StringBuilder();
            for (E v : values) {
                known.append(known.length() == 0 ? "" : ", ").append(v.code()).append(" (").append(v).append(')');
            }
            throw malformed(field + " " + code + " is not one of " + known);
        }
        return e;
    }

    /** The raw 64 bits of a u64; values above 2^63-1 come back negative. */
    public long u64(String field) throws StatusException {
        need(8, field);
        return buf.getLong();
    }

    /** A str: u16 length and UTF-8 bytes, at most {@link Limits#MAX_STRING}. */
    public String str(String field) throws StatusException {
        int len = u16(field + " length");
        if (len > Limits.MAX_STRING) {
            throw malformed(field + " is " + len + " bytes long, over the limit of " + Limits.MAX_STRING);
        }
        need(len, field);
        ByteBuffer bytes = buf.slice().limit(len);
        buf.position(buf.position() + len);
        try {
            CharBuffer chars = utf8.reset().decode(bytes);
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw malformed(field + " is not valid UTF-8");
        }
    }

    /** A params: u16 count, then count (str key, str value) pairs; keys checked, no duplicates. */
    public Params params(String field) throws StatusException {
        int count = u16(field + " count");
        if (count > Limits.MAX_PARAMS) {
            throw malformed(field + " has " + count + " pairs, over the limit of " + Limits.MAX_PARAMS);
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String key = str(field + " key " + i);
            String problem = WireStrings.checkParamKey(key);
            if (problem != null) {
                throw malformed(field + " key " + i + " " + problem);
            }
            String value = str(field + " value of '" + key + "'");
            if (value.indexOf('\n') >= 0) {
                throw malformed(field + " value of '" + key + "' contains a newline");
            }
            if (m.put(key, value) != null) {
                throw malformed(field + " key '" + key + "' appears twice");
            }
        }
        return new Params(m);
    }

    /** A blob: u32 length and bytes; returns a view of them (valid while the payload buffer is). */
    public ByteBuffer blob(String field) throws StatusException {
        long len = u32(field + " length");
        if (len > buf.remaining()) {
            throw malformed(field + " length " + len + " exceeds the " + buf.remaining() + " bytes left in the payload");
        }
        return bytes((int) len, field);
    }

    /** The next {@code n} bytes as a view (valid while the payload buffer is). */
    public ByteBuffer bytes(int n, String field) throws StatusException {
        need(n, field);
        ByteBuffer view = buf.slice().limit(n).order(ByteOrder.LITTLE_ENDIAN);
        buf.position(buf.position() + n);
        return view;
    }

    /** Fails if bytes remain after the last field. */
    public void end() throws StatusException {
        if (buf.hasRemaining()) {
            throw malformed(buf.remaining() + " unexpected bytes after the last field");
        }
    }

    public StatusException malformed(String what) {
        return new StatusException(Status.MALFORMED, context + ": " + what);
    }

    private void need(int n, String field) throws StatusException {
        if (buf.remaining() < n) {
            throw malformed("field " + field + " needs " + n + " bytes at payload offset " + buf.position()
                    + " but only " + buf.remaining() + " remain");
        }
    }
}
