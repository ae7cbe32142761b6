package dev.ispd.sim.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.logging.Logger;

/**
 * The store's open backing files: opened on demand and kept in a least-recently-used cache of at
 * most {@code maxOpen} channels, so a drive holds a bounded number of file descriptors however
 * many objects it stores. A caller {@link #lease}s a channel for one operation; a leased channel
 * is never closed under it (the cache may briefly hold more than {@code maxOpen} if that many
 * are leased at once), and an evicted file is simply opened again on its next use.
 */
public final class FileHandles implements AutoCloseable {
    /** Default bound, well under the usual per-process limit of 4,096 descriptors or more. */
    public static final int DEFAULT_MAX_OPEN = 1024;
    private static final Logger LOG = Logger.getLogger(FileHandles.class.getName());

    private final int maxOpen;
    /** Open channels by path, least recently leased first; guarded by this. */
    private final LinkedHashMap<Path, Handle> open = new LinkedHashMap<>(16, 0.75f, true);
    private long opens;

    public FileHandles(int maxOpen) {
        if (maxOpen < 1) {
            throw new IllegalArgumentException("maxOpen must be >= 1, got " + maxOpen);
        }
        this.maxOpen = maxOpen;
    }

    public int maxOpen() {
        return maxOpen;
    }

    /** An open channel of one file, for one operation; closing the lease lets the cache evict it. */
    public final class Lease implements AutoCloseable {
        private final Handle handle;

        private Lease(Handle handle) {
            this.handle = handle;
        }

        public FileChannel channel() {
            return handle.channel;
        }

        @Override
        public void close() {
            release(handle);
        }
    }

    /** One cached channel and how many leases hold it. */
    private static final class Handle {
        final FileChannel channel;
        int leases;
        boolean forgotten;

        Handle(FileChannel channel) {
            this.channel = channel;
        }
    }

    /**
     * Leases the channel of an existing file, opening it for reading and writing if it is not
     * open; NoSuchFileException if the file does not exist (deleted by a REPLACE or DELETE).
     */
    public Lease lease(Path file) throws IOException {
        return lease(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** Leases the channel of {@code file}, creating it empty if it does not exist. */
    public Lease leaseOrCreate(Path file) throws IOException {
        return lease(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    /** Creates (or empties) {@code file} and leases its channel. */
    public Lease create(Path file) throws IOException {
        forget(file);
        return lease(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
    }

    private synchronized Lease lease(Path file, StandardOpenOption... options) throws IOException {
        Handle h = open.get(file);
        if (h == null) {
            h = new Handle(FileChannel.open(file, options));
            opens++;
            open.put(file, h);
        }
        h.leases++;
        evictBeyondBound();
        return new Lease(h);
    }

    /** Closes least recently used channels that no lease holds until at most maxOpen stay open. */
    private void evictBeyondBound() {
        Iterator<Handle> it = open.values().iterator();
        while (open.size() > maxOpen && it.hasNext()) {
            Handle h = it.next();
            if (h.leases == 0) {
                it.remove();
                closeQuietly(h);
            }
        }
    }

    private synchronized void release(Handle h) {
        h.leases--;
        if (h.leases == 0 && h.forgotten) {
            closeQuietly(h);
        } else if (h.leases == 0) {
            evictBeyondBound();
        }
    }

    /** Drops {@code file}'s channel (before the file is deleted); a lease still holding it closes it on release. */
    public synchronized void forget(Path file) {
        Handle h = open.remove(file);
        if (h == null) {
            return;
        }
        h.forgotten = true;
        if (h.leases == 0) {
            closeQuietly(h);
        }
    }

    /** Channels open now. */
    public synchronized int openCount() {
        return open.size();
    }

    /** Files opened since the start (evicted ones count again when reopened). */
    public synchronized long opens() {
        return opens;
    }

    @Override
    public synchronized void close() {
        List<Handle> all = new ArrayList<>(open.values());
        open.clear();
        all.forEach(FileHandles::closeQuietly);
    }

    private static void closeQuietly(Handle h) {
        try {
            h.channel.close();
        } catch (IOException e) {
            LOG.warning("closing a backing file failed: " + e);
        }
    }
}
