package dev.ispd.client;

import java.lang.annotation.Native;

/**
 * Byte offsets of the C structs of {@code ispd.h} on LP64 platforms (natural alignment), so both
 * bindings can hand a direct buffer to the C library as the struct itself and Java reads the
 * fields straight out of it: no per-field JNI calls, no JNA {@code Structure} copies.
 *
 * <p>The constants are {@link Native @Native}, so {@code javac -h} writes them into
 * {@code dev_ispd_client_NativeLayout.h}; {@code src/main/c/jni/jni_layout.c} checks every one
 * against {@code offsetof}/{@code sizeof} with {@code _Static_assert}, so a layout change in the
 * header breaks the native build instead of corrupting data.
 */
final class NativeLayout {
    // the C API's capabilities text buffer (ISPD_PROPS_TEXT_MAX); the protocol's limits are dev.ispd.protocol.Limits
    @Native static final int PROPS_TEXT_MAX = 16_384;

    // ispd_device_info
    @Native static final int INFO_DRIVE_NAME = 0;
    @Native static final int INFO_PROFILE_NAME = 1025;
    @Native static final int INFO_CAPACITY_BYTES = 2056;
    @Native static final int INFO_PAGE_SIZE = 2064;
    @Native static final int INFO_PAGES_PER_BATCH = 2068;
    @Native static final int INFO_MAX_IO = 2072;
    @Native static final int INFO_MAX_INFLIGHT = 2076;
    @Native static final int INFO_CAPABILITIES = 2080;
    @Native static final int INFO_SIZE = 18_464;

    // ispd_component_log
    @Native static final int COMPONENT_NAME = 0;
    @Native static final int COMPONENT_NAME_SIZE = 64;
    @Native static final int COMPONENT_BUSY_NS = 64;
    @Native static final int COMPONENT_ENERGY_NJ = 72;
    @Native static final int COMPONENT_SIZE = 80;

    // ispd_device_log
    @Native static final int LOG_MODELED_NOW_NS = 0;
    @Native static final int LOG_QUEUED = 8;
    @Native static final int LOG_RUNNING = 12;
    @Native static final int LOG_COMMANDS = 16;
    @Native static final int LOG_BYTES_WRITTEN = 24;
    @Native static final int LOG_BYTES_TO_HOST = 32;
    @Native static final int LOG_BYTES_READ_INTERNAL = 40;
    @Native static final int LOG_ENERGY_NJ = 48;
    @Native static final int LOG_N_COMPONENTS = 56;
    @Native static final int LOG_COMPONENTS = 64;
    @Native static final int LOG_SIZE = 2624;

    // ispd_object_stat
    @Native static final int STAT_ID = 0;
    @Native static final int STAT_SIZE_BYTES = 8;
    @Native static final int STAT_KIND = 16;
    @Native static final int STAT_SIZE = 24;

    // ispd_extent
    @Native static final int EXTENT_OBJECT_ID = 0;
    @Native static final int EXTENT_OFFSET = 8;
    @Native static final int EXTENT_LENGTH = 16;
    @Native static final int EXTENT_SIZE = 24;

    // ispd_poll_result
    @Native static final int POLL_STATE = 0;
    @Native static final int POLL_ERROR_STATUS = 2;
    @Native static final int POLL_SUGGESTED_POLL_US = 4;
    @Native static final int POLL_PAGES_DONE = 8;
    @Native static final int POLL_PAGES_TOTAL = 16;
    @Native static final int POLL_RESULT_BYTES = 24;
    @Native static final int POLL_MODELED_NS = 32;
    @Native static final int POLL_MODELED_ENERGY_NJ = 40;
    @Native static final int POLL_SERVICE_NS = 48;
    @Native static final int POLL_MEASURED_NS = 56;
    @Native static final int POLL_ERROR_MESSAGE = 64;
    @Native static final int POLL_SIZE = 1096;

    // ispd_module_info
    @Native static final int MODULE_NAME = 0;
    @Native static final int MODULE_NAME_SIZE = 65;
    @Native static final int MODULE_VERSION = 68;
    @Native static final int MODULE_SIZE_BYTES = 72;
    @Native static final int MODULE_SHA256 = 80;
    @Native static final int MODULE_SIZE = 112;

    // ispd_damage
    @Native static final int DAMAGE_OBJECT_ID = 0;
    @Native static final int DAMAGE_OFFSET = 8;
    @Native static final int DAMAGE_MESSAGE = 16;
    @Native static final int DAMAGE_SIZE = 1048;

    // ispd_scrub_result
    @Native static final int SCRUB_OBJECTS_CHECKED = 0;
    @Native static final int SCRUB_BYTES_CHECKED = 8;
    @Native static final int SCRUB_MEDIA_ERRORS = 16;
    @Native static final int SCRUB_DAMAGED = 24;
    @Native static final int SCRUB_N_LISTED = 28;
    @Native static final int SCRUB_LISTED = 32;
    @Native static final int SCRUB_SIZE = 16_800;

    private NativeLayout() {
    }
}
