package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.MediaErrorException;
import dev.ispd.sim.store.StoreException;
import java.io.IOException;

/** Turns store failures into protocol statuses. */
final class StoreErrors {
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

    /** MEDIA_ERROR with the store's message (object and offset) for damaged bytes; IO_ERROR otherwise. */
    static StatusException status(IOException e, String what) {
        if (e instanceof MediaErrorException) {
            return new StatusException(Status.MEDIA_ERROR, e.getMessage(), e);
        }
        return new StatusException(Status.IO_ERROR, "the backing store failed while " + what + ": " + e, e);
    }
}
