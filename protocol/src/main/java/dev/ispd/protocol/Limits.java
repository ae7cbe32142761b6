package dev.ispd.protocol;

/**
 * The protocol's size limits (docs/protocol.md "Limits"); each is the {@code ISPD_}-prefixed
 * {@code #define} of the same name in {@code ispd.h}.
 */
public final class Limits {
    /** Data bytes in one WRITE_OBJECT, READ_OBJECT or READ_RESULT. */
    public static final int MAX_IO = 8_388_608;
    /** Payload bytes after one frame header: {@link #MAX_IO} and 64 KiB for the other fields. */
    public static final int MAX_PAYLOAD = MAX_IO + 65_536;
    /** UTF-8 bytes of one {@code str}. */
    public static final int MAX_STRING = 1_024;
    /** Key-value pairs in one {@code params}. */
    public static final int MAX_PARAMS = 64;
    /** Extents in one EXECUTE. */
    public static final int MAX_EXTENTS = 65_536;
    /** Entries in one LIST_OBJECTS response. */
    public static final int MAX_LIST = 4_096;
    /** Components in one DEVICE_LOG response: a drive sends no more, a client keeps no more. */
    public static final int MAX_COMPONENTS = 32;
    /** Bytes of one WebAssembly module (LOAD_MODULE's total_size). */
    public static final int MAX_MODULE_SIZE = 16_777_216;
    /** Modules loaded into one drive at once, and entries in one LIST_MODULES response. */
    public static final int MAX_MODULES = 64;
    /** UTF-8 bytes of a module's name. */
    public static final int MAX_MODULE_NAME = 64;
    /** Damaged objects one SCRUB response lists: a drive sends no more, a client keeps no more. */
    public static final int MAX_SCRUB_LIST = 16;

    private Limits() {
    }
}
