package dev.ispd.client;

import static dev.ispd.client.NativeLayout.*;
import static dev.ispd.protocol.Limits.MAX_COMPONENTS;
import static dev.ispd.protocol.Limits.MAX_SCRUB_LIST;
import static dev.ispd.protocol.Limits.MAX_STRING;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.WireCode;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads the C structs the library filled into direct buffers (layout: {@link NativeLayout}). */
final class Structs {
    private Structs() {
    }

    static DeviceInfo deviceInfo(ByteBuffer b) {
        return new DeviceInfo(cString(b, INFO_DRIVE_NAME, MAX_STRING + 1),
                cString(b, INFO_PROFILE_NAME, MAX_STRING + 1),
                b.getLong(INFO_CAPACITY_BYTES),
                b.getInt(INFO_PAGE_SIZE),
                b.getInt(INFO_PAGES_PER_BATCH),
                b.getInt(INFO_MAX_IO),
                b.getInt(INFO_MAX_INFLIGHT),
                properties(cString(b, INFO_CAPABILITIES, PROPS_TEXT_MAX)));
    }

    static DeviceLog deviceLog(ByteBuffer b) {
        int n = Math.min(b.getInt(LOG_N_COMPONENTS), MAX_COMPONENTS);
        List<DeviceLog.Component> components = new ArrayList<>(n);
        for (int i = 0, at = LOG_COMPONENTS; i < n; i++, at += COMPONENT_SIZE) {
            components.add(new DeviceLog.Component(cString(b, at + COMPONENT_NAME, COMPONENT_NAME_SIZE),
                    b.getLong(at + COMPONENT_BUSY_NS), b.getLong(at + COMPONENT_ENERGY_NJ)));
        }
        return new DeviceLog(b.getLong(LOG_MODELED_NOW_NS), b.getInt(LOG_QUEUED), b.getInt(LOG_RUNNING),
                b.getLong(LOG_COMMANDS), b.getLong(LOG_BYTES_WRITTEN), b.getLong(LOG_BYTES_TO_HOST),
                b.getLong(LOG_BYTES_READ_INTERNAL), b.getLong(LOG_ENERGY_NJ), components);
    }

    static ScrubReport scrub(ByteBuffer b) {
        int n = Math.min(b.getInt(SCRUB_N_LISTED), MAX_SCRUB_LIST);
        List<ScrubReport.Damage> listed = new ArrayList<>(n);
        for (int i = 0, at = SCRUB_LISTED; i < n; i++, at += DAMAGE_SIZE) {
            listed.add(new ScrubReport.Damage(b.getLong(at + DAMAGE_OBJECT_ID), b.getLong(at + DAMAGE_OFFSET),
                    cString(b, at + DAMAGE_MESSAGE, MAX_STRING + 1)));
        }
        return new ScrubReport(b.getLong(SCRUB_OBJECTS_CHECKED), b.getLong(SCRUB_BYTES_CHECKED),
                b.getLong(SCRUB_MEDIA_ERRORS), Integer.toUnsignedLong(b.getInt(SCRUB_DAMAGED)), listed);
    }

    /** The {@code ispd_object_stat} at byte {@code at}. */
    static ModuleInfo moduleInfo(ByteBuffer b, int at) {
        byte[] sha = new byte[32];
        b.get(at + MODULE_SHA256, sha);
        return new ModuleInfo(cString(b, at + MODULE_NAME, MODULE_NAME_SIZE), b.getInt(at + MODULE_VERSION),
                b.getLong(at + MODULE_SIZE_BYTES), java.util.HexFormat.of().formatHex(sha));
    }

    static ObjectStat objectStat(ByteBuffer b, int at) {
        return new ObjectStat(b.getLong(at + STAT_ID), b.getLong(at + STAT_SIZE_BYTES),
                defined(ObjectKind.values(), Byte.toUnsignedInt(b.get(at + STAT_KIND)), "object kind"));
    }

    static ExecutionStatus poll(ByteBuffer b) {
        // The message is empty unless the execution failed: skip decoding then.
        String message = b.get(POLL_ERROR_MESSAGE) == 0 ? "" : cString(b, POLL_ERROR_MESSAGE, MAX_STRING + 1);
        return new ExecutionStatus(executionState(b, POLL_STATE),
                Short.toUnsignedInt(b.getShort(POLL_ERROR_STATUS)),
                Integer.toUnsignedLong(b.getInt(POLL_SUGGESTED_POLL_US)),
                b.getLong(POLL_PAGES_DONE), b.getLong(POLL_PAGES_TOTAL), b.getLong(POLL_RESULT_BYTES),
                b.getLong(POLL_MODELED_NS), b.getLong(POLL_MODELED_ENERGY_NJ), b.getLong(POLL_SERVICE_NS),
                b.getLong(POLL_MEASURED_NS), message);
    }

    /** The u8 {@code ispd_exec_state} at byte {@code at} (POLL's and CANCEL's answers). */
    static ExecutionState executionState(ByteBuffer b, int at) {
        return defined(ExecutionState.values(), Byte.toUnsignedInt(b.get(at)), "execution state");
    }

    /** The constant of a code the C library passed on from the drive; a code the protocol does not define is an error. */
    private static <E extends WireCode> E defined(E[] values, int code, String what) {
        E e = WireCode.find(values, code);
        if (e == null) {
            throw new IllegalStateException("the drive answered " + what + " " + code + ", which protocol version "
                    + FrameFormat.PROTOCOL_VERSION + " does not define");
        }
        return e;
    }

    /** The NUL-terminated UTF-8 string in the {@code capacity} bytes at {@code at}. */
    static String cString(ByteBuffer b, int at, int capacity) {
        int len = 0;
        while (len < capacity && b.get(at + len) != 0) {
            len++;
        }
        byte[] bytes = new byte[len];
        b.get(at, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Parses the C API's {@code key=value\n} text; a line without '=' is a protocol error of the library. */
    static Map<String, String> properties(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalStateException("capability line '" + line + "' from the C library is not key=value");
            }
            m.put(line.substring(0, eq), line.substring(eq + 1));
        }
        return m;
    }
}
