/* auth.c - tags on requests and verification of answers; see auth.h. */
#include "auth.h"

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <string.h>

#define TAG_OFFSET 32

/* A new HMAC-SHA256 context keyed with key: fetching the algorithm and keying it cost more than
 * hashing a small frame, so a connection does both once and copies the keyed context per frame. */
static EVP_MAC_CTX *mac_keyed(const void *key, size_t key_len) {
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *ctx = mac ? EVP_MAC_CTX_new(mac) : NULL;
    EVP_MAC_free(mac); /* the context keeps its own reference */
    if (!ctx) return NULL;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, "SHA256", 0),
                           OSSL_PARAM_construct_end()};
    if (!EVP_MAC_init(ctx, key, key_len, params)) {
        EVP_MAC_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

/* A copy of the connection's keyed context, fed the header with its tag zeroed. */
static EVP_MAC_CTX *mac_begin(const conn_auth *a, const uint8_t header[ISPD_HEADER_SIZE]) {
    EVP_MAC_CTX *ctx = EVP_MAC_CTX_dup(a->keyed);
    if (!ctx) return NULL;
    uint8_t head[ISPD_HEADER_SIZE];
    memcpy(head, header, ISPD_HEADER_SIZE);
    memset(head + TAG_OFFSET, 0, ISPD_AUTH_TAG_SIZE);
    if (!EVP_MAC_update(ctx, head, sizeof head)) {
        EVP_MAC_CTX_free(ctx);
        return NULL;
    }
    return ctx;
}

static int mac_end(EVP_MAC_CTX *ctx, uint8_t tag[ISPD_AUTH_TAG_SIZE]) {
    size_t n = 0;
    int ok = EVP_MAC_final(ctx, tag, &n, ISPD_AUTH_TAG_SIZE) && n == ISPD_AUTH_TAG_SIZE;
    EVP_MAC_CTX_free(ctx);
    return ok;
}

int auth_start(conn_auth *a, uint32_t identity, const void *key, uint32_t key_len, ispd_error *err) {
    if (identity == 0) return wire_fail(err, ISPD_E_ARGUMENT, "identity 0 is anonymous; an identity is 1..2^32-1");
    if (!key) return wire_fail(err, ISPD_E_ARGUMENT, "key is NULL");
    if (key_len < AUTH_KEY_MIN || key_len > AUTH_KEY_MAX)
        return wire_fail(err, ISPD_E_ARGUMENT, "a key is %d..%d bytes, got %u", AUTH_KEY_MIN, AUTH_KEY_MAX, key_len);
    auth_free(a);
    a->keyed = mac_keyed(key, key_len);
    if (!a->keyed) return wire_fail(err, ISPD_E_NO_MEMORY, "OpenSSL could not key an HMAC-SHA256");
    a->on = 1;
    a->identity = identity;
    a->sequence = 0;
    memcpy(a->key, key, key_len);
    a->key_len = key_len;
    return ISPD_OK;
}

int auth_tag_request(conn_auth *a, uint8_t *frame, size_t frame_len, const void *tail, size_t tail_len,
                     ispd_error *err) {
    wire_store16(frame + 6, (uint16_t)(wire_load16(frame + 6) | ISPD_FLAG_AUTH));
    wire_store32(frame + 24, a->identity);
    wire_store32(frame + 28, a->sequence);
    EVP_MAC_CTX *ctx = mac_begin(a, frame);
    if (!ctx || !EVP_MAC_update(ctx, frame + ISPD_HEADER_SIZE, frame_len - ISPD_HEADER_SIZE) ||
        (tail_len && !EVP_MAC_update(ctx, tail, tail_len)) || !mac_end(ctx, frame + TAG_OFFSET)) {
        if (ctx) EVP_MAC_CTX_free(ctx);
        return wire_fail(err, ISPD_E_NO_MEMORY, "OpenSSL could not compute an HMAC-SHA256 tag");
    }
    a->sent_sequence = a->sequence;
    return ISPD_OK;
}

int auth_answer_begin(conn_auth *a, const uint8_t header[ISPD_HEADER_SIZE], const ispd_header *h, ispd_error *err) {
    if (!(h->flags & ISPD_FLAG_AUTH)) {
        if (h->status == ISPD_OK)
            return wire_fail(err, ISPD_E_PROTOCOL, "the drive's answer carries no tag on an authenticated connection");
        return ISPD_OK; /* an error the drive could not tag, such as AUTH_FAILED: the call fails anyway */
    }
    if (h->identity != a->identity)
        return wire_fail(err, ISPD_E_PROTOCOL, "the drive's answer is tagged for identity %u, this connection is %u",
                         h->identity, a->identity);
    if (a->sent_sequence != 0 && h->sequence != a->sent_sequence)
        return wire_fail(err, ISPD_E_PROTOCOL, "the drive's answer has sequence %u, the request had %u", h->sequence,
                         a->sent_sequence);
    if (a->sent_sequence == 0 && h->sequence == 0)
        return wire_fail(err, ISPD_E_PROTOCOL, "the answer to the hello gives no sequence number (0)");
    memcpy(a->answer_tag, header + TAG_OFFSET, ISPD_AUTH_TAG_SIZE);
    a->answer = mac_begin(a, header);
    if (!a->answer) return wire_fail(err, ISPD_E_NO_MEMORY, "OpenSSL could not start an HMAC-SHA256");
    return ISPD_OK;
}

void auth_answer_update(conn_auth *a, const void *bytes, size_t n) {
    if (a->answer && n) EVP_MAC_update(a->answer, bytes, n);
}

int auth_answer_end(conn_auth *a, const ispd_header *h, ispd_error *err) {
    uint8_t tag[ISPD_AUTH_TAG_SIZE];
    EVP_MAC_CTX *ctx = a->answer;
    a->answer = NULL;
    if (!ctx) return ISPD_OK;
    if (!mac_end(ctx, tag) || CRYPTO_memcmp(tag, a->answer_tag, sizeof tag) != 0)
        return wire_fail(err, ISPD_E_PROTOCOL,
                         "the tag of the drive's answer does not verify: a wrong key, or the answer changed on the way");
    a->sequence = a->sent_sequence == 0 ? h->sequence : a->sent_sequence + 1;
    if (a->sequence == 0) a->sequence = 1; /* 0 is only the hello's */
    return ISPD_OK;
}

void auth_free(conn_auth *a) {
    if (a->answer) EVP_MAC_CTX_free(a->answer);
    a->answer = NULL;
    if (a->keyed) EVP_MAC_CTX_free(a->keyed);
    a->keyed = NULL;
    OPENSSL_cleanse(a->key, sizeof a->key);
    a->on = 0;
}
