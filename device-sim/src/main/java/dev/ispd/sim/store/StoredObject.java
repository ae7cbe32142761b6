package dev.ispd.sim.store;

import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * One object in memory: kind, size and, for DATA, its backing file. Writers, replace and delete
 * synchronize on the object; readers take a snapshot of {@link #file} and {@link #size}.
 */
final class StoredObject {
    /** One generation of a DATA object's backing file; REPLACE moves to the next generation. */
    record BackingFile(long generation, Path path, FileChannel channel) { }

    final long id;
    final ObjectKind kind;
    final TaskletDefinition tasklet;
    volatile BackingFile file;
    volatile long size;
    volatile boolean deleted;

    StoredObject(long id, ObjectKind kind, TaskletDefinition tasklet, BackingFile file, long size) {
        this.id = id;
        this.kind = kind;
        this.tasklet = tasklet;
        this.file = file;
        this.size = size;
    }

    ObjectInfo info() {
        return new ObjectInfo(id, kind, size);
    }

    String name() {
        return "object " + Long.toUnsignedString(id);
    }
}
