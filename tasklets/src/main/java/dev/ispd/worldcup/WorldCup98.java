package dev.ispd.worldcup;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * The WorldCup98 access-log record (../shared/worldcup98-format.md): 20 bytes, every integer
 * big-endian, optionally padded to a fixed entry size as in papers/smart-ssd-kang-2013.txt V-C.
 *
 * <p>The accessors read one field of the record that starts at an absolute index of a buffer.
 * They ignore the buffer's byte order and position and allocate nothing, so scan loops can call
 * them per record.
 */
public final class WorldCup98 {
    /** Bytes of one unpadded record. */
    public static final int RECORD_SIZE = 20;

    public static final int TIMESTAMP_OFFSET = 0;
    public static final int CLIENT_ID_OFFSET = 4;
    public static final int OBJECT_ID_OFFSET = 8;
    public static final int SIZE_OFFSET = 12;
    public static final int METHOD_OFFSET = 16;
    public static final int STATUS_OFFSET = 17;
    public static final int TYPE_OFFSET = 18;
    public static final int SERVER_OFFSET = 19;

    /** Entry sizes: the published 20-byte record and the paper's four padded variants. */
    public static final List<Integer> ENTRY_SIZES = List.of(20, 32, 64, 128, 256);

    /** Regions: the top 3 bits of {@code server}. */
    public static final int REGIONS = 8;
    /**
     * Region code of a record whose input named no server (the importer's CSV and Common Log
     * Format inputs): the published logs use regions 0-3 only, so 7 cannot be mistaken for a real one.
     */
    public static final int UNKNOWN_REGION = 7;
    /** File types with a name; a type byte above this is kept as its raw value. */
    public static final int LAST_NAMED_TYPE = 12;

    private static final List<String> REGION_NAMES = List.of("Santa Clara", "Plano", "Herndon", "Paris");
    private static final List<String> TYPE_NAMES = List.of("HTML", "IMAGE", "AUDIO", "VIDEO", "JAVA",
            "FORMATTED", "DYNAMIC", "TEXT", "COMPRESSED", "PROGRAMS", "DIRECTORY", "ICL", "other");
    private static final List<String> METHOD_NAMES = List.of("GET", "HEAD", "POST", "PUT", "DELETE",
            "TRACE", "OPTIONS", "CONNECT", "other");
    private static final List<String> HTTP_VERSIONS = List.of("0.9", "1.0", "1.1", "other");

    /** Status code index 37: any code without an index of its own. */
    public static final int OTHER_STATUS_INDEX = 37;
    // First status index of each code family, and the family's first code: 1xx, 2xx, 3xx, 4xx, 5xx.
    private static final int[] FAMILY_FIRST_INDEX = {0, 2, 9, 15, 31, OTHER_STATUS_INDEX};
    private static final int[] FAMILY_FIRST_CODE = {100, 200, 300, 400, 500};

    private WorldCup98() {
    }

    public static boolean isEntrySize(int entrySize) {
        return ENTRY_SIZES.contains(entrySize);
    }

    /** {@code entrySize}, if it is one of {@link #ENTRY_SIZES}; else an IllegalArgumentException saying so. */
    public static int requireEntrySize(int entrySize) {
        if (!isEntrySize(entrySize)) {
            throw new IllegalArgumentException("entry size must be one of " + ENTRY_SIZES + ", got " + entrySize);
        }
        return entrySize;
    }

    /** Seconds since the epoch, GMT (unsigned 32-bit). */
    public static long timestamp(ByteBuffer buf, int record) {
        return u32(buf, record + TIMESTAMP_OFFSET);
    }

    public static long clientId(ByteBuffer buf, int record) {
        return u32(buf, record + CLIENT_ID_OFFSET);
    }

    public static long objectId(ByteBuffer buf, int record) {
        return u32(buf, record + OBJECT_ID_OFFSET);
    }

    /** Response bytes (unsigned 32-bit). */
    public static long size(ByteBuffer buf, int record) {
        return u32(buf, record + SIZE_OFFSET);
    }

    public static int method(ByteBuffer buf, int record) {
        return buf.get(record + METHOD_OFFSET) & 0xFF;
    }

    public static int status(ByteBuffer buf, int record) {
        return buf.get(record + STATUS_OFFSET) & 0xFF;
    }

    public static int type(ByteBuffer buf, int record) {
        return buf.get(record + TYPE_OFFSET) & 0xFF;
    }

