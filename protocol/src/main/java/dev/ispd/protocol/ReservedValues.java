package dev.ispd.protocol;

/**
 * Values of ordinary fields that the protocol reserves for a meaning of their own
 * (docs/protocol.md "0x10 CREATE_OBJECT", "0x11 WRITE_OBJECT"); each is the
 * {@code ISPD_}-prefixed {@code #define} of the same name in {@code ispd.h}. Both are u64 on the
 * wire, held here in the same 64 bits of a long.
 */
public final class ReservedValues {
    /** WRITE_OBJECT's offset for an atomic append at the object's current end: 2^64-1. */
    public static final long APPEND = -1L;
    /** The first well-known object id, 2^64-2^16: ids from here up are never picked by a drive. */
    public static final long WELL_KNOWN_ID_FIRST = 0xFFFF_FFFF_FFFF_0000L;

    private ReservedValues() {
    }

    /** True for an id in the well-known range (compared unsigned, as on the wire). */
    public static boolean isWellKnownId(long id) {
        return Long.compareUnsigned(id, WELL_KNOWN_ID_FIRST) >= 0;
    }
}
