package dev.ispd.examples.worldcup.importer;

/** Reads the numeric fields of a line in place, without substrings. */
final class Fields {
    /** Largest unsigned 32-bit value: clientIDs, sizes and timestamps must fit the record's 4 bytes. */
    static final long U32_MAX = 0xFFFF_FFFFL;

    private Fields() {
    }

    /**
     * The decimal number in {@code s[start, end)}, or -1 if that is empty, holds anything but
     * digits, or exceeds {@code max}.
     */
    static long number(CharSequence s, int start, int end, long max) {
        if (start >= end || end - start > 18) {
            return -1;
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value <= max ? value : -1;
    }

    /** {@link #number} for a field that must be there, else a rejection naming it. */
    static long require(CharSequence s, int start, int end, long max, String field) throws LineRejected {
        long value = number(s, start, end, max);
        if (value < 0) {
            throw LineRejected.of(field, "not a number in [0, " + max + "]", s, start, end);
        }
        return value;
    }

    /** True if {@code s[start, end)} is exactly "-", the logs' mark for a missing value. */
    static boolean isDash(CharSequence s, int start, int end) {
        return end - start == 1 && s.charAt(start) == '-';
    }
}
