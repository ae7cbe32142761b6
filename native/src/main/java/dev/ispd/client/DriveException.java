package dev.ispd.client;

import dev.ispd.protocol.Status;
import java.io.IOException;

/**
 * A command failed: the drive (or the C client on its behalf) answered a non-OK status. Carries
 * the numeric code, its symbolic name as the C library spells it, and the message that names
 * what was wrong. The one exception type every binding and command turns statuses into.
 */
public class DriveException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int code;
    private final String statusName;
    private final String driveMessage;
    private final String operation;

    /**
     * @param operation the command that failed, e.g. {@code READ_OBJECT}
     * @param address the drive it was sent to
     */
    public DriveException(String operation, String address, int code, String statusName, String driveMessage) {
        super(operation + " on " + address + " failed: " + statusName + " (" + code + ")"
                + (driveMessage.isEmpty() ? "" : ": " + driveMessage));
        this.code = code;
        this.statusName = statusName;
        this.driveMessage = driveMessage;
        this.operation = operation;
    }

    public int code() {
        return code;
    }

    /**
     * The status, from the protocol's shared vocabulary; null only for a code this client does
     * not know (a newer drive's), which {@link #code()} and {@link #statusName()} still give.
     */
    public Status status() {
        return Status.ofCode(code);
    }

    /** The name from {@code ispd_status_name}, e.g. {@code NO_SUCH_OBJECT}. */
    public String statusName() {
        return statusName;
    }

    /** The drive's (or C client's) own message, without the operation and address prefix. */
    public String driveMessage() {
        return driveMessage;
    }

    public String operation() {
        return operation;
    }
}
