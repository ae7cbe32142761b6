package dev.ispd.sim.store;

import dev.ispd.protocol.ObjectKind;

/** An object's id, kind and size (0 for tasklet instances). */
public record ObjectInfo(long id, ObjectKind kind, long size) { }
