package dev.ispd.client;

import dev.ispd.protocol.ObjectKind;

/** STAT_OBJECT and LIST_OBJECTS entries: an object's id, size in bytes and kind. */
public record ObjectStat(long id, long size, ObjectKind kind) {
}
