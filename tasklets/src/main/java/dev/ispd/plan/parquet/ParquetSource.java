package dev.ispd.plan.parquet;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import java.io.Serializable;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.parquet.format.Type;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * A plan's source when its records are Parquet column chunks: the file (named in errors), the
 * columns the plan reads and the row groups of one execution, whose chunks' bytes are the
 * execution's extents in order. It travels as the runtime parameter {@value #PARAM} of EXECUTE
 * (and of a host run), in a versioned binary form, base64, cut into more parameters where long
 * ({@link #keys}; docs/protocol.md, "Plans over Parquet").
 */
public record ParquetSource(String file, List<ParquetColumn> columns, List<ParquetRowGroup> rowGroups)
        implements Serializable {
    /** The runtime parameter that carries the source. */
    public static final String PARAM = "parquet";
    /**
     * The most runtime parameters the source's base64 is cut into, {@link Limits#MAX_STRING}
     * characters each (a parameter's most): {@value #PARAM}, then {@code parquet.1},
     * {@code parquet.2}, ..., so that one execution reads many row groups.
     */
    public static final int MAX_PARAMS = 16;
    /** The version of the encoding; a drive refuses any other. */
    public static final int VERSION = 4;

    public ParquetSource {
        columns = List.copyOf(columns);
        rowGroups = List.copyOf(rowGroups);
        for (ParquetRowGroup g : rowGroups) {
            if (g.chunks().size() != columns.size()) {
                throw new IllegalArgumentException(file + ": row group " + g.index() + " has " + g.chunks().size()
                        + " column chunks for " + columns.size() + " columns");
            }
        }
    }

    /** Bytes of all the row groups' chunks: what the execution's extents must hold. */
    public long bytes() {
        return rowGroups.stream().mapToLong(ParquetRowGroup::bytes).sum();
    }

    /** The source as runtime parameters: its base64 in pieces of {@link Limits#MAX_STRING} characters ({@link #keys}). */
    public Params toParams() {
        String base64 = Base64.getEncoder().encodeToString(encode());
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i * Limits.MAX_STRING < base64.length(); i++) {
            params.put(key(i), base64.substring(i * Limits.MAX_STRING,
                    Math.min(base64.length(), (i + 1) * Limits.MAX_STRING)));
        }
        return new Params(params);
    }

    /** The encoded bytes one execution's parameters hold ({@link #MAX_PARAMS} pieces of base64). */
    public static int maxEncodedBytes() {
        return MAX_PARAMS * Limits.MAX_STRING / 4 * 3;
    }

    /** The runtime parameters a source may take, in order. */
    public static List<String> keys() {
        return IntStream.range(0, MAX_PARAMS).mapToObj(ParquetSource::key).toList();
    }

    private static String key(int piece) {
        return piece == 0 ? PARAM : PARAM + "." + piece;
    }

    /**
     * The source in {@code runtime}, or null if it carries none; a malformed one is a
     * {@link BadParameterException} naming the parameter and the byte.
     */
    public static ParquetSource fromParams(Params runtime) throws BadParameterException {
        if (!runtime.has(PARAM)) {
            return null;
        }
        byte[] bytes;
        try {
            StringBuilder base64 = new StringBuilder(runtime.getString(PARAM));
            int pieces = 1;
            for (; runtime.has(key(pieces)); pieces++) {
                base64.append(runtime.getString(key(pieces)));
            }
            for (int i = pieces + 1; i < MAX_PARAMS; i++) {
                if (runtime.has(key(i))) {
                    throw new BadParameterException("parameter '" + key(i) + "' without '" + key(pieces)
                            + "': the pieces of the source go in order");
                }
            }
            bytes = Base64.getDecoder().decode(base64.toString());
        } catch (IllegalArgumentException e) {
            throw new BadParameterException("parameter '" + PARAM + "': not base64: " + e.getMessage());
        }
        return decode(bytes);
    }

    /**
     * Version 4: {@code u8 version, str file, u16 n, n columns, u32 m, m row groups}, a row group
     * with the rows the plan reads of it, each chunk with the rows its pages sent hold and whether
     * its data pages are dictionary encoded (docs/protocol.md).
     */
    public byte[] encode() {
        byte[] name = file.getBytes(StandardCharsets.UTF_8);
        int size = 1 + 2 + name.length + 2 + 4;
        for (ParquetColumn c : columns) {
            size += 2 + c.name().getBytes(StandardCharsets.UTF_8).length + 1 + 4 + 1 + 1;
        }
        for (ParquetRowGroup g : rowGroups) {
            size += 4 + 8 + 8 + 8 + g.chunks().size() * 26;
        }
        ByteBuffer out = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        out.put((byte) VERSION);
        putString(out, name);
        out.putShort((short) columns.size());
        for (ParquetColumn c : columns) {
            putString(out, c.name().getBytes(StandardCharsets.UTF_8));
            out.put((byte) physicalCode(c.physical()));
            out.putInt(c.typeLength());
            out.put((byte) (c.optional() ? 1 : 0));
            out.put((byte) c.conversion().ordinal());
        }
        out.putInt(rowGroups.size());
        for (ParquetRowGroup g : rowGroups) {
            out.putInt(g.index());
            out.putLong(g.rows());
            out.putLong(g.first());
            out.putLong(g.count());
            for (ParquetRowGroup.Chunk k : g.chunks()) {
                out.put((byte) k.codec());
                out.putLong(k.length());
                out.putLong(k.firstRow());
                out.putLong(k.rows());
                out.put((byte) (k.dictionary() ? 1 : 0));
            }
        }
        return out.array();
    }

    /** Reads {@link #encode}'s form; anything malformed is a {@link BadParameterException} naming the byte. */
    public static ParquetSource decode(byte[] bytes) throws BadParameterException {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        try {
            int version = in.get() & 0xFF;
            if (version != VERSION) {
                throw bad(in, "version " + version + ", this drive reads version " + VERSION);
            }
            String file = string(in);
            int n = in.getShort() & 0xFFFF;
            List<ParquetColumn> columns = new ArrayList<>(n);
            ParquetColumn.Conversion[] conversions = ParquetColumn.Conversion.values();
            for (int i = 0; i < n; i++) {
                String name = string(in);
                int type = in.get() & 0xFF;
                int length = in.getInt();
                boolean optional = in.get() != 0;
                int conversion = in.get() & 0xFF;
                Type physical = Type.findByValue(type);
                if (physical == null || conversion >= conversions.length || length < 0) {
                    throw bad(in, "column " + name + ": unknown physical type " + type + " or conversion " + conversion);
                }
                columns.add(new ParquetColumn(name, physical == Type.BYTE_ARRAY ? PrimitiveTypeName.BINARY
                        : PrimitiveTypeName.valueOf(physical.name()), length, optional, conversions[conversion]));
            }
            int m = in.getInt();
            if (m < 0 || m > in.remaining() / 28) {
                throw bad(in, "row group count " + m);
            }
            List<ParquetRowGroup> groups = new ArrayList<>(m);
            for (int g = 0; g < m; g++) {
                int index = in.getInt();
                long rows = in.getLong();
                long first = in.getLong();
                long count = in.getLong();
                if (rows < 0 || first < 0 || count < 0 || first > rows - count) {
                    throw bad(in, "row group " + index + " of " + rows + " rows: rows " + first + " to "
                            + (first + count) + " are not among them");
                }
                List<ParquetRowGroup.Chunk> chunks = new ArrayList<>(n);
                for (int c = 0; c < n; c++) {
                    int codec = in.get() & 0xFF;
                    long length = in.getLong();
                    long firstRow = in.getLong();
                    long sent = in.getLong();
                    int dictionary = in.get() & 0xFF;
                    if (length < 0) {
                        throw bad(in, "row group " + index + ": negative length");
                    }
                    if (firstRow < 0 || sent < 0 || firstRow > first || sent < first + count - firstRow
                            || sent > rows - firstRow) {
                        throw bad(in, "row group " + index + " of " + rows + " rows: a chunk sent with " + sent
                                + " rows from row " + firstRow + " lacks rows of " + first + " to " + (first + count));
                    }
                    if (dictionary > 1) {
                        throw bad(in, "row group " + index + ": dictionary flag " + dictionary + " (0 or 1)");
                    }
                    chunks.add(new ParquetRowGroup.Chunk(codec, length, firstRow, sent, dictionary == 1));
                }
                groups.add(new ParquetRowGroup(index, rows, chunks, first, count));
            }
            if (in.hasRemaining()) {
                throw bad(in, in.remaining() + " bytes after the last row group");
            }
            return new ParquetSource(file, columns, groups);
        } catch (BufferUnderflowException e) {
            throw bad(in, "the encoding ends early");
        }
    }

    /** A physical type's number in the Parquet format ({@code Type}: BOOLEAN 0 ... FIXED_LEN_BYTE_ARRAY 7). */
    private static int physicalCode(PrimitiveTypeName t) {
        return (t == PrimitiveTypeName.BINARY ? Type.BYTE_ARRAY : Type.valueOf(t.name())).getValue();
    }

    private static BadParameterException bad(ByteBuffer in, String what) {
        return new BadParameterException("parameter '" + PARAM + "' (a Parquet source), at byte " + in.position()
                + ": " + what);
    }

    private static void putString(ByteBuffer out, byte[] s) {
        out.putShort((short) s.length);
        out.put(s);
    }

    private static String string(ByteBuffer in) {
        byte[] s = new byte[in.getShort() & 0xFFFF];
        in.get(s);
        return new String(s, StandardCharsets.UTF_8);
    }
}
