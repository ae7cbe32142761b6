/*
 * jni_layout.c - compile-time proof that dev.ispd.client.NativeLayout, through which both Java
 * bindings read and write the C structs of ispd.h in direct buffers, matches this compiler's
 * layout of those structs. Any mismatch stops the native build here.
 */
#include <stddef.h>

#include "dev_ispd_client_NativeLayout.h"
#include "ispd.h"

#define SAME(java, c) _Static_assert((java) == (c), #java " does not match " #c " (ispd.h)")
#define L(name) dev_ispd_client_NativeLayout_##name

SAME(L(PROPS_TEXT_MAX), ISPD_PROPS_TEXT_MAX);

SAME(L(INFO_DRIVE_NAME), offsetof(ispd_device_info, drive_name));
SAME(L(INFO_PROFILE_NAME), offsetof(ispd_device_info, profile_name));
SAME(L(INFO_CAPACITY_BYTES), offsetof(ispd_device_info, capacity_bytes));
SAME(L(INFO_PAGE_SIZE), offsetof(ispd_device_info, page_size));
SAME(L(INFO_PAGES_PER_BATCH), offsetof(ispd_device_info, pages_per_batch));
SAME(L(INFO_MAX_IO), offsetof(ispd_device_info, max_io));
SAME(L(INFO_MAX_INFLIGHT), offsetof(ispd_device_info, max_inflight));
SAME(L(INFO_CAPABILITIES), offsetof(ispd_device_info, capabilities));
SAME(L(INFO_SIZE), sizeof(ispd_device_info));

SAME(L(COMPONENT_NAME), offsetof(ispd_component_log, name));
SAME(L(COMPONENT_NAME_SIZE), sizeof(((ispd_component_log *)0)->name));
SAME(L(COMPONENT_BUSY_NS), offsetof(ispd_component_log, busy_ns));
SAME(L(COMPONENT_ENERGY_NJ), offsetof(ispd_component_log, energy_nj));
SAME(L(COMPONENT_SIZE), sizeof(ispd_component_log));

SAME(L(LOG_MODELED_NOW_NS), offsetof(ispd_device_log, modeled_now_ns));
SAME(L(LOG_QUEUED), offsetof(ispd_device_log, queued));
SAME(L(LOG_RUNNING), offsetof(ispd_device_log, running));
SAME(L(LOG_COMMANDS), offsetof(ispd_device_log, commands));
SAME(L(LOG_BYTES_WRITTEN), offsetof(ispd_device_log, bytes_written));
SAME(L(LOG_BYTES_TO_HOST), offsetof(ispd_device_log, bytes_to_host));
SAME(L(LOG_BYTES_READ_INTERNAL), offsetof(ispd_device_log, bytes_read_internal));
SAME(L(LOG_ENERGY_NJ), offsetof(ispd_device_log, energy_nj));
SAME(L(LOG_N_COMPONENTS), offsetof(ispd_device_log, n_components));
SAME(L(LOG_COMPONENTS), offsetof(ispd_device_log, components));
SAME(L(LOG_SIZE), sizeof(ispd_device_log));

SAME(L(STAT_ID), offsetof(ispd_object_stat, id));
SAME(L(STAT_SIZE_BYTES), offsetof(ispd_object_stat, size));
SAME(L(STAT_KIND), offsetof(ispd_object_stat, kind));
SAME(L(STAT_SIZE), sizeof(ispd_object_stat));

SAME(L(EXTENT_OBJECT_ID), offsetof(ispd_extent, object_id));
SAME(L(EXTENT_OFFSET), offsetof(ispd_extent, offset));
SAME(L(EXTENT_LENGTH), offsetof(ispd_extent, length));
SAME(L(EXTENT_SIZE), sizeof(ispd_extent));

SAME(L(POLL_STATE), offsetof(ispd_poll_result, state));
SAME(L(POLL_ERROR_STATUS), offsetof(ispd_poll_result, error_status));
SAME(L(POLL_SUGGESTED_POLL_US), offsetof(ispd_poll_result, suggested_poll_us));
SAME(L(POLL_PAGES_DONE), offsetof(ispd_poll_result, pages_done));
SAME(L(POLL_PAGES_TOTAL), offsetof(ispd_poll_result, pages_total));
SAME(L(POLL_RESULT_BYTES), offsetof(ispd_poll_result, result_bytes));
SAME(L(POLL_MODELED_NS), offsetof(ispd_poll_result, modeled_ns));
SAME(L(POLL_MODELED_ENERGY_NJ), offsetof(ispd_poll_result, modeled_energy_nj));
SAME(L(POLL_SERVICE_NS), offsetof(ispd_poll_result, service_ns));
SAME(L(POLL_MEASURED_NS), offsetof(ispd_poll_result, measured_ns));
SAME(L(POLL_ERROR_MESSAGE), offsetof(ispd_poll_result, error_message));
SAME(L(POLL_SIZE), sizeof(ispd_poll_result));

SAME(L(MODULE_NAME), offsetof(ispd_module_info, name));
SAME(L(MODULE_NAME_SIZE), sizeof(((ispd_module_info *)0)->name));
SAME(L(MODULE_VERSION), offsetof(ispd_module_info, version));
SAME(L(MODULE_SIZE_BYTES), offsetof(ispd_module_info, size));
SAME(L(MODULE_SHA256), offsetof(ispd_module_info, sha256));
SAME(L(MODULE_SIZE), sizeof(ispd_module_info));

SAME(L(DAMAGE_OBJECT_ID), offsetof(ispd_damage, object_id));
SAME(L(DAMAGE_OFFSET), offsetof(ispd_damage, offset));
SAME(L(DAMAGE_MESSAGE), offsetof(ispd_damage, message));
SAME(L(DAMAGE_SIZE), sizeof(ispd_damage));

SAME(L(SCRUB_OBJECTS_CHECKED), offsetof(ispd_scrub_result, objects_checked));
SAME(L(SCRUB_BYTES_CHECKED), offsetof(ispd_scrub_result, bytes_checked));
SAME(L(SCRUB_MEDIA_ERRORS), offsetof(ispd_scrub_result, media_errors));
SAME(L(SCRUB_DAMAGED), offsetof(ispd_scrub_result, damaged));
SAME(L(SCRUB_N_LISTED), offsetof(ispd_scrub_result, n_listed));
SAME(L(SCRUB_LISTED), offsetof(ispd_scrub_result, listed));
SAME(L(SCRUB_SIZE), sizeof(ispd_scrub_result));
