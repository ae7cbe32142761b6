package dev.ispd.sim.hostif;

import dev.ispd.protocol.Status;

/**
 * A command failed with a protocol status; the message names what was wrong (field, object id,
 * offset, limit) and travels to the client as the error response's message.
 */
public class StatusException extends Exception {
    private static final long serialVersionUID = 1L;

    private final Status status;

    public StatusException(Status status, String message) {
        super(message);
        if (status == Status.OK) {
            throw new IllegalArgumentException("a StatusException needs a failure status");
        }
        this.status = status;
    }

    public StatusException(Status status, String message, Throwable cause) {
        this(status, message);
        initCause(cause);
    }

    public Status status() {
        return status;
    }
}
