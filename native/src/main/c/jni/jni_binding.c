/*
 * jni_binding.c - JNI glue for dev.ispd.client.jni.JniBinding.
 *
 * Each function turns direct buffers into addresses (GetDirectBufferAddress: the C library reads
 * and writes Java's memory in place, no copies) and calls the ispd_* function of the same name.
 * Statuses go back to Java as ints; Java throws DriveException. The only exception raised here
 * is IllegalArgumentException for a buffer that is not direct (its class cached in JNI_OnLoad).
 */
#include <jni.h>
#include <stdint.h>
#include <string.h>

#include "dev_ispd_client_jni_JniBinding.h"
#include "ispd.h"

static jclass illegal_argument; /* global ref to java.lang.IllegalArgumentException */

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved) {
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK) {
        return JNI_ERR;
    }
    jclass local = (*env)->FindClass(env, "java/lang/IllegalArgumentException");
    if (local == NULL) {
        return JNI_ERR;
    }
    illegal_argument = (jclass)(*env)->NewGlobalRef(env, local);
    (*env)->DeleteLocalRef(env, local);
    return illegal_argument == NULL ? JNI_ERR : JNI_VERSION_1_8;
}

JNIEXPORT void JNICALL JNI_OnUnload(JavaVM *vm, void *reserved) {
    (void)reserved;
    JNIEnv *env;
    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) == JNI_OK && illegal_argument != NULL) {
        (*env)->DeleteGlobalRef(env, illegal_argument);
        illegal_argument = NULL;
    }
}

/* Address of byte `offset` of a direct buffer; NULL with IllegalArgumentException pending if the
 * buffer is not direct. */
static void *at(JNIEnv *env, jobject buffer, jint offset, const char *what) {
    char *base = (*env)->GetDirectBufferAddress(env, buffer);
    if (base == NULL) {
        (*env)->ThrowNew(env, illegal_argument, what);
        return NULL;
    }
    return base + offset;
}

#define CONN(c) ((ispd_conn *)(intptr_t)(c))
#define NOT_DIRECT(name) "JNI binding: " name " is not a direct buffer"

/* A byte[] holding a C string (no terminator); NULL with OutOfMemoryError pending on failure. */
static jbyteArray c_string_bytes(JNIEnv *env, const char *s) {
    jsize n = (jsize)strlen(s);
    jbyteArray bytes = (*env)->NewByteArray(env, n);
    if (bytes != NULL) {
        (*env)->SetByteArrayRegion(env, bytes, 0, n, (const jbyte *)s);
    }
    return bytes;
}

JNIEXPORT jbyteArray JNICALL Java_dev_ispd_client_jni_JniBinding_lastErrorBytes(JNIEnv *env, jclass cls,
                                                                               jlong conn) {
    (void)cls;
    return c_string_bytes(env, ispd_last_error(CONN(conn)));
}

