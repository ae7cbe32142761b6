// Request encoders and response decoders of each opcode, checked against bytes built from the spec.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "codec.h"
#include "test_support.h"

namespace {

Bytes request_frame(uint8_t op, uint64_t request_id, const Bytes &payload) {
    return make_frame(op, 0, request_id, 0, payload);
}

TEST(Codec, FrameEndWritesTheHeaderCountingTheTail) {
    LibWriter w;
    codec_frame_begin(&w.w);
    codec_enc_range(&w.w, 42, 8192, 12);
    ASSERT_EQ(codec_frame_end(&w.w, ISPD_OP_WRITE_OBJECT, 3, 12), ISPD_OK);
    Bytes fixed = Out().u64(42).u64(8192).u32(12).data();
    Bytes expected = request_frame(ISPD_OP_WRITE_OBJECT, 3, Out().bytes(fixed).text("hello, drive").data());
    expected.resize(expected.size() - 12); // the tail is the caller's, sent after the frame
    EXPECT_EQ(w.bytes(), expected);
}

TEST(Codec, PayloadOverTheLimitIsRefused) {
    LibWriter w;
    codec_frame_begin(&w.w);
    codec_enc_id(&w.w, 1);
    EXPECT_EQ(codec_frame_end(&w.w, ISPD_OP_CREATE_TASKLET, 1, ISPD_MAX_PAYLOAD - 7), ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, "CREATE_TASKLET request payload of 8454145 bytes exceeds ISPD_MAX_PAYLOAD (8454144)");
}

TEST(Codec, RangeLengthOverMaxIoIsRefused) {
    LibWriter w;
    codec_enc_range(&w.w, 1, 0, ISPD_MAX_IO + 1);
    EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, "length 8388609 exceeds ISPD_MAX_IO (8388608)");
}

TEST(Codec, ListMaxMustBeOneToTheLimit) {
    LibWriter ok;
    codec_enc_list(&ok.w, 5, ISPD_MAX_LIST);
    EXPECT_EQ(ok.bytes(), Out().u64(5).u32(ISPD_MAX_LIST).data());
    for (uint32_t bad : {0u, ISPD_MAX_LIST + 1}) {
        LibWriter w;
        codec_enc_list(&w.w, 5, bad);
        EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
        EXPECT_EQ(std::string(w.err.msg), "max is " + std::to_string(bad) + ", must be 1..4096 (ISPD_MAX_LIST)");
    }
}

