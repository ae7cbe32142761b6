package dev.ispd.sim.fault;

import dev.ispd.protocol.Opcode;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a fault does to a request it fires on (docs/drive.md, "Fault injection"), with its name in
 * a plan and the commands it applies to when the plan names none.
 */
public enum FaultKind {
    /** The drive starts the execution, then loses it as a restart would, and drops the connection unanswered. */
    CRASH("crash", EnumSet.of(Opcode.EXECUTE)),
    /** No answer: the connection stays open and silent until the client gives up and closes it. */
    HANG("hang", EnumSet.noneOf(Opcode.class)),
    /** The answer comes {@code delayMs} later. */
    SLOW("slow", EnumSet.noneOf(Opcode.class)),
    /** Reads and scans of the chosen pages are answered MEDIA_ERROR. */
    MEDIA_ERROR("media-error", EnumSet.of(Opcode.READ_OBJECT, Opcode.EXECUTE)),
    /** Commands that need space are answered NO_SPACE. */
    DEVICE_FULL("device-full", EnumSet.of(Opcode.CREATE_OBJECT, Opcode.WRITE_OBJECT, Opcode.CREATE_TASKLET,
            Opcode.LOAD_MODULE)),
    /** The connection is closed without an answer; the request is not carried out. */
    DROP_CONNECTION("drop-connection", EnumSet.noneOf(Opcode.class));

    private final String planName;
    private final Set<Opcode> defaultOpcodes;

    FaultKind(String planName, Set<Opcode> defaultOpcodes) {
        this.planName = planName;
        this.defaultOpcodes = Set.copyOf(defaultOpcodes);
    }

    /** The kind's name in a fault plan. */
    public String planName() {
        return planName;
    }

    /** The commands the fault applies to if the plan lists none; empty = every command. */
    public Set<Opcode> defaultOpcodes() {
        return defaultOpcodes;
    }

    /** The kind a plan names; IllegalArgumentException listing the kinds otherwise. */
    public static FaultKind parse(String name) {
        return Arrays.stream(values()).filter(k -> k.planName.equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown fault kind '" + name + "' (kinds: "
                        + Arrays.stream(values()).map(FaultKind::planName).collect(Collectors.joining(", ")) + ")"));
    }
}