JNIEXPORT jbyteArray JNICALL Java_dev_ispd_client_jni_JniBinding_statusNameBytes(JNIEnv *env, jclass cls,
                                                                                jint status) {
    (void)cls;
    return c_string_bytes(env, ispd_status_name(status));
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_connect(JNIEnv *env, jobject self, jobject text,
                                                                  jint address_offset, jobject out,
                                                                  jint conn_offset) {
    (void)self;
    const char *address = at(env, text, address_offset, NOT_DIRECT("text"));
    ispd_conn **conn_out = address ? at(env, out, conn_offset, NOT_DIRECT("out")) : NULL;
    return conn_out ? ispd_connect(address, conn_out) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_authenticate(JNIEnv *env, jobject self, jlong conn,
                                                                       jlong identity, jobject key, jint key_offset,
                                                                       jint key_length) {
    (void)self;
    const void *k = at(env, key, key_offset, NOT_DIRECT("key"));
    return k ? ispd_authenticate(CONN(conn), (uint32_t)identity, k, (uint32_t)key_length) : ISPD_E_ARGUMENT;
}

JNIEXPORT void JNICALL Java_dev_ispd_client_jni_JniBinding_close(JNIEnv *env, jobject self, jlong conn) {
    (void)env;
    (void)self;
    ispd_close(CONN(conn));
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_deviceInfo(JNIEnv *env, jobject self, jlong conn,
                                                                     jobject out, jint offset) {
    (void)self;
    ispd_device_info *info = at(env, out, offset, NOT_DIRECT("out"));
    return info ? ispd_device_info_get(CONN(conn), info) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_deviceLog(JNIEnv *env, jobject self, jlong conn,
                                                                    jobject out, jint offset) {
    (void)self;
    ispd_device_log *log = at(env, out, offset, NOT_DIRECT("out"));
    return log ? ispd_device_log_get(CONN(conn), log) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_createObject(JNIEnv *env, jobject self, jlong conn,
                                                                       jlong requested_id, jobject out,
                                                                       jint id_offset) {
    (void)self;
    uint64_t *id = at(env, out, id_offset, NOT_DIRECT("out"));
    return id ? ispd_create_object(CONN(conn), (uint64_t)requested_id, id) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_writeObject(JNIEnv *env, jobject self, jlong conn,
                                                                      jlong id, jlong offset, jobject data,
                                                                      jint data_offset, jint length, jobject out,
                                                                      jint size_offset) {
    (void)self;
    const void *src = at(env, data, data_offset, NOT_DIRECT("data"));
    uint64_t *size = src ? at(env, out, size_offset, NOT_DIRECT("out")) : NULL;
    return size ? ispd_write_object(CONN(conn), (uint64_t)id, (uint64_t)offset, src, (uint32_t)length, size)
                : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_readObject(JNIEnv *env, jobject self, jlong conn,
                                                                     jlong id, jlong offset, jobject data,
                                                                     jint data_offset, jint length) {
    (void)self;
    void *dst = at(env, data, data_offset, NOT_DIRECT("data"));
    return dst ? ispd_read_object(CONN(conn), (uint64_t)id, (uint64_t)offset, dst, (uint32_t)length)
               : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_statObject(JNIEnv *env, jobject self, jlong conn,
                                                                     jlong id, jobject out, jint offset) {
    (void)self;
    ispd_object_stat *stat = at(env, out, offset, NOT_DIRECT("out"));
    return stat ? ispd_stat_object(CONN(conn), (uint64_t)id, stat) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_listObjects(JNIEnv *env, jobject self, jlong conn,
                                                                      jlong after_id, jobject entries, jint max,
                                                                      jobject out, jint count_offset,
                                                                      jint more_offset) {
    (void)self;
    ispd_object_stat *stats = at(env, entries, 0, NOT_DIRECT("entries"));
    char *scalars = stats ? at(env, out, 0, NOT_DIRECT("out")) : NULL;
    return scalars ? ispd_list_objects(CONN(conn), (uint64_t)after_id, stats, (uint32_t)max,
                                       (uint32_t *)(scalars + count_offset), (int *)(scalars + more_offset))
                   : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_deleteObject(JNIEnv *env, jobject self, jlong conn,
                                                                       jlong id) {
    (void)env;
    (void)self;
    return ispd_delete_object(CONN(conn), (uint64_t)id);
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_createTasklet(JNIEnv *env, jobject self, jlong conn,
                                                                        jint form, jobject text,
                                                                        jint name_offset, jint params_offset,
                                                                        jobject body, jint body_offset,
                                                                        jint body_length, jobject out,
                                                                        jint id_offset) {
    (void)self;
    const char *strings = at(env, text, 0, NOT_DIRECT("text"));
    const void *body_bytes = NULL;
    if (strings != NULL && body != NULL) {
        body_bytes = at(env, body, body_offset, NOT_DIRECT("body"));
        if (body_bytes == NULL) {
            return ISPD_E_ARGUMENT;
        }
    }
    uint64_t *id = strings ? at(env, out, id_offset, NOT_DIRECT("out")) : NULL;
    return id ? ispd_create_tasklet(CONN(conn), (uint8_t)form, strings + name_offset, strings + params_offset,
                                    body_bytes, (uint32_t)body_length, id)
              : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_execute(JNIEnv *env, jobject self, jlong conn,
                                                                  jlong tasklet_id, jlong output_id, jobject text,
                                                                  jint params_offset, jobject extents, jint count,
                                                                  jobject out, jint exec_id_offset) {
    (void)self;
    const char *params = at(env, text, params_offset, NOT_DIRECT("text"));
    const ispd_extent *list = params ? at(env, extents, 0, NOT_DIRECT("extents")) : NULL;
    uint64_t *exec_id = list ? at(env, out, exec_id_offset, NOT_DIRECT("out")) : NULL;
    return exec_id ? ispd_execute(CONN(conn), (uint64_t)tasklet_id, (uint64_t)output_id, params, list,
                                  (uint32_t)count, exec_id)
                   : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_poll(JNIEnv *env, jobject self, jlong conn,
                                                               jlong exec_id, jobject out, jint offset) {
    (void)self;
    ispd_poll_result *result = at(env, out, offset, NOT_DIRECT("out"));
    return result ? ispd_poll(CONN(conn), (uint64_t)exec_id, result) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_readResult(JNIEnv *env, jobject self, jlong conn,
                                                                     jlong exec_id, jlong offset, jobject data,
                                                                     jint data_offset, jint capacity, jobject out,
                                                                     jint length_offset, jint total_offset) {
    (void)self;
    void *dst = at(env, data, data_offset, NOT_DIRECT("data"));
    char *scalars = dst ? at(env, out, 0, NOT_DIRECT("out")) : NULL;
    return scalars ? ispd_read_result(CONN(conn), (uint64_t)exec_id, (uint64_t)offset, dst, (uint32_t)capacity,
                                      (uint32_t *)(scalars + length_offset), (uint64_t *)(scalars + total_offset))
                   : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_cancel(JNIEnv *env, jobject self, jlong conn,
                                                                 jlong exec_id, jobject out, jint state_offset) {
    (void)self;
    uint8_t *state = at(env, out, state_offset, NOT_DIRECT("out"));
    return state ? ispd_cancel(CONN(conn), (uint64_t)exec_id, state) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_release(JNIEnv *env, jobject self, jlong conn,
                                                                  jlong exec_id) {
    (void)env;
    (void)self;
    return ispd_release(CONN(conn), (uint64_t)exec_id);
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_loadModule(JNIEnv *env, jobject self, jlong conn,
                                                                     jobject text, jint name_offset, jint version,
                                                                     jobject module, jint sha_offset,
                                                                     jint wasm_offset, jlong length) {
    (void)self;
    const char *name = at(env, text, name_offset, NOT_DIRECT("text"));
    const uint8_t *sha = name ? at(env, module, sha_offset, NOT_DIRECT("module")) : NULL;
    const void *wasm = sha ? at(env, module, wasm_offset, NOT_DIRECT("module")) : NULL;
    return wasm ? ispd_load_module(CONN(conn), name, (uint32_t)version, sha, wasm, (uint64_t)length)
                : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_listModules(JNIEnv *env, jobject self, jlong conn,
                                                                      jobject entries, jint max, jobject out,
                                                                      jint count_offset) {
    (void)self;
    ispd_module_info *modules = at(env, entries, 0, NOT_DIRECT("entries"));
    uint32_t *count = modules ? at(env, out, count_offset, NOT_DIRECT("out")) : NULL;
    return count ? ispd_list_modules(CONN(conn), modules, (uint32_t)max, count) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_unloadModule(JNIEnv *env, jobject self, jlong conn,
                                                                       jobject text, jint name_offset,
                                                                       jint version) {
    (void)self;
    const char *name = at(env, text, name_offset, NOT_DIRECT("text"));
    return name ? ispd_unload_module(CONN(conn), name, (uint32_t)version) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_scrub(JNIEnv *env, jobject self, jlong conn,
                                                                jlong object_id, jobject out, jint offset) {
    (void)self;
    ispd_scrub_result *result = at(env, out, offset, NOT_DIRECT("out"));
    return result ? ispd_scrub(CONN(conn), (uint64_t)object_id, result) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_setFaults(JNIEnv *env, jobject self, jlong conn,
                                                                    jobject text, jint plan_offset) {
    (void)self;
    const char *plan = at(env, text, plan_offset, NOT_DIRECT("text"));
    return plan ? ispd_set_faults(CONN(conn), plan) : ISPD_E_ARGUMENT;
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_setTimeout(JNIEnv *env, jobject self, jlong conn,
                                                                     jint timeout_ms) {
    (void)env;
    (void)self;
    return ispd_set_timeout(CONN(conn), (uint32_t)timeout_ms);
}

JNIEXPORT jint JNICALL Java_dev_ispd_client_jni_JniBinding_reconnects(JNIEnv *env, jobject self, jlong conn) {
    (void)env;
    (void)self;
    return (jint)ispd_reconnects(CONN(conn));
}
