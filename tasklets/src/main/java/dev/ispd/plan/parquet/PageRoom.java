package dev.ispd.plan.parquet;

import java.lang.ref.SoftReference;
import java.util.Arrays;

/**
 * Room for the decompressed data pages of a row group's columns, one array per column reused page
 * after page ({@link ColumnChunkPages}: a column's page is read to its end before its next is
 * decompressed). A row group is decoded within one call on one thread, so each thread keeps its
 * own room ({@link #ofThisThread}) for the next row group it decodes: a drive's execution thread
 * decodes row group after row group, whose pages would each cost a new array zeroed and collected
 * (a page's allocation was about a tenth of the drives' samples in TPC-H Q6 and Q19). The room is
 * held softly, so memory the heap needs is given back.
 */
final class PageRoom {
    private static final ThreadLocal<SoftReference<PageRoom>> ROOMS = new ThreadLocal<>();
    private byte[][] columns = new byte[0][];

    private PageRoom() {
    }

    /** This thread's room, made on its first use (or after the heap took it back). */
    static PageRoom ofThisThread() {
        SoftReference<PageRoom> held = ROOMS.get();
        PageRoom room = held == null ? null : held.get();
        if (room == null) {
            room = new PageRoom();
            ROOMS.set(new SoftReference<>(room));
        }
        return room;
    }

    /**
     * An array of at least {@code bytes} for a data page of column {@code column}, its bytes left as
     * the last page had them (a page is decompressed over its whole length): the one it had before
     * where that is large enough, valid until the column's next page asks.
     */
    byte[] page(int column, int bytes) {
        if (column >= columns.length) {
            columns = Arrays.copyOf(columns, column + 1);
        }
        byte[] room = columns[column];
        if (room == null || room.length < bytes) {
            room = new byte[bytes];
            columns[column] = room;
        }
        return room;
    }
}
