package dev.ispd.sim.hostif;

/**
 * Thrown by a session to end its connection without answering the request, as an injected fault
 * (docs/drive.md, "Fault injection"): {@link #DROP} closes it at once, {@link #HANG} keeps it open
 * and silent until the client closes it (or the drive stops).
 */
public final class ConnectionFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** What happens to the connection. */
    public enum Kind { DROP, HANG }

    private final Kind kind;

    public ConnectionFault(Kind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
