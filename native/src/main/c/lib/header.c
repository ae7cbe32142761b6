/* header.c - the fixed 64-byte frame header (docs/protocol.md, "Frame header"). */
#include <string.h>

#include "ispd.h"
#include "wire.h"

#define KNOWN_FLAGS (ISPD_FLAG_RESPONSE | ISPD_FLAG_AUTH)

void ispd_header_encode(const ispd_header *h, uint8_t out[ISPD_HEADER_SIZE]) {
    memset(out, 0, ISPD_HEADER_SIZE); /* the reserved fields */
    wire_store32(out + 0, h->magic);
    out[4] = h->version;
    out[5] = h->opcode;
    wire_store16(out + 6, h->flags);
    wire_store64(out + 8, h->request_id);
    wire_store32(out + 16, h->payload_len);
    wire_store16(out + 20, h->status);
    wire_store32(out + 24, h->identity);
    wire_store32(out + 28, h->sequence);
    memcpy(out + 32, h->auth_tag, sizeof h->auth_tag);
}

int ispd_header_decode(const uint8_t in[ISPD_HEADER_SIZE], ispd_header *out) {
    out->magic = wire_load32(in + 0);
    out->version = in[4];
    out->opcode = in[5];
    out->flags = wire_load16(in + 6);
    out->request_id = wire_load64(in + 8);
    out->payload_len = wire_load32(in + 16);
    out->status = wire_load16(in + 20);
    out->identity = wire_load32(in + 24);
    out->sequence = wire_load32(in + 28);
    memcpy(out->auth_tag, in + 32, sizeof out->auth_tag);

    if (out->magic != ISPD_MAGIC) return ISPD_BAD_MAGIC;
    if (out->version != ISPD_PROTOCOL_VERSION) return ISPD_BAD_VERSION;
    if (out->flags & ~KNOWN_FLAGS) return ISPD_BAD_FLAGS;
    if (out->payload_len > ISPD_MAX_PAYLOAD) return ISPD_PAYLOAD_TOO_LARGE;
    return ISPD_OK;
}