TEST(Codec, CreateTasklet) {
    LibWriter w;
    codec_enc_create_tasklet(&w.w, ISPD_FORM_BUILTIN, "filter", "column=3\nop=lt\n", 5);
    EXPECT_EQ(w.bytes(), Out().u8(1).str("filter").params({{"column", "3"}, {"op", "lt"}}).u32(5).data());

    LibWriter bad;
    codec_enc_create_tasklet(&bad.w, ISPD_FORM_BUILTIN, "q1", "x", 0);
    EXPECT_EQ(bad.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(bad.err.msg, "params line 1 (\"x\") has no '='");
}

TEST(Codec, Execute) {
    ispd_extent ext[] = {{42, 0, 4096}, {43, 8192, 1}};
    LibWriter w;
    codec_enc_execute(&w.w, 1000, 0, "limit=5", ext, 2);
    EXPECT_EQ(w.bytes(), Out()
                             .u64(1000)
                             .u64(0)
                             .params({{"limit", "5"}})
                             .u32(2)
                             .u64(42)
                             .u64(0)
                             .u64(4096)
                             .u64(43)
                             .u64(8192)
                             .u64(1)
                             .data());
}

TEST(Codec, ExecuteWithTooManyExtentsIsRefusedBeforeReadingThem) {
    ispd_extent one{1, 0, 1};
    LibWriter w;
    codec_enc_execute(&w.w, 1, 0, nullptr, &one, ISPD_MAX_EXTENTS + 1);
    EXPECT_EQ(w.err.status, ISPD_E_ARGUMENT);
    EXPECT_STREQ(w.err.msg, "65537 extents exceed ISPD_MAX_EXTENTS (65536)");
}

TEST(Codec, ExecuteWithTheMaximumExtents) {
    std::vector<ispd_extent> ext(ISPD_MAX_EXTENTS, ispd_extent{7, 8, 9});
    LibWriter w;
    codec_enc_execute(&w.w, 1, 2, nullptr, ext.data(), ISPD_MAX_EXTENTS);
    ASSERT_EQ(w.err.status, ISPD_OK);
    EXPECT_EQ(w.w.len, 8u + 8 + 2 + 4 + 24u * ISPD_MAX_EXTENTS);
}

// ---- responses ----

Bytes device_info_payload() {
    return Out()
        .str("drive0")
        .str("smartssd-2013")
        .u64(200000000000ull)
        .u32(8192)
        .u32(128)
        .u32(ISPD_MAX_IO)
        .u32(64)
        .params({{"tasklets", "noop,q1"}, {"cores", "2"}})
        .data();
}

Bytes poll_payload(const std::string &message) {
    return Out().u8(3).u8(0).u16(17).u32(250).u64(5).u64(10).u64(0).u64(99).u64(7).u64(88).u64(66).str(message).data();
}

TEST(Codec, DeviceInfo) {
    LibReader r(device_info_payload());
    ispd_device_info info;
    ASSERT_EQ(codec_dec_device_info(&r.r, &info), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(info.drive_name, "drive0");
    EXPECT_STREQ(info.profile_name, "smartssd-2013");
    EXPECT_EQ(info.capacity_bytes, 200000000000ull);
    EXPECT_EQ(info.page_size, 8192u);
    EXPECT_EQ(info.pages_per_batch, 128u);
    EXPECT_EQ(info.max_io, ISPD_MAX_IO);
    EXPECT_EQ(info.max_inflight, 64u);
    EXPECT_STREQ(info.capabilities, "tasklets=noop,q1\ncores=2\n");
}

TEST(Codec, DeviceLogLimitsComponents) {
    Out many;
    many.u64(1).u32(0).u32(0).u64(0).u64(0).u64(0).u64(0).u64(0).u16(ISPD_MAX_COMPONENTS + 1);
    LibReader r(many.data());
    ispd_device_log log;
    EXPECT_EQ(codec_dec_device_log(&r.r, &log), ISPD_E_PROTOCOL);
    EXPECT_STREQ(r.err.msg, "TEST response: 33 components, the client holds at most 32 (ISPD_MAX_COMPONENTS)");

    Out longname;
    longname.u64(1).u32(0).u32(0).u64(0).u64(0).u64(0).u64(0).u64(0).u16(1);
    longname.str(std::string(64, 'c')).u64(1).u64(2);
    LibReader r2(longname.data());
    EXPECT_EQ(codec_dec_device_log(&r2.r, &log), ISPD_E_PROTOCOL);
    EXPECT_STREQ(r2.err.msg, "TEST response: field component is 64 bytes, the client holds at most 63");
}

TEST(Codec, StatAndList) {
    LibReader stat(Out().u64(42).u64(100).u8(ISPD_KIND_DATA).data());
    ispd_object_stat s;
    ASSERT_EQ(codec_dec_stat(&stat.r, &s), ISPD_OK);
    EXPECT_EQ(s.id, 42u);
    EXPECT_EQ(s.size, 100u);
    EXPECT_EQ(s.kind, ISPD_KIND_DATA);

    LibReader list(Out().u32(2).u64(1).u64(10).u8(1).u64(2).u64(0).u8(2).u8(1).data());
    ispd_object_stat out[2];
    uint32_t count;
    int more;
    ASSERT_EQ(codec_dec_list(&list.r, out, 2, &count, &more), ISPD_OK);
    EXPECT_EQ(count, 2u);
    EXPECT_EQ(more, 1);
    EXPECT_EQ(out[1].id, 2u);
    EXPECT_EQ(out[1].kind, ISPD_KIND_TASKLET);
}

TEST(Codec, ListWithMoreEntriesThanAskedIsRefused) {
    LibReader list(Out().u32(3).data());
    ispd_object_stat out[2];
    uint32_t count = 99;
    int more = 99;
    EXPECT_EQ(codec_dec_list(&list.r, out, 2, &count, &more), ISPD_E_PROTOCOL);
    EXPECT_STREQ(list.err.msg, "TEST response: 3 entries, more than the 2 asked for");
    EXPECT_EQ(count, 0u);
}

TEST(Codec, PollAndError) {
    LibReader r(poll_payload("tasklet q1: record 7 is short"));
    ispd_poll_result p;
    ASSERT_EQ(codec_dec_poll(&r.r, &p), ISPD_OK) << r.err.msg;
    EXPECT_EQ(p.state, ISPD_EXEC_FAILED);
    EXPECT_EQ(p.error_status, ISPD_TASKLET_FAILED);
    EXPECT_EQ(p.suggested_poll_us, 250u);
    EXPECT_EQ(p.pages_done, 5u);
    EXPECT_EQ(p.pages_total, 10u);
    EXPECT_EQ(p.modeled_ns, 99u);
    EXPECT_EQ(p.modeled_energy_nj, 7u);
    EXPECT_EQ(p.service_ns, 88u);
    EXPECT_EQ(p.measured_ns, 66u);
    EXPECT_STREQ(p.error_message, "tasklet q1: record 7 is short");

    LibReader e(Out().str("object 99 does not exist").data());
    char msg[64];
    ASSERT_EQ(codec_dec_error(&e.r, msg, sizeof msg), ISPD_OK);
    EXPECT_STREQ(msg, "object 99 does not exist");
}

// Every proper prefix of a valid payload must fail cleanly (valgrind checks "cleanly").
void expect_every_truncation_refused(const Bytes &payload, const std::function<int(ispd_reader *)> &decode) {
    for (size_t n = 0; n < payload.size(); n++) {
        LibReader r(Bytes(payload.begin(), payload.begin() + n));
        EXPECT_EQ(decode(&r.r), ISPD_E_PROTOCOL) << "prefix of " << n << " bytes";
        EXPECT_NE(std::string(r.err.msg).find("TEST response: field "), std::string::npos) << r.err.msg;
    }
    LibReader longer(Out().bytes(payload).u8(0).data());
    EXPECT_EQ(decode(&longer.r), ISPD_E_PROTOCOL) << "one trailing byte";
}

TEST(Codec, TruncatedResponsesAreRefused) {
    ispd_device_info info;
    ispd_device_log log;
    ispd_poll_result poll;
    ispd_object_stat stat[2];
    uint32_t count;
    int more;
    char msg[64];
    expect_every_truncation_refused(device_info_payload(),
                                    [&](ispd_reader *r) { return codec_dec_device_info(r, &info); });
    expect_every_truncation_refused(
        Out().u64(1).u32(2).u32(3).u64(4).u64(5).u64(6).u64(7).u64(8).u16(1).str("flash").u64(9).u64(10).data(),
        [&](ispd_reader *r) { return codec_dec_device_log(r, &log); });
    expect_every_truncation_refused(poll_payload("failed"), [&](ispd_reader *r) { return codec_dec_poll(r, &poll); });
    expect_every_truncation_refused(Out().u64(1).u64(2).u8(1).data(),
                                    [&](ispd_reader *r) { return codec_dec_stat(r, stat); });
    expect_every_truncation_refused(Out().u32(1).u64(1).u64(2).u8(1).u8(0).data(), [&](ispd_reader *r) {
        return codec_dec_list(r, stat, 2, &count, &more);
    });
    expect_every_truncation_refused(Out().str("no").data(),
                                    [&](ispd_reader *r) { return codec_dec_error(r, msg, sizeof msg); });
}

} // namespace
