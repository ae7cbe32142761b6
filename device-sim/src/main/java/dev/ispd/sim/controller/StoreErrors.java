package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.MediaErrorException;
import dev.ispd.sim.store.StoreException;
import java.io.IOException;
import java.nio.file.FileSystemException;

/** Turns store failures into protocol statuses. */
final class StoreErrors {
    /** The reason the OS gives (EMFILE) when the process may open no more files. */
    private static final String OUT_OF_DESCRIPTORS = "Too many open files";
    private StoreErrors() {
    }

    /** {@code context} (may be empty) prefixes the message, e.g. "extent 3: ". */
    static StatusException status(StoreException e, String context) {
        Status s = switch (e.reason()) {
            case NO_SUCH_OBJECT -> Status.NO_SUCH_OBJECT;
            case OBJECT_EXISTS -> Status.OBJECT_EXISTS;
            case OUT_OF_RANGE, NO_SPACE -> Status.OUT_OF_RANGE;
            case WRONG_KIND -> Status.WRONG_KIND;
            case IDS_EXHAUSTED -> Status.LIMIT_EXCEEDED;
        };
        return new StatusException(s, context + e.getMessage(), e);
    }

    /**
     * MEDIA_ERROR with the store's message (object and offset) for damaged bytes; BUSY when the
     * process ran out of file descriptors (a retry can succeed once others are closed); IO_ERROR
     * otherwise.
     */
    static StatusException status(IOException e, String what) {
        if (e instanceof MediaErrorException) {
            return new StatusException(Status.MEDIA_ERROR, e.getMessage(), e);
        }
        if (e instanceof FileSystemException f && OUT_OF_DESCRIPTORS.equals(f.getReason())) {
            return new StatusException(Status.BUSY, "the drive is out of file descriptors while " + what + " ("
                    + f.getFile() + "); retry later, or raise the process's open-file limit (ulimit -n)", e);
        }
        return new StatusException(Status.IO_ERROR, "the backing store failed while " + what + ": " + e, e);
    }
}
