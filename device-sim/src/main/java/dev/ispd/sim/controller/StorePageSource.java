package dev.ispd.sim.controller;

import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import dev.ispd.tasklet.PageSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A scan's pages, from the drive's backing files: mapped into memory and scanned in place, or
 * read straight into the scanner's direct buffer when a batch must be joined to a carried-over
 * part-record.
 */
final class StorePageSource implements PageSource {
    private final ObjectStore store;

    StorePageSource(ObjectStore store) {
        this.store = store;
    }

    @Override
    public void read(long objectId, long offset, ByteBuffer dst) throws IOException {
        try {
            store.read(objectId, offset, dst);
        } catch (StoreException e) {
            // validated at EXECUTE, so only a concurrent REPLACE of an input can get here
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    public ByteBuffer view(long objectId, long offset, int length) throws IOException {
        try {
            return store.view(objectId, offset, length);
        } catch (StoreException e) {
            throw new IOException(e.getMessage(), e); // as in read()
        }
    }
}
