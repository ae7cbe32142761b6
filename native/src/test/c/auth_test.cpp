// The C library's tags against the authenticated vectors (docs/protocol/vectors/auth): it tags a
// request exactly as the drive expects and accepts an answer only if its tag verifies.
#include <gtest/gtest.h>

#include <cstring>

#include "auth.h"
#include "test_support.h"

namespace {

const uint32_t kIdentity = 1;
const uint32_t kSequence = 0x12345678u;

Bytes vector_key() {
    Bytes k;
    for (int i = 0; i < 32; i++) k.push_back(static_cast<uint8_t>(0x10 + i));
    return k;
}

conn_auth started() {
    conn_auth a{};
    ispd_error err{};
    Bytes key = vector_key();
    EXPECT_EQ(auth_start(&a, kIdentity, key.data(), static_cast<uint32_t>(key.size()), &err), ISPD_OK) << err.msg;
    a.sequence = kSequence;
    return a;
}

// Tags the named request vector's frame, its AUTH fields cleared, and compares with the vector.
void expect_tagged_as(const char *vector) {
    Bytes expected;
    ASSERT_TRUE(read_vector(vector, &expected));
    Bytes frame = expected;
    frame[6] = 0; // flags, identity, sequence and tag as the codec leaves them
    memset(frame.data() + 24, 0, 40);
    conn_auth a = started();
    ispd_error err{};
    ASSERT_EQ(auth_tag_request(&a, frame.data(), frame.size(), nullptr, 0, &err), ISPD_OK) << err.msg;
    EXPECT_EQ(frame, expected) << vector;
    EXPECT_EQ(a.sent_sequence, kSequence);
    auth_free(&a);
}

TEST(Auth, TagsARequestAsTheVectorDoes) {
    expect_tagged_as("auth/01_stat_object_request.bin");
}

// Header bytes 22-23 (reserved) are covered by the tag as they are sent.
TEST(Auth, TagsTheReservedHeaderBytesAsSent) {
    expect_tagged_as("auth/03_reserved_request.bin");
}

// Feeds a whole answer frame through begin, update and end.
int verify_answer(conn_auth *a, const Bytes &frame, ispd_error *err) {
    ispd_header h;
    ispd_header_decode(frame.data(), &h);
    if (auth_answer_begin(a, frame.data(), &h, err) != ISPD_OK) return err->status;
    auth_answer_update(a, frame.data() + ISPD_HEADER_SIZE, frame.size() - ISPD_HEADER_SIZE);
    return auth_answer_end(a, &h, err);
}

TEST(Auth, AcceptsTheVectorsAnswerAndMovesTheSequenceOn) {
    Bytes answer;
    ASSERT_TRUE(read_vector("auth/02_stat_object_response.bin", &answer));
    conn_auth a = started();
    a.sent_sequence = kSequence;
    ispd_error err{};
    EXPECT_EQ(verify_answer(&a, answer, &err), ISPD_OK) << err.msg;
    EXPECT_EQ(a.sequence, kSequence + 1);
    auth_free(&a);
}

TEST(Auth, AcceptsAnAnswerWithReservedBytesOnlyAsTagged) {
    Bytes answer;
    ASSERT_TRUE(read_vector("auth/04_reserved_response.bin", &answer));
    ASSERT_EQ(wire_load16(answer.data() + 22), 0xBEEF);
    conn_auth a = started();
    a.sent_sequence = kSequence;
    ispd_error err{};
    EXPECT_EQ(verify_answer(&a, answer, &err), ISPD_OK) << err.msg;
    for (int at : {22, 23}) {
        Bytes flipped = answer;
        flipped[at] ^= 1;
        a.sent_sequence = kSequence;
        err = ispd_error{};
        EXPECT_EQ(verify_answer(&a, flipped, &err), ISPD_E_PROTOCOL) << "byte " << at;
    }
    auth_free(&a);
}

TEST(Auth, RefusesAnAnswerWithAFlippedBitAnotherSequenceOrNoTag) {
    Bytes answer;
    ASSERT_TRUE(read_vector("auth/02_stat_object_response.bin", &answer));
    conn_auth a = started();
    ispd_error err{};

    Bytes flipped = answer;
    flipped.back() ^= 1;
    a.sent_sequence = kSequence;
    EXPECT_EQ(verify_answer(&a, flipped, &err), ISPD_E_PROTOCOL);
    EXPECT_NE(std::string(err.msg).find("does not verify"), std::string::npos) << err.msg;

    a.sent_sequence = kSequence + 1;
    err = ispd_error{};
    EXPECT_EQ(verify_answer(&a, answer, &err), ISPD_E_PROTOCOL);
    EXPECT_NE(std::string(err.msg).find("sequence"), std::string::npos) << err.msg;

    Bytes untagged = answer;
    untagged[6] = ISPD_FLAG_RESPONSE;
    a.sent_sequence = kSequence;
    err = ispd_error{};
    EXPECT_EQ(verify_answer(&a, untagged, &err), ISPD_E_PROTOCOL);
    EXPECT_NE(std::string(err.msg).find("carries no tag"), std::string::npos) << err.msg;
    auth_free(&a);
}

TEST(Auth, RefusesAnonymousIdentitiesAndShortKeys) {
    conn_auth a{};
    ispd_error err{};
    Bytes key = vector_key();
    EXPECT_EQ(auth_start(&a, 0, key.data(), 32, &err), ISPD_E_ARGUMENT);
    err = ispd_error{};
    EXPECT_EQ(auth_start(&a, 1, key.data(), 8, &err), ISPD_E_ARGUMENT);
    EXPECT_NE(std::string(err.msg).find("16..128 bytes, got 8"), std::string::npos) << err.msg;
}

} // namespace
