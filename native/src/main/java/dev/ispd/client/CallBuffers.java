package dev.ispd.client;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The direct buffers one connection reuses for every call, so a command allocates no native
 * memory: {@link #out} receives structs and scalar outputs, {@link #text} holds NUL-terminated
 * strings, {@link #extents} the EXECUTE extent list, and lazily made buffers serve LIST pages,
 * LIST_MODULES and the copies that byte-array convenience methods need. All are in native byte order (the C
 * structs' order; little-endian on every supported platform) and 8-byte aligned.
 */
final class CallBuffers {
    /** First u64 (or pointer / u32 / u8) output slot in {@link #out}. */
    static final int SLOT_A = 0;
    /** Second output slot in {@link #out}. */
    static final int SLOT_B = 8;

    final ByteBuffer out = allocate(IntStream.of(NativeLayout.INFO_SIZE, NativeLayout.LOG_SIZE, NativeLayout.POLL_SIZE,
            NativeLayout.SCRUB_SIZE).max().getAsInt());
    private ByteBuffer text = allocate(4096);
    private ByteBuffer extents = allocate(64 * NativeLayout.EXTENT_SIZE);
    private ByteBuffer listPage;
    private ByteBuffer staging;
    private ByteBuffer modules;
    private int textEnd;

    static ByteBuffer allocate(int capacity) {
        return ByteBuffer.allocateDirect(capacity + 7).alignedSlice(8).order(ByteOrder.nativeOrder());
    }

    ByteBuffer text() {
        return text;
    }

    /** Forgets the strings of the previous call. */
    CallBuffers clearText() {
        textEnd = 0;
        return this;
    }

    /** Appends {@code s} as NUL-terminated UTF-8; returns its offset in {@link #text()}. */
    int addText(String s, String what) {
        if (s.indexOf('\0') >= 0) {
            throw new IllegalArgumentException(what + " contains a NUL character: '" + s.replace("\0", "\\0") + "'");
        }
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        int offset = textEnd;
        growText(offset + bytes.length + 1);
        text.put(offset, bytes).put(offset + bytes.length, (byte) 0);
        textEnd = offset + bytes.length + 1;
        return offset;
    }

    /** Appends parameters in the C API's {@code key=value\n} text form; returns its offset. */
    int addParams(Map<String, String> params, String what) {
        StringBuilder sb = new StringBuilder();
        params.forEach((k, v) -> {
            if (k.isEmpty() || k.indexOf('=') >= 0 || k.indexOf('\n') >= 0) {
                throw new IllegalArgumentException(what + ": key '" + k + "' must be non-empty without '=' or newline");
            }
            if (v.indexOf('\n') >= 0) {
                throw new IllegalArgumentException(what + ": value of '" + k + "' contains a newline");
            }
            sb.append(k).append('=').append(v).append('\n');
        });
        return addText(sb.toString(), what);
    }

    private void growText(int needed) {
        if (needed > text.capacity()) {
            ByteBuffer bigger = allocate(Math.max(needed, 2 * text.capacity()));
            bigger.put(0, text, 0, textEnd);
            text = bigger;
        }
    }

    /** Writes {@code list} as {@code ispd_extent}s from offset 0 of {@link #extents()}. */
    ByteBuffer putExtents(List<Extent> list) {
        if (list.size() > Limits.MAX_EXTENTS) {
            throw new IllegalArgumentException("execute: " + list.size() + " extents, at most "
                    + Limits.MAX_EXTENTS + " (ISPD_MAX_EXTENTS) per execution");
        }
        int bytes = list.size() * NativeLayout.EXTENT_SIZE;
        if (bytes > extents.capacity()) {
            extents = allocate(Math.max(bytes, 2 * extents.capacity()));
        }
        int at = 0;
        for (Extent e : list) {
            extents.putLong(at + NativeLayout.EXTENT_OBJECT_ID, e.objectId())
                    .putLong(at + NativeLayout.EXTENT_OFFSET, e.offset())
                    .putLong(at + NativeLayout.EXTENT_LENGTH, e.length());
            at += NativeLayout.EXTENT_SIZE;
        }
        return extents;
    }

    ByteBuffer extents() {
        return extents;
    }

    /** Room for {@code max} {@code ispd_object_stat}s. */
    ByteBuffer listPage(int max) {
        int bytes = max * NativeLayout.STAT_SIZE;
        if (listPage == null || listPage.capacity() < bytes) {
            listPage = allocate(bytes);
        }
        return listPage;
    }

    /** Room for {@link Limits#MAX_MODULES} {@code ispd_module_info}s. */
    ByteBuffer modules() {
        if (modules == null) {
            modules = allocate(Limits.MAX_MODULES * NativeLayout.MODULE_SIZE);
        }
        return modules;
    }

    /** A direct buffer of at least {@code bytes} (at most ISPD_MAX_IO) for copying to or from arrays. */
    ByteBuffer staging(int bytes) {
        if (staging == null || staging.capacity() < bytes) {
            staging = allocate(Math.min(Limits.MAX_IO, Math.max(bytes, staging == null ? 0 : 2 * staging.capacity())));
        }
        return staging;
    }
}
