package dev.ispd.sim.auth;

/**
 * The sequence numbers of an authenticated connection (docs/security.md, "Frames"): u32, 0 only
 * on the hello, each request's the one after its predecessor's.
 */
public final class SequenceNumbers {
    private SequenceNumbers() {
    }

    /** The sequence number after {@code s}, wrapping from 2^32-1 to 1. */
    public static long following(long s) {
        long n = (s + 1) & 0xFFFF_FFFFL;
        return n == 0 ? 1 : n;
    }
}
