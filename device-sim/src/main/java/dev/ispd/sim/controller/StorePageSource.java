package dev.ispd.sim.controller;

import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import dev.ispd.tasklet.PageSource;
import java.io.IOException;
import java.nio.ByteBuffer;

/** A scan's pages, read from the drive's backing files straight into the scanner's direct buffer. */
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
}
