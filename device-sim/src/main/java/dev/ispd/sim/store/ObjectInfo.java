package dev.ispd.sim.store;

/** An object's id, kind and size (0 for tasklet instances). */
public record ObjectInfo(long id, ObjectKind kind, long size) { }
