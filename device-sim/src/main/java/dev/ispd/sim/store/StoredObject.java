package dev.ispd.sim.store;

import dev.ispd.protocol.ObjectKind;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.time.Clock;

/**
 * One object in memory: kind, size and, for DATA, its backing file. Writers, replace and delete
 * synchronize on the object; readers take a snapshot of {@link #file} and {@link #size}.
 */
final class StoredObject {
    /**
     * One generation of a DATA object's backing file; REPLACE moves to the next generation. Its
     * channel is opened on demand by the store's {@link FileHandles}.
     */
    record BackingFile(long generation, Path path) { }

    /**
     * A window of a backing file mapped read-only, kept for the next scan batch so that a scan maps
     * each window once. Windows start on a multiple of {@link #ALIGN} and span up to {@link #SPAN}
     * bytes (a batch is at most 64 MiB), within the object's size when mapped.
     */
    record Mapping(BackingFile file, long from, MappedByteBuffer bytes) {
        static final long ALIGN = 64L << 20;
        static final long SPAN = 256L << 20;

        static Mapping of(BackingFile file, FileChannel channel, long offset, int length, long size)
                throws IOException {
            long from = offset - offset % ALIGN;
            long span = Math.min(SPAN, size - from);
            if (offset + length > from + span) {
                from = offset;
                span = length;
            }
            return new Mapping(file, from, channel.map(FileChannel.MapMode.READ_ONLY, from, span));
        }

        boolean covers(BackingFile f, long offset, int length) {
            return file == f && offset >= from && offset + length <= end();
        }

        /** The object's offset just past the window. */
        long end() {
            return from + bytes.capacity();
        }

        ByteBuffer slice(long offset, int length) {
            return bytes.slice((int) (offset - from), length);
        }
    }

    final long id;
    final ObjectKind kind;
    final TaskletDefinition tasklet;
    volatile BackingFile file;
    volatile long size;
    volatile boolean deleted;
    volatile Mapping mapping;
    /** What views of {@link #file} checked; guarded by this object's lock. */
    private CheckedPages checked;

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

    /** The page checksums of {@code f}, one of this object's backing files. */
    PageChecksums checksums(BackingFile f) {
        return new PageChecksums(id, f.path());
    }

    /** What views of the current backing file checked, kept with {@code clock}; under this object's lock. */
    CheckedPages checkedPages(Clock clock) {
        if (checked == null || !checked.of(file)) {
            checked = new CheckedPages(id, file, clock);
        }
        return checked;
    }

    /** Under this object's lock, before the store changes its bytes or checksums: they are checked again. */
    void forgetChecks() {
        if (checked != null) {
            checked.forget();
        }
    }

    String name() {
        return "object " + Long.toUnsignedString(id);
    }
}
