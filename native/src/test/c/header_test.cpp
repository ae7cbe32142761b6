// The 64-byte frame header: layout, round trip, validation.
#include <gtest/gtest.h>

#include <cstring>

#include "ispd.h"
#include "test_support.h"

namespace {

ispd_header sample() {
    ispd_header h{};
    h.magic = ISPD_MAGIC;
    h.version = ISPD_PROTOCOL_VERSION;
    h.opcode = ISPD_OP_READ_RESULT;
    h.flags = ISPD_FLAG_RESPONSE | ISPD_FLAG_AUTH;
    h.request_id = 0x0102030405060708ull;
    h.payload_len = 12345;
    h.status = ISPD_NOT_READY;
    h.identity = 0xa1b2c3d4;
    h.sequence = 0x11223344;
    for (int i = 0; i < 32; i++) h.auth_tag[i] = static_cast<uint8_t>(0x80 + i);
    return h;
}

TEST(Header, LayoutFollowsTheSpec) {
    ispd_header h = sample();
    uint8_t out[ISPD_HEADER_SIZE];
    ispd_header_encode(&h, out);
    Bytes expected = Out()
                         .text("ISPD")
                         .u8(1)
                         .u8(0x23)
                         .u16(3)
                         .u64(0x0102030405060708ull)
                         .u32(12345)
                         .u16(14)
                         .u16(0)
                         .u32(0xa1b2c3d4)
                         .u32(0x11223344)
                         .bytes(Bytes(h.auth_tag, h.auth_tag + 32))
                         .data();
    EXPECT_EQ(Bytes(out, out + ISPD_HEADER_SIZE), expected);
}

TEST(Header, RoundTrip) {
    ispd_header h = sample(), back{};
    uint8_t out[ISPD_HEADER_SIZE];
    ispd_header_encode(&h, out);
    ASSERT_EQ(ispd_header_decode(out, &back), ISPD_OK);
    EXPECT_EQ(back.magic, h.magic);
    EXPECT_EQ(back.version, h.version);
    EXPECT_EQ(back.opcode, h.opcode);
    EXPECT_EQ(back.flags, h.flags);
    EXPECT_EQ(back.request_id, h.request_id);
    EXPECT_EQ(back.payload_len, h.payload_len);
    EXPECT_EQ(back.status, h.status);
    EXPECT_EQ(back.identity, h.identity);
    EXPECT_EQ(back.sequence, h.sequence);
    EXPECT_EQ(0, memcmp(back.auth_tag, h.auth_tag, 32));
}

// Encodes h and decodes the bytes again: the status, and the fields in out.
int reencode(const ispd_header &h, ispd_header *out) {
    uint8_t bytes[ISPD_HEADER_SIZE];
    ispd_header_encode(&h, bytes);
    return ispd_header_decode(bytes, out);
}

TEST(Header, BadMagicIsReportedWithFieldsFilledIn) {
    ispd_header h = sample(), out{};
    h.magic = 0x50534944; // "DISP"
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_MAGIC);
    EXPECT_EQ(out.magic, 0x50534944u);
    EXPECT_EQ(out.request_id, h.request_id);
    EXPECT_EQ(out.payload_len, h.payload_len);
}

TEST(Header, BadVersion) {
    ispd_header h = sample(), out{};
    h.version = 2;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_VERSION);
    EXPECT_EQ(out.version, 2);
}

TEST(Header, UnknownFlagBitsAreRefused) {
    ispd_header h = sample(), out{};
    h.flags = 0x0004;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_FLAGS);
    h.flags = 0x8000;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_FLAGS);
    EXPECT_EQ(out.flags, 0x8000);
}

TEST(Header, PayloadLimitIsInclusive) {
    ispd_header h = sample(), out{};
    h.payload_len = ISPD_MAX_PAYLOAD;
    EXPECT_EQ(reencode(h, &out), ISPD_OK);
    h.payload_len = ISPD_MAX_PAYLOAD + 1;
    EXPECT_EQ(reencode(h, &out), ISPD_PAYLOAD_TOO_LARGE);
    EXPECT_EQ(out.payload_len, ISPD_MAX_PAYLOAD + 1);
}

TEST(Header, ChecksGoInTheOrderMagicVersionFlagsLength) {
    ispd_header h = sample(), out{};
    h.magic = 0;
    h.version = 9;
    h.flags = 0xffff;
    h.payload_len = 0xffffffffu;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_MAGIC);
    h.magic = ISPD_MAGIC;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_VERSION);
    h.version = ISPD_PROTOCOL_VERSION;
    EXPECT_EQ(reencode(h, &out), ISPD_BAD_FLAGS);
    h.flags = 0;
    EXPECT_EQ(reencode(h, &out), ISPD_PAYLOAD_TOO_LARGE);
}

TEST(Header, EncodeZeroesTheReservedBytes) {
    ispd_header h = sample();
    uint8_t out[ISPD_HEADER_SIZE];
    memset(out, 0xff, sizeof out);
    ispd_header_encode(&h, out);
    EXPECT_EQ(out[22], 0);
    EXPECT_EQ(out[23], 0);
}

} // namespace
