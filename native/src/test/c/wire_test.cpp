// The primitive encodings: integers, str, params, and the reader's bounds checks.
#include <gtest/gtest.h>

#include <string>

#include "test_support.h"
#include "wire.h"

namespace {

using Writer = LibWriter;
using Reader = LibReader;

TEST(Wire, IntegersAreLittleEndian) {
    Writer w;
    wire_put_u8(&w.w, 0x01);
    wire_put_u16(&w.w, 0x0302);
    wire_put_u32(&w.w, 0x07060504);
    wire_put_u64(&w.w, 0x0f0e0d0c0b0a0908ull);
    ASSERT_EQ(w.err.status, ISPD_OK);
    EXPECT_EQ(w.bytes(), (Bytes{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));

    Reader r(w.bytes());
    EXPECT_EQ(wire_get_u8(&r.r, "a"), 0x01);
    EXPECT_EQ(wire_get_u16(&r.r, "b"), 0x0302);
    EXPECT_EQ(wire_get_u32(&r.r, "c"), 0x07060504u);
    EXPECT_EQ(wire_get_u64(&r.r, "d"), 0x0f0e0d0c0b0a0908ull);
    EXPECT_EQ(wire_get_end(&r.r), ISPD_OK);
}

TEST(Wire, ExtremeValuesRoundTrip) {
    Writer w;
    wire_put_u16(&w.w, 0xffff);
    wire_put_u32(&w.w, 0xffffffffu);
    wire_put_u64(&w.w, ~0ull);
    Reader r(w.bytes());
    EXPECT_EQ(wire_get_u16(&r.r, "a"), 0xffff);
    EXPECT_EQ(wire_get_u32(&r.r, "b"), 0xffffffffu);
    EXPECT_EQ(wire_get_u64(&r.r, "c"), ~0ull);
}

TEST(Wire, StringRoundTripAndNullIsEmpty) {
    Writer w;
    wire_put_str(&w.w, "name", "grüße");
    wire_put_str(&w.w, "other", nullptr);
    ASSERT_EQ(w.err.status, ISPD_OK);
    EXPECT_EQ(w.bytes(), Out().str("grüße").str("").data());

    Reader r(w.bytes());
    char a[32], b[4];
    wire_get_str(&r.r, "name", a, sizeof a);
    wire_get_str(&r.r, "other", b, sizeof b);
    EXPECT_EQ(wire_get_end(&r.r), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(a, "grüße");
    EXPECT_STREQ(b, "");
}

TEST(Wire, StringAtTheLimitIsAcceptedAndOneMoreRefused) {
    std::string max(ISPD_MAX_STRING, 'x');
    Writer ok;
    wire_put_str(&ok.w, "name", max.c_str());
    EXPECT_EQ(ok.err.status, ISPD_OK);
    EXPECT_EQ(ok.w.len, 2u + ISPD_MAX_STRING);

    Writer w;
    wire_put_str(&w.w, "name", (max + "y").c_str());
    EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, "name is 1025 bytes, the limit is 1024");
}

TEST(Wire, OversizeStringOnTheWireIsAProtocolError) {
    Reader r(Out().u16(ISPD_MAX_STRING + 1).text(std::string(ISPD_MAX_STRING + 1, 'x')).data());
    char out[ISPD_MAX_STRING + 8];
    wire_get_str(&r.r, "drive_name", out, sizeof out);
    EXPECT_EQ(r.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: field drive_name is 1025 bytes, the limit is 1024");
}

TEST(Wire, StringLongerThanTheCallersFieldIsRefused) {
    Reader r(Out().str("a-long-component-name").data());
    char out[8];
    wire_get_str(&r.r, "component", out, sizeof out);
    EXPECT_EQ(r.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: field component is 21 bytes, the client holds at most 7");
    EXPECT_STREQ(out, "");
}

TEST(Wire, TruncationNamesTheFieldAndOffsetAndIsSticky) {
    Reader r(Out().u64(7).u16(1).data());
    EXPECT_EQ(wire_get_u64(&r.r, "id"), 7u);
    EXPECT_EQ(wire_get_u32(&r.r, "size"), 0u);
    EXPECT_EQ(r.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: field size needs 4 bytes at offset 8, only 2 left");
    // Later fields neither read nor overwrite the first message.
    EXPECT_EQ(wire_get_u16(&r.r, "kind"), 0u);
    EXPECT_EQ(wire_get_end(&r.r), ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: field size needs 4 bytes at offset 8, only 2 left");
}

TEST(Wire, TruncatedStringBodyIsRefused) {
    Reader r(Out().u16(10).text("abc").data());
    char out[16];
    wire_get_str(&r.r, "error_message", out, sizeof out);
    EXPECT_EQ(r.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: field error_message needs 10 bytes at offset 2, only 3 left");
}

TEST(Wire, TrailingBytesAreAProtocolError) {
    Reader r(Out().u8(1).u8(2).data());
    wire_get_u8(&r.r, "state");
    EXPECT_EQ(wire_get_end(&r.r), ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: 1 unexpected bytes after the last field (payload is 2 bytes)");
}

TEST(Wire, WriterGrowsItsBuffer) {
    Writer w;
    for (uint32_t i = 0; i < 100000; i++) wire_put_u32(&w.w, i);
    ASSERT_EQ(w.err.status, ISPD_OK);
    ASSERT_EQ(w.w.len, 400000u);
    Reader r(w.bytes());
    for (uint32_t i = 0; i < 100000; i++) ASSERT_EQ(wire_get_u32(&r.r, "i"), i);
}

TEST(Wire, FrameBufferStopsAtTheProtocolLimit) {
    ispd_buf b{};
    ispd_error e{};
    EXPECT_EQ(wire_reserve(&b, ISPD_FRAME_MAX, &e), ISPD_OK);
    EXPECT_EQ(wire_reserve(&b, ISPD_FRAME_MAX + 1, &e), ISPD_E_ARGUMENT);
    EXPECT_STREQ(e.msg, "a frame of 8454209 bytes exceeds the protocol limit of 8454208 (header + ISPD_MAX_PAYLOAD)");
    wire_buf_free(&b);
}

// ---- params ----

TEST(Params, TextToWireAndBack) {
    Writer w;
    wire_put_params(&w.w, "params", "entrySize=256\nfilter=a=b\nname.x_y-z=grüße\nempty=\n");
    ASSERT_EQ(w.err.status, ISPD_OK) << w.err.msg;
    EXPECT_EQ(w.bytes(),
              Out().params({{"entrySize", "256"}, {"filter", "a=b"}, {"name.x_y-z", "grüße"}, {"empty", ""}}).data());

    Reader r(w.bytes());
    char text[256];
    wire_get_params(&r.r, "capabilities", text, sizeof text);
    EXPECT_EQ(wire_get_end(&r.r), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(text, "entrySize=256\nfilter=a=b\nname.x_y-z=grüße\nempty=\n");
}

TEST(Params, NoneEmptyLinesAndMissingFinalNewline) {
    for (const char *none : {static_cast<const char *>(nullptr), "", "\n\n"}) {
        Writer w;
        wire_put_params(&w.w, "params", none);
        EXPECT_EQ(w.bytes(), (Bytes{0, 0}));
    }
    Writer w;
    wire_put_params(&w.w, "params", "a=1\n\nb=2");
    EXPECT_EQ(w.bytes(), Out().params({{"a", "1"}, {"b", "2"}}).data());
}

TEST(Params, SixtyFourPairsAreAcceptedAndSixtyFiveRefused) {
    std::string text;
    for (int i = 0; i < ISPD_MAX_PARAMS; i++) text += "k" + std::to_string(i) + "=v\n";
    Writer ok;
    wire_put_params(&ok.w, "params", text.c_str());
    EXPECT_EQ(ok.err.status, ISPD_OK);

    Writer w;
    wire_put_params(&w.w, "params", (text + "last=v\n").c_str());
    EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, "params has more than 64 pairs (line 65)");
}

struct BadText {
    const char *text;
    const char *message;
};

class BadParamsText : public ::testing::TestWithParam<BadText> {};

TEST_P(BadParamsText, IsRefusedNamingTheProblem) {
    Writer w;
    wire_put_params(&w.w, "runtime_params", GetParam().text);
    EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(
    Wire, BadParamsText,
    ::testing::Values(BadText{"a=1\nnoequals\n", "runtime_params line 2 (\"noequals\") has no '='"},
                      BadText{"=value", "runtime_params line 1 has an empty key"},
                      BadText{"bad key=1", "runtime_params key \"bad key\" has byte 0x20 at position 3; keys are "
                                           "[A-Za-z0-9._-]"},
                      BadText{"k\xc3\xa9y=1", "runtime_params key \"k\xc3\xa9y\" has byte 0xc3 at position 1; keys "
                                              "are [A-Za-z0-9._-]"}));

TEST(Params, OversizeKeyAndValueAreRefused) {
    std::string big(ISPD_MAX_STRING + 1, 'k');
    Writer key;
    wire_put_params(&key.w, "params", (big + "=1").c_str());
    EXPECT_EQ(key.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(key.err.msg, "params line 1: key is 1025 bytes, the limit is 1024");

    Writer value;
    wire_put_params(&value.w, "params", ("k=" + big).c_str());
    EXPECT_EQ(value.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(value.err.msg, "params key \"k\": value is 1025 bytes, the limit is 1024");
}

TEST(Params, WireWithABadKeyOrNewlineInAValueIsRefused) {
    char text[64];
    Reader key(Out().params({{"ok", "1"}, {"bad key", "2"}}).data());
    wire_get_params(&key.r, "capabilities", text, sizeof text);
    EXPECT_EQ(key.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(key.err.msg,
                 "TEST response: capabilities key 1 (\"bad key\") is empty or has a byte outside [A-Za-z0-9._-]");
    EXPECT_STREQ(text, "");

    Reader value(Out().params({{"k", "a\nb"}}).data());
    wire_get_params(&value.r, "capabilities", text, sizeof text);
    EXPECT_EQ(value.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(value.err.msg, "TEST response: capabilities value of key \"k\" contains a newline");
}

TEST(Params, WireCountOverTheLimitOrTruncatedIsRefused) {
    char text[64];
    Reader many(Out().u16(65).data());
    wire_get_params(&many.r, "capabilities", text, sizeof text);
    EXPECT_EQ(many.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(many.err.msg, "TEST response: field capabilities has 65 pairs, the limit is 64");

    Reader cut(Out().u16(2).str("a").str("1").str("b").data());
    wire_get_params(&cut.r, "capabilities", text, sizeof text);
    EXPECT_EQ(cut.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(cut.err.msg, "TEST response: field capabilities[1].value needs 2 bytes at offset 11, only 0 left");
}

TEST(Params, TextThatDoesNotFitTheCallersBufferIsRefused) {
    char text[8];
    Reader r(Out().params({{"abc", "1"}, {"def", "2"}}).data()); // "abc=1\n" fits, the second does not
    wire_get_params(&r.r, "capabilities", text, sizeof text);
    EXPECT_EQ(r.err.status, ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: capabilities does not fit in 8 bytes as text (at key \"def\")");
}

} // namespace
