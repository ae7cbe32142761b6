package dev.ispd.sim.hostif;

/** Constants of protocol version 1 (docs/protocol.md; normative values in native/.../ispd.h). */
public final class Protocol {
    /** The bytes {@code I S P D} read as a little-endian u32. */
    public static final int MAGIC = 0x44505349;
    public static final int VERSION = 1;
    public static final int HEADER_SIZE = 64;
    public static final int MAX_IO = 8_388_608;
    public static final int MAX_PAYLOAD = MAX_IO + 65_536;
    public static final int MAX_STRING = 1_024;
    public static final int MAX_PARAMS = 64;
    public static final int MAX_EXTENTS = 65_536;
    public static final int MAX_LIST = 4_096;
    /** Components a client keeps from a DEVICE_LOG ({@code ISPD_MAX_COMPONENTS}); a drive sends no more. */
    public static final int MAX_COMPONENTS = 32;

    public static final int FLAG_RESPONSE = 0x0001;
    public static final int FLAG_AUTH = 0x0002;

    /** Object kinds on the wire. */
    public static final int KIND_DATA = 1;
    public static final int KIND_TASKLET = 2;

    /** Tasklet forms on the wire. */
    public static final int FORM_BUILTIN = 1;
    public static final int FORM_PLAN = 2;
    public static final int FORM_MODULE = 3;

    /** Execution states on the wire. */
    public static final int EXEC_QUEUED = 0;
    public static final int EXEC_RUNNING = 1;
    public static final int EXEC_DONE = 2;
    public static final int EXEC_FAILED = 3;
    public static final int EXEC_CANCELLED = 4;

    private Protocol() {
    }
}
