package dev.ispd.sim.store;

import dev.ispd.sim.store.StoredObject.BackingFile;
import dev.ispd.sim.store.StoredObject.Mapping;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.time.Clock;
import java.time.Instant;
import java.util.BitSet;
import java.util.Objects;

/**
 * What a scan's views of one backing file have checked: the pages found good against their
 * checksums, and the checksum entries of the window last mapped, so that a page is checked once
 * rather than on every scan and the side file is not read for every batch. They hold while nothing
 * could have changed either file: the store {@link #forget}s them, under the object's lock, when
 * it writes the object; each view takes both files' {@link FileStamp}s and forgets them if either
 * differs from when they were kept, so a change made outside the store (how media errors are
 * simulated) is checked again; and nothing is kept while either file's last change is too recent
 * for a further one to surely change its stamp ({@link FileStamp#settled}).
 *
 * <p>Used under the object's lock.
 */
final class CheckedPages {
    private final BackingFile file;
    private final PageChecksums sums;
    private final Clock clock;
    private final BitSet good = new BitSet();
    private FileStamp dataStamp;
    private FileStamp sumsStamp;
    private PageChecksums.Entries entries;

    CheckedPages(long objectId, BackingFile file, Clock clock) {
        this.file = file;
        this.sums = new PageChecksums(objectId, file.path());
        this.clock = clock;
    }

    /** Whether these are the checks of backing file {@code f}. */
    boolean of(BackingFile f) {
        return file == f;
    }

    /**
     * Checks the pages of the bytes {@code inHand} holds, those of the object ({@code size} bytes
     * in {@code data}, whose backing file has stamp {@code d}, taken for this view) from
     * {@code offset} in mapped {@code window}, that are not known good; returns the number of
     * pages it checked.
     */
    int verify(FileChannel data, FileStamp d, long size, long offset, ByteBuffer inHand, Mapping window)
            throws IOException {
        int length = inHand.remaining();
        if (length == 0) {
            return 0;
        }
        FileStamp s = FileStamp.of(sums.file());
        Instant now = clock.instant();
        boolean keep = settled(d, now) && settled(s, now); // else a change now might leave the stamps as they are
        if (!keep || !Objects.equals(d, dataStamp) || !Objects.equals(s, sumsStamp)) {
            forget();
            dataStamp = d;
            sumsStamp = s;
        }
        if (!keep) {
            PageChecksums.Entries range = sums.entries(offset / PageChecksums.PAGE,
                    (offset + length - 1) / PageChecksums.PAGE);
            return sums.verify(data, size, offset, length, inHand, range, null);
        }
        long firstPage = window.from() / PageChecksums.PAGE;
        long lastPage = (window.end() - 1) / PageChecksums.PAGE;
        if (entries == null || !entries.hold(firstPage, lastPage)) {
            entries = sums.entries(firstPage, lastPage);
        }
        return sums.verify(data, size, offset, length, inHand, entries, good);
    }

    private static boolean settled(FileStamp stamp, Instant now) {
        return stamp != null && stamp.settled(now);
    }

    /** Drops what was checked: the store is about to change the object's bytes or checksums. */
    void forget() {
        good.clear();
        entries = null;
    }
}
