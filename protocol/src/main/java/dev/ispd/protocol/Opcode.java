package dev.ispd.protocol;

/** The commands of the protocol ({@code ispd_opcode}; docs/protocol.md "Commands"). */
public enum Opcode implements WireCode {
    DEVICE_INFO(0x01),
    DEVICE_LOG(0x02),
    CREATE_OBJECT(0x10),
    WRITE_OBJECT(0x11),
    READ_OBJECT(0x12),
    STAT_OBJECT(0x13),
    LIST_OBJECTS(0x14),
    DELETE_OBJECT(0x15),
    CREATE_TASKLET(0x20),
    EXECUTE(0x21),
    POLL(0x22),
    READ_RESULT(0x23),
    CANCEL(0x24),
    RELEASE(0x25),
    LOAD_MODULE(0x30),
    LIST_MODULES(0x31),
    UNLOAD_MODULE(0x32),
    /** Checks stored pages against their checksums and reports damaged objects. */
    SCRUB(0x40),
    /** Sets or clears the drive's fault plan (admin only; docs/drive.md, "Fault injection"). */
    SET_FAULTS(0x41);

    private final int code;

    Opcode(int code) {
        this.code = code;
    }

    @Override
    public int code() {
        return code;
    }

    /** The opcode of a wire code, or null if this protocol version does not define it. */
    public static Opcode ofCode(int code) {
        return WireCode.find(values(), code);
    }
}