    public static int server(ByteBuffer buf, int record) {
        return buf.get(record + SERVER_OFFSET) & 0xFF;
    }

    /** Region of a {@code server} byte: its top 3 bits. */
    public static int region(int server) {
        return (server & 0xFF) >>> 5;
    }

    /** Server number within its region: the low 5 bits of {@code server}. */
    public static int serverNumber(int server) {
        return server & 31;
    }

    /** The {@code server} byte for a region (0..7) and a server number (0..31). */
    public static int server(int region, int serverNumber) {
        if (region < 0 || region >= REGIONS || serverNumber < 0 || serverNumber > 31) {
            throw new IllegalArgumentException("region must be in [0, 7] and server number in [0, 31], got "
                    + region + " and " + serverNumber);
        }
        return region << 5 | serverNumber;
    }

    /** HTTP version of a {@code status} byte: 0 = 0.9, 1 = 1.0, 2 = 1.1, 3 = other. */
    public static int httpVersion(int status) {
        return (status & 0xFF) >>> 6;
    }

    /** Status code index of a {@code status} byte: its low 6 bits. */
    public static int statusIndex(int status) {
        return status & 63;
    }

    /** The {@code status} byte for an HTTP version (0..3) and a status code index (0..63). */
    public static int status(int httpVersion, int statusIndex) {
        if (httpVersion < 0 || httpVersion > 3 || statusIndex < 0 || statusIndex > 63) {
            throw new IllegalArgumentException("HTTP version must be in [0, 3] and status index in [0, 63], got "
                    + httpVersion + " and " + statusIndex);
        }
        return httpVersion << 6 | statusIndex;
    }

    /**
     * The HTTP status code a status index stands for: 0 = 100, 1 = 101, 2..8 = 200..206,
     * 9..14 = 300..305, 15..30 = 400..415, 31..36 = 500..505; -1 for 37 (any other code) and for
     * indexes the format leaves unused.
     */
    public static int httpStatusCode(int statusIndex) {
        for (int family = 0; family < FAMILY_FIRST_CODE.length; family++) {
            if (statusIndex >= FAMILY_FIRST_INDEX[family] && statusIndex < FAMILY_FIRST_INDEX[family + 1]) {
                return FAMILY_FIRST_CODE[family] + statusIndex - FAMILY_FIRST_INDEX[family];
            }
        }
        return -1;
    }

    /** The status index of an HTTP status code; {@link #OTHER_STATUS_INDEX} for a code without one. */
    public static int statusIndexOf(int httpStatusCode) {
        for (int family = 0; family < FAMILY_FIRST_CODE.length; family++) {
            int first = FAMILY_FIRST_CODE[family];
            int span = FAMILY_FIRST_INDEX[family + 1] - FAMILY_FIRST_INDEX[family];
            if (httpStatusCode >= first && httpStatusCode < first + span) {
                return FAMILY_FIRST_INDEX[family] + httpStatusCode - first;
            }
        }
        return OTHER_STATUS_INDEX;
    }

    /**
     * "Santa Clara", "Plano", "Herndon", "Paris", "unknown" for {@link #UNKNOWN_REGION}, or "region N"
     * for the other regions the logs do not use.
     */
    public static String regionName(int region) {
        if (region == UNKNOWN_REGION) {
            return "unknown";
        }
        return region >= 0 && region < REGION_NAMES.size() ? REGION_NAMES.get(region) : "region " + region;
    }

    /** "HTML" ... "ICL", "other" for 12, or "type N" for a raw value above 12. */
    public static String typeName(int type) {
        return type >= 0 && type < TYPE_NAMES.size() ? TYPE_NAMES.get(type) : "type " + type;
    }

    /** "GET" ... "CONNECT", "other" for 8, or "method N" beyond. */
    public static String methodName(int method) {
        return method >= 0 && method < METHOD_NAMES.size() ? METHOD_NAMES.get(method) : "method " + method;
    }

    /** "0.9", "1.0", "1.1" or "other". */
    public static String httpVersionName(int httpVersion) {
        return HTTP_VERSIONS.get(httpVersion & 3);
    }

    /** Big-endian unsigned 32-bit value at an absolute index, whatever the buffer's order. */
    static long u32(ByteBuffer buf, int index) {
        int v = buf.getInt(index);
        if (buf.order() == ByteOrder.LITTLE_ENDIAN) {
            v = Integer.reverseBytes(v);
        }
        return v & 0xFFFF_FFFFL;
    }
}
