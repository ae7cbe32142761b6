package dev.ispd.sim.energy;

/** A part of the drive that draws power and can report its usage so far. */
public interface Powered {
    /** Busy time and energy up to {@code nowNs}, which is at or after the end of all its booked work. */
    Usage usage(long nowNs);
}
