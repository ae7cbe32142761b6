// The protocol test vectors (docs/protocol/vectors.md): each file decodes to the documented
// fields and those fields encode back to the identical bytes. Requests are encoded by the
// library and decoded independently; responses the other way round. A missing file fails.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "codec.h"
#include "conn.h"
#include "test_support.h"

namespace {

// Fails naming the first differing byte, so a mismatch can be traced to a field.
void expect_same_bytes(const Bytes &actual, const Bytes &expected, const std::string &what) {
    size_t n = std::min(actual.size(), expected.size());
    for (size_t i = 0; i < n; i++) {
        if (actual[i] != expected[i]) {
            ADD_FAILURE() << what << ": first difference at byte " << i
                          << (i < ISPD_HEADER_SIZE ? " (header)" : " (payload offset " +
                                                                       std::to_string(i - ISPD_HEADER_SIZE) + ")")
                          << ": got 0x" << std::hex << int(actual[i]) << ", expected 0x" << int(expected[i]);
            return;
        }
    }
    EXPECT_EQ(actual.size(), expected.size()) << what << ": lengths differ";
}

// Loads a vector and checks its header against the documented fields.
bool load(const std::string &name, uint8_t opcode, bool response, uint64_t request_id, uint16_t status, Bytes *b) {
    if (!read_vector(name, b)) return false;
    if (b->size() < ISPD_HEADER_SIZE) {
        ADD_FAILURE() << name << " is " << b->size() << " bytes, shorter than a frame header";
        return false;
    }
    ispd_header h;
    EXPECT_EQ(ispd_header_decode(b->data(), &h), ISPD_OK) << name;
    EXPECT_EQ(h.opcode, opcode) << name;
    EXPECT_EQ(h.flags, response ? ISPD_FLAG_RESPONSE : 0) << name;
    EXPECT_EQ(h.request_id, request_id) << name;
    EXPECT_EQ(h.status, status) << name;
    EXPECT_EQ(h.payload_len, b->size() - ISPD_HEADER_SIZE) << name;
    EXPECT_EQ(h.identity, 0u) << name;
    EXPECT_EQ(Bytes(h.auth_tag, h.auth_tag + 32), Bytes(32, 0)) << name;
    return true;
}

Bytes payload_of(const Bytes &frame) { return Bytes(frame.begin() + ISPD_HEADER_SIZE, frame.end()); }

// A request frame as the library builds it: header and fixed fields, then the tail.
Bytes lib_request(uint8_t opcode, uint64_t request_id, const std::function<void(ispd_writer *)> &fields,
                  const Bytes &tail = {}) {
    LibWriter w;
    codec_frame_begin(&w.w);
    fields(&w.w);
    EXPECT_EQ(codec_frame_end(&w.w, opcode, request_id, static_cast<uint32_t>(tail.size())), ISPD_OK) << w.err.msg;
    Bytes out = w.bytes();
    out.insert(out.end(), tail.begin(), tail.end());
    return out;
}

// ---- the documented fields (docs/protocol/vectors.md) ----
const Bytes kHello = Out().text("hello, drive").data();
const ispd_extent kExtents[] = {{42, 0, 1048576}, {43, 8192, 16384}};

void expect_poll_07(const ispd_poll_result &p) {
    EXPECT_EQ(p.state, ISPD_EXEC_DONE);
    EXPECT_EQ(p.error_status, 0);
    EXPECT_EQ(p.suggested_poll_us, 0u);
    EXPECT_EQ(p.pages_done, 130u);
    EXPECT_EQ(p.pages_total, 130u);
    EXPECT_EQ(p.result_bytes, 72u);
    EXPECT_EQ(p.modeled_ns, 123456789u);
    EXPECT_EQ(p.modeled_energy_nj, 987654321u);
    EXPECT_EQ(p.service_ns, 123456789u);
    EXPECT_EQ(p.measured_ns, 45678901u);
    EXPECT_STREQ(p.error_message, "");
}

void expect_log_09(const ispd_device_log &l) {
    EXPECT_EQ(l.modeled_now_ns, 5000000000ull);
    EXPECT_EQ(l.queued, 1u);
    EXPECT_EQ(l.running, 2u);
    EXPECT_EQ(l.commands, 77u);
    EXPECT_EQ(l.bytes_written, 1073741824ull);
    EXPECT_EQ(l.bytes_to_host, 4096u);
    EXPECT_EQ(l.bytes_read_internal, 2147483648ull);
    EXPECT_EQ(l.energy_nj, 3500000000ull);
    ASSERT_EQ(l.n_components, 2u);
    EXPECT_STREQ(l.components[0].name, "flash");
    EXPECT_EQ(l.components[0].busy_ns, 2000000000ull);
    EXPECT_EQ(l.components[0].energy_nj, 1000000000ull);
    EXPECT_STREQ(l.components[1].name, "cores");
    EXPECT_EQ(l.components[1].busy_ns, 4000000000ull);
    EXPECT_EQ(l.components[1].energy_nj, 2500000000ull);
}

void expect_list_10(const ispd_object_stat *s, uint32_t count, int more) {
    ASSERT_EQ(count, 2u);
    EXPECT_EQ(s[0].id, 42u);
    EXPECT_EQ(s[0].size, 8192u);
    EXPECT_EQ(s[0].kind, ISPD_KIND_DATA);
    EXPECT_EQ(s[1].id, 1000u);
    EXPECT_EQ(s[1].size, 0u);
    EXPECT_EQ(s[1].kind, ISPD_KIND_TASKLET);
    EXPECT_EQ(more, 0);
}

void expect_info_11(const ispd_device_info &i) {
    EXPECT_STREQ(i.drive_name, "drive0");
    EXPECT_STREQ(i.profile_name, "smartssd-2013");
    EXPECT_EQ(i.capacity_bytes, 200000000000ull);
    EXPECT_EQ(i.page_size, 8192u);
    EXPECT_EQ(i.pages_per_batch, 128u);
    EXPECT_EQ(i.max_io, 8388608u);
    EXPECT_EQ(i.max_inflight, 64u);
    EXPECT_STREQ(i.capabilities, "tasklets=noop,q1\nlink.bandwidthBytesPerSec=300000000\n");
}

// A request without fields (DEVICE_INFO, DEVICE_LOG).
void expect_empty_request(const std::string &file, uint8_t opcode, uint64_t request_id) {
    Bytes v;
    if (!load(file, opcode, false, request_id, 0, &v)) return;
    EXPECT_EQ(payload_of(v).size(), 0u) << file;
    expect_same_bytes(lib_request(opcode, request_id, [](ispd_writer *) {}), v, file);
}

// A request that is one u64 (CREATE_OBJECT, STAT_OBJECT, DELETE_OBJECT, POLL, CANCEL, RELEASE).
void expect_id_request(const std::string &file, uint8_t opcode, uint64_t request_id, uint64_t id) {
    Bytes v;
    if (!load(file, opcode, false, request_id, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u64(), id) << file;
    EXPECT_EQ(in.remaining(), 0u) << file;
    expect_same_bytes(lib_request(opcode, request_id, [id](ispd_writer *w) { codec_enc_id(w, id); }), v, file);
}

// A request of u64 id, u64 offset, u32 length (READ_OBJECT, READ_RESULT).
void expect_range_request(const std::string &file, uint8_t opcode, uint64_t request_id, uint64_t id, uint64_t offset,
                          uint32_t length) {
    Bytes v;
    if (!load(file, opcode, false, request_id, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u64(), id) << file;
    EXPECT_EQ(in.u64(), offset) << file;
    EXPECT_EQ(in.u32(), length) << file;
    EXPECT_EQ(in.remaining(), 0u) << file;
    expect_same_bytes(
        lib_request(opcode, request_id, [=](ispd_writer *w) { codec_enc_range(w, id, offset, length); }), v, file);
}

// A response that is one u64 (CREATE_OBJECT, WRITE_OBJECT, CREATE_TASKLET, EXECUTE), read as the library does.
void expect_u64_response(const std::string &file, uint8_t opcode, uint64_t request_id, uint64_t value) {
    Bytes v;
    if (!load(file, opcode, true, request_id, 0, &v)) return;
    LibReader r(payload_of(v));
    EXPECT_EQ(wire_get_u64(&r.r, "value"), value) << file;
    EXPECT_EQ(wire_get_end(&r.r), ISPD_OK) << r.err.msg;
    expect_same_bytes(make_response(opcode, request_id, Out().u64(value).data()), v, file);
}

// A response without fields (DELETE_OBJECT, RELEASE).
void expect_empty_response(const std::string &file, uint8_t opcode, uint64_t request_id) {
    Bytes v;
    if (!load(file, opcode, true, request_id, 0, &v)) return;
    EXPECT_EQ(payload_of(v).size(), 0u) << file;
    expect_same_bytes(make_response(opcode, request_id, {}), v, file);
}

const Bytes kResultChunk = {1, 2, 3, 4, 5, 6, 7, 8};

// ---- one test per vector ----

TEST(Vectors, DeviceInfoRequest01) { expect_empty_request("01_device_info_request.bin", ISPD_OP_DEVICE_INFO, 1); }

TEST(Vectors, CreateObjectRequest02) {
    expect_id_request("02_create_object_request.bin", ISPD_OP_CREATE_OBJECT, 2, 0);
}

TEST(Vectors, WriteObjectRequest03) {
    Bytes v;
    if (!load("03_write_object_request.bin", ISPD_OP_WRITE_OBJECT, false, 3, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u64(), 42u);
    EXPECT_EQ(in.u64(), 8192u);
    EXPECT_EQ(in.u32(), 12u);
    EXPECT_EQ(in.bytes(in.remaining()), kHello);
    expect_same_bytes(
        lib_request(ISPD_OP_WRITE_OBJECT, 3, [](ispd_writer *w) { codec_enc_range(w, 42, 8192, 12); }, kHello), v,
        "03 encoded");
}

TEST(Vectors, ReadObjectResponse04) {
    Bytes v;
    if (!load("04_read_object_response.bin", ISPD_OP_READ_OBJECT, true, 4, 0, &v)) return;
    LibReader r(payload_of(v));
    EXPECT_EQ(wire_get_u32(&r.r, "length"), 4u);
    EXPECT_EQ(wire_get_u32(&r.r, "crc32c"), 0xF1DC778Eu);
    ASSERT_EQ(r.err.status, ISPD_OK) << r.err.msg;
    const Bytes data = {0xDE, 0xAD, 0xBE, 0xEF};
    EXPECT_EQ(Bytes(r.data.begin() + 8, r.data.end()), data);
    EXPECT_EQ(ispd_crc32c(data.data(), data.size()), 0xF1DC778Eu);
    Bytes again = make_response(ISPD_OP_READ_OBJECT, 4, Out().u32(4).u32(0xF1DC778Eu).bytes(data).data());
    expect_same_bytes(again, v, "04 encoded");
}

TEST(Vectors, CreateTaskletRequest05) {
    Bytes v;
    if (!load("05_create_tasklet_request.bin", ISPD_OP_CREATE_TASKLET, false, 5, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u8(), ISPD_FORM_BUILTIN);
    EXPECT_EQ(in.str(), "q1");
    EXPECT_EQ(in.params(), (Pairs{{"entrySize", "256"}}));
    EXPECT_EQ(in.u32(), 0u);
    EXPECT_EQ(in.remaining(), 0u);
    expect_same_bytes(lib_request(ISPD_OP_CREATE_TASKLET, 5,
                                  [](ispd_writer *w) {
                                      codec_enc_create_tasklet(w, ISPD_FORM_BUILTIN, "q1", "entrySize=256", 0);
                                  }),
                      v, "05 encoded");
}

TEST(Vectors, ExecuteRequest06) {
    Bytes v;
    if (!load("06_execute_request.bin", ISPD_OP_EXECUTE, false, 6, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u64(), 1000u);
    EXPECT_EQ(in.u64(), 1001u);
    EXPECT_EQ(in.params(), Pairs{});
    ASSERT_EQ(in.u32(), 2u);
    for (const ispd_extent &e : kExtents) {
        EXPECT_EQ(in.u64(), e.object_id);
        EXPECT_EQ(in.u64(), e.offset);
        EXPECT_EQ(in.u64(), e.length);
    }
    EXPECT_EQ(in.remaining(), 0u);
    expect_same_bytes(
        lib_request(ISPD_OP_EXECUTE, 6,
                    [](ispd_writer *w) { codec_enc_execute(w, 1000, 1001, nullptr, kExtents, 2); }),
        v, "06 encoded");
}

TEST(Vectors, PollResponse07) {
    Bytes v;
    if (!load("07_poll_response.bin", ISPD_OP_POLL, true, 7, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_poll_result p;
    ASSERT_EQ(codec_dec_poll(&r.r, &p), ISPD_OK) << r.err.msg;
    expect_poll_07(p);
    Bytes again = make_response(
        ISPD_OP_POLL, 7,
        Out().u8(2).u8(0).u16(0).u32(0).u64(130).u64(130).u64(72).u64(123456789).u64(987654321).u64(123456789)
            .u64(45678901).str("")
            .data());
    expect_same_bytes(again, v, "07 encoded");
}

// A POLL response vector: it decodes to `want`, and `want` encodes to its bytes.
void expect_poll_vector(const char *file, uint64_t request_id, const ispd_poll_result &want) {
    Bytes v;
    if (!load(file, ISPD_OP_POLL, true, request_id, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_poll_result p;
    ASSERT_EQ(codec_dec_poll(&r.r, &p), ISPD_OK) << r.err.msg;
    EXPECT_EQ(std::make_tuple(p.state, p.error_status, p.suggested_poll_us, p.pages_done, p.pages_total,
                              p.result_bytes, p.modeled_ns, p.modeled_energy_nj, p.service_ns, p.measured_ns),
              std::make_tuple(want.state, want.error_status, want.suggested_poll_us, want.pages_done,
                              want.pages_total, want.result_bytes, want.modeled_ns, want.modeled_energy_nj,
                              want.service_ns, want.measured_ns));
    EXPECT_STREQ(p.error_message, want.error_message);
    Out fields;
    fields.u8(want.state).u8(0).u16(want.error_status).u32(want.suggested_poll_us).u64(want.pages_done);
    fields.u64(want.pages_total).u64(want.result_bytes).u64(want.modeled_ns).u64(want.modeled_energy_nj);
    fields.u64(want.service_ns).u64(want.measured_ns).str(want.error_message);
    expect_same_bytes(make_response(ISPD_OP_POLL, request_id, fields.data()), v, file);
}

// An execution that waited behind other work: its service time is below its modeled time.
TEST(Vectors, PollWaitedResponse44) {
    expect_poll_vector("44_poll_waited_response.bin", 44,
                       {ISPD_EXEC_DONE, 0, 0, 130, 130, 72, 250000000, 987654321, 123456789, 98765432, ""});
}

// A failed execution: service_ns covers the pages scanned and comes before the message.
TEST(Vectors, PollFailedResponse45) {
    expect_poll_vector("45_poll_failed_response.bin", 45,
                       {ISPD_EXEC_FAILED, ISPD_MEDIA_ERROR, 0, 64, 130, 0, 70000000, 400000000, 60000000, 20000000,
                        "reading the extents of execution 5 failed: object 42 page at offset 524288 fails its "
                        "checksum"});
}

TEST(Vectors, ErrorResponse08) {
    Bytes v;
    if (!load("08_error_response.bin", ISPD_OP_READ_OBJECT, true, 8, ISPD_NO_SUCH_OBJECT, &v)) return;
    LibReader r(payload_of(v));
    char msg[ISPD_MAX_STRING + 1];
    ASSERT_EQ(codec_dec_error(&r.r, msg, sizeof msg), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(msg, "object 99 does not exist");
    expect_same_bytes(make_error(ISPD_OP_READ_OBJECT, 8, ISPD_NO_SUCH_OBJECT, "object 99 does not exist"), v,
                      "08 encoded");
}

TEST(Vectors, DeviceLogResponse09) {
    Bytes v;
    if (!load("09_device_log_response.bin", ISPD_OP_DEVICE_LOG, true, 9, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_device_log l;
    ASSERT_EQ(codec_dec_device_log(&r.r, &l), ISPD_OK) << r.err.msg;
    expect_log_09(l);
    Out o;
    o.u64(5000000000ull).u32(1).u32(2).u64(77).u64(1073741824ull).u64(4096).u64(2147483648ull).u64(3500000000ull);
    o.u16(2).str("flash").u64(2000000000ull).u64(1000000000ull).str("cores").u64(4000000000ull).u64(2500000000ull);
    expect_same_bytes(make_response(ISPD_OP_DEVICE_LOG, 9, o.data()), v, "09 encoded");
}

TEST(Vectors, ListObjectsResponse10) {
    Bytes v;
    if (!load("10_list_objects_response.bin", ISPD_OP_LIST_OBJECTS, true, 10, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_object_stat s[4];
    uint32_t count;
    int more;
    ASSERT_EQ(codec_dec_list(&r.r, s, 4, &count, &more), ISPD_OK) << r.err.msg;
    expect_list_10(s, count, more);
    Bytes again = make_response(ISPD_OP_LIST_OBJECTS, 10,
                                Out().u32(2).u64(42).u64(8192).u8(1).u64(1000).u64(0).u8(2).u8(0).data());
    expect_same_bytes(again, v, "10 encoded");
}

TEST(Vectors, DeviceInfoResponse11) {
    Bytes v;
    if (!load("11_device_info_response.bin", ISPD_OP_DEVICE_INFO, true, 11, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_device_info i;
    ASSERT_EQ(codec_dec_device_info(&r.r, &i), ISPD_OK) << r.err.msg;
    expect_info_11(i);
    Bytes again = make_response(ISPD_OP_DEVICE_INFO, 11,
                                Out()
                                    .str("drive0")
                                    .str("smartssd-2013")
                                    .u64(200000000000ull)
                                    .u32(8192)
                                    .u32(128)
                                    .u32(8388608)
                                    .u32(64)
                                    .params({{"tasklets", "noop,q1"}, {"link.bandwidthBytesPerSec", "300000000"}})
                                    .data());
    expect_same_bytes(again, v, "11 encoded");
}

TEST(Vectors, DeviceLogRequest12) { expect_empty_request("12_device_log_request.bin", ISPD_OP_DEVICE_LOG, 12); }

TEST(Vectors, CreateObjectResponse13) {
    expect_u64_response("13_create_object_response.bin", ISPD_OP_CREATE_OBJECT, 13, 77);
}

TEST(Vectors, WriteObjectResponse14) {
    expect_u64_response("14_write_object_response.bin", ISPD_OP_WRITE_OBJECT, 14, 8204);
}

TEST(Vectors, ReadObjectRequest15) {
    expect_range_request("15_read_object_request.bin", ISPD_OP_READ_OBJECT, 15, 42, 4096, 4);
}

TEST(Vectors, StatObjectRequest16) { expect_id_request("16_stat_object_request.bin", ISPD_OP_STAT_OBJECT, 16, 42); }

TEST(Vectors, StatObjectResponse17) {
    Bytes v;
    if (!load("17_stat_object_response.bin", ISPD_OP_STAT_OBJECT, true, 17, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_object_stat s;
    ASSERT_EQ(codec_dec_stat(&r.r, &s), ISPD_OK) << r.err.msg;
    EXPECT_EQ(s.id, 42u);
    EXPECT_EQ(s.size, 8192u);
    EXPECT_EQ(s.kind, ISPD_KIND_DATA);
    expect_same_bytes(make_response(ISPD_OP_STAT_OBJECT, 17, Out().u64(42).u64(8192).u8(1).data()), v, "17 encoded");
}

TEST(Vectors, ListObjectsRequest18) {
    Bytes v;
    if (!load("18_list_objects_request.bin", ISPD_OP_LIST_OBJECTS, false, 18, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.u64(), 0u);
    EXPECT_EQ(in.u32(), 16u);
    EXPECT_EQ(in.remaining(), 0u);
    expect_same_bytes(lib_request(ISPD_OP_LIST_OBJECTS, 18, [](ispd_writer *w) { codec_enc_list(w, 0, 16); }), v,
                      "18 encoded");
}

TEST(Vectors, DeleteObjectRequest19) {
    expect_id_request("19_delete_object_request.bin", ISPD_OP_DELETE_OBJECT, 19, 43);
}

TEST(Vectors, DeleteObjectResponse20) {
    expect_empty_response("20_delete_object_response.bin", ISPD_OP_DELETE_OBJECT, 20);
}

TEST(Vectors, CreateTaskletResponse21) {
    expect_u64_response("21_create_tasklet_response.bin", ISPD_OP_CREATE_TASKLET, 21, 1000);
}

TEST(Vectors, ExecuteResponse22) { expect_u64_response("22_execute_response.bin", ISPD_OP_EXECUTE, 22, 5); }

TEST(Vectors, PollRequest23) { expect_id_request("23_poll_request.bin", ISPD_OP_POLL, 23, 5); }

TEST(Vectors, ReadResultRequest24) {
    expect_range_request("24_read_result_request.bin", ISPD_OP_READ_RESULT, 24, 5, 0, 72);
}

TEST(Vectors, ReadResultResponse25) {
    Bytes v;
    if (!load("25_read_result_response.bin", ISPD_OP_READ_RESULT, true, 25, 0, &v)) return;
    LibReader r(payload_of(v));
    EXPECT_EQ(wire_get_u64(&r.r, "total_length"), 72u);
    EXPECT_EQ(wire_get_u32(&r.r, "length"), 8u);
    ASSERT_EQ(r.err.status, ISPD_OK) << r.err.msg;
    EXPECT_EQ(Bytes(r.data.begin() + 12, r.data.end()), kResultChunk);
    expect_same_bytes(make_response(ISPD_OP_READ_RESULT, 25, Out().u64(72).u32(8).bytes(kResultChunk).data()), v,
                      "25 encoded");
}

TEST(Vectors, CancelRequest26) { expect_id_request("26_cancel_request.bin", ISPD_OP_CANCEL, 26, 5); }

TEST(Vectors, CancelResponse27) {
    Bytes v;
    if (!load("27_cancel_response.bin", ISPD_OP_CANCEL, true, 27, 0, &v)) return;
    LibReader r(payload_of(v));
    EXPECT_EQ(wire_get_u8(&r.r, "state"), ISPD_EXEC_CANCELLED);
    EXPECT_EQ(wire_get_end(&r.r), ISPD_OK) << r.err.msg;
    expect_same_bytes(make_response(ISPD_OP_CANCEL, 27, Out().u8(ISPD_EXEC_CANCELLED).data()), v, "27 encoded");
}

TEST(Vectors, ReleaseRequest28) { expect_id_request("28_release_request.bin", ISPD_OP_RELEASE, 28, 5); }

TEST(Vectors, ReleaseResponse29) { expect_empty_response("29_release_response.bin", ISPD_OP_RELEASE, 29); }

TEST(Vectors, ScrubRequest30) { expect_id_request("30_scrub_request.bin", ISPD_OP_SCRUB, 30, 0); }

const char kDamage31[] = "object 42, page at offset 4096: its 4096 bytes fail their CRC32C";

void expect_scrub_31(const ispd_scrub_result &s) {
    EXPECT_EQ(s.objects_checked, 3u);
    EXPECT_EQ(s.bytes_checked, 12288u);
    EXPECT_EQ(s.media_errors, 2u);
    EXPECT_EQ(s.damaged, 1u);
    ASSERT_EQ(s.n_listed, 1u);
    EXPECT_EQ(s.listed[0].object_id, 42u);
    EXPECT_EQ(s.listed[0].offset, 4096u);
    EXPECT_STREQ(s.listed[0].message, kDamage31);
}

TEST(Vectors, ScrubResponse31) {
    Bytes v;
    if (!load("31_scrub_response.bin", ISPD_OP_SCRUB, true, 31, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_scrub_result s;
    ASSERT_EQ(codec_dec_scrub(&r.r, &s), ISPD_OK) << r.err.msg;
    expect_scrub_31(s);
    Bytes again = make_response(ISPD_OP_SCRUB, 31,
                                Out().u64(3).u64(12288).u64(2).u32(1).u32(1).u64(42).u64(4096).str(kDamage31).data());
    expect_same_bytes(again, v, "31 encoded");
}

// ---- the module commands (32..38) ----
const Bytes kEmptyModule = {0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00};
const Bytes kEmptyModuleSha = {0x93, 0xa4, 0x4b, 0xbb, 0x96, 0xc7, 0x51, 0x21, 0x8e, 0x4c, 0x00,
                               0xd4, 0x79, 0xe4, 0xc1, 0x43, 0x58, 0x12, 0x2a, 0x38, 0x9a, 0xcc,
                               0xa1, 0x62, 0x05, 0xb1, 0xe4, 0xd0, 0xdc, 0x5f, 0x94, 0x76};
Bytes counting_sha() {
    Bytes b(32);
    for (int i = 0; i < 32; i++) b[i] = static_cast<uint8_t>(i);
    return b;
}
const char kDisabled[] = "this drive's admin has turned user tasklet modules off (--modules off)";

TEST(Vectors, LoadModuleRequest32) {
    Bytes v;
    if (!load("32_load_module_request.bin", ISPD_OP_LOAD_MODULE, false, 32, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.str(), "count");
    EXPECT_EQ(in.u32(), 1u);
    EXPECT_EQ(in.u64(), 8u);
    EXPECT_EQ(in.bytes(32), kEmptyModuleSha);
    EXPECT_EQ(in.u64(), 0u);
    EXPECT_EQ(in.u32(), 8u);
    EXPECT_EQ(in.bytes(in.remaining()), kEmptyModule);
    expect_same_bytes(lib_request(ISPD_OP_LOAD_MODULE, 32,
                                  [](ispd_writer *w) {
                                      codec_enc_load_module(w, "count", 1, 8, kEmptyModuleSha.data(), 0, 8);
                                  },
                                  kEmptyModule),
                      v, "32 encoded");
}

TEST(Vectors, LoadModuleResponse33) {
    Bytes v;
    if (!load("33_load_module_response.bin", ISPD_OP_LOAD_MODULE, true, 33, 0, &v)) return;
    LibReader r(payload_of(v));
    uint64_t received = 0;
    int loaded = 0;
    ASSERT_EQ(codec_dec_load_module(&r.r, &received, &loaded), ISPD_OK) << r.err.msg;
    EXPECT_EQ(received, 8u);
    EXPECT_EQ(loaded, 1);
    expect_same_bytes(make_response(ISPD_OP_LOAD_MODULE, 33, Out().u64(8).u8(1).data()), v, "33 encoded");
}

TEST(Vectors, ListModulesRequest34) {
    expect_empty_request("34_list_modules_request.bin", ISPD_OP_LIST_MODULES, 34);
}

void expect_modules_35(const ispd_module_info *m, uint32_t count) {
    ASSERT_EQ(count, 1u);
    EXPECT_STREQ(m[0].name, "q1");
    EXPECT_EQ(m[0].version, 2u);
    EXPECT_EQ(m[0].size, 1234u);
    EXPECT_EQ(Bytes(m[0].sha256, m[0].sha256 + 32), counting_sha());
}

TEST(Vectors, ListModulesResponse35) {
    Bytes v;
    if (!load("35_list_modules_response.bin", ISPD_OP_LIST_MODULES, true, 35, 0, &v)) return;
    LibReader r(payload_of(v));
    ispd_module_info m[2];
    uint32_t count = 0;
    ASSERT_EQ(codec_dec_list_modules(&r.r, m, 2, &count), ISPD_OK) << r.err.msg;
    expect_modules_35(m, count);
    Bytes again = make_response(ISPD_OP_LIST_MODULES, 35,
                                Out().u16(1).str("q1").u32(2).u64(1234).bytes(counting_sha()).data());
    expect_same_bytes(again, v, "35 encoded");
}

TEST(Vectors, UnloadModuleRequest36) {
    Bytes v;
    if (!load("36_unload_module_request.bin", ISPD_OP_UNLOAD_MODULE, false, 36, 0, &v)) return;
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.str(), "q1");
    EXPECT_EQ(in.u32(), 2u);
    EXPECT_EQ(in.remaining(), 0u);
    expect_same_bytes(lib_request(ISPD_OP_UNLOAD_MODULE, 36, [](ispd_writer *w) { codec_enc_module(w, "q1", 2); }),
                      v, "36 encoded");
}

TEST(Vectors, UnloadModuleResponse37) {
    expect_empty_response("37_unload_module_response.bin", ISPD_OP_UNLOAD_MODULE, 37);
}

TEST(Vectors, ModulesDisabledResponse38) {
    Bytes v;
    if (!load("38_modules_disabled_response.bin", ISPD_OP_LOAD_MODULE, true, 38, ISPD_MODULES_DISABLED, &v)) return;
    LibReader r(payload_of(v));
    char msg[ISPD_MAX_STRING + 1];
    ASSERT_EQ(codec_dec_error(&r.r, msg, sizeof msg), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(msg, kDisabled);
    expect_same_bytes(make_error(ISPD_OP_LOAD_MODULE, 38, ISPD_MODULES_DISABLED, kDisabled), v, "38 encoded");
}

// ---- a module refused at load (42, 43) ----
// One import, WASI's fd_write of type (i32, i32, i32, i32) -> i32, which the tasklet ABI forbids.
Bytes wasi_module() {
    Bytes b = {0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x09, 0x01, 0x60, 0x04, 0x7f,
               0x7f, 0x7f, 0x7f, 0x01, 0x7f, 0x02, 0x23, 0x01, 0x16};
    for (char c : std::string("wasi_snapshot_preview1")) b.push_back(static_cast<uint8_t>(c));
    b.push_back(0x08);
    for (char c : std::string("fd_write")) b.push_back(static_cast<uint8_t>(c));
    b.push_back(0x00);
    b.push_back(0x00);
    return b;
}
const Bytes kWasiModuleSha = {0x2f, 0x89, 0x21, 0x92, 0x3f, 0x7c, 0x1a, 0x44, 0xf9, 0x58, 0x90,
                              0x7a, 0x92, 0xf9, 0x81, 0xed, 0x9c, 0x76, 0xd3, 0x8c, 0x1e, 0x4d,
                              0x54, 0xd0, 0xb7, 0x8e, 0x7d, 0xb8, 0xdc, 0xeb, 0x10, 0xca};
const char kRefused[] = "module wasi@1 refused: import wasi_snapshot_preview1.fd_write is not allowed: a tasklet "
                        "module may import only ispd.emit, ispd.param, ispd.progress (no WASI)";

TEST(Vectors, LoadRefusedModuleRequest42) {
    Bytes v;
    if (!load("42_load_refused_module_request.bin", ISPD_OP_LOAD_MODULE, false, 42, 0, &v)) return;
    Bytes module = wasi_module();
    ASSERT_EQ(module.size(), 56u);
    Bytes p = payload_of(v);
    In in(p);
    EXPECT_EQ(in.str(), "wasi");
    EXPECT_EQ(in.u32(), 1u);
    EXPECT_EQ(in.u64(), 56u);
    EXPECT_EQ(in.bytes(32), kWasiModuleSha);
    EXPECT_EQ(in.u64(), 0u);
    EXPECT_EQ(in.u32(), 56u);
    EXPECT_EQ(in.bytes(in.remaining()), module);
    expect_same_bytes(lib_request(ISPD_OP_LOAD_MODULE, 42,
                                  [](ispd_writer *w) {
                                      codec_enc_load_module(w, "wasi", 1, 56, kWasiModuleSha.data(), 0, 56);
                                  },
                                  module),
                      v, "42 encoded");
}

TEST(Vectors, ModuleRefusedResponse43) {
    Bytes v;
    if (!load("43_module_refused_response.bin", ISPD_OP_LOAD_MODULE, true, 43, ISPD_MODULE_REFUSED, &v)) return;
    LibReader r(payload_of(v));
    char msg[ISPD_MAX_STRING + 1];
    ASSERT_EQ(codec_dec_error(&r.r, msg, sizeof msg), ISPD_OK) << r.err.msg;
    EXPECT_STREQ(msg, kRefused);
    EXPECT_STREQ(ispd_status_name(ISPD_MODULE_REFUSED), "MODULE_REFUSED");
    expect_same_bytes(make_error(ISPD_OP_LOAD_MODULE, 43, ISPD_MODULE_REFUSED, kRefused), v, "43 encoded");
}

// The client sends vector 42 and answers MODULE_REFUSED with the drive's message (vector 43).
TEST(Vectors, OneClientSessionSpeaksTheRefusedModuleVectors) {
    Bytes request, refused;
    if (!read_vector("42_load_refused_module_request.bin", &request) ||
        !read_vector("43_module_refused_response.bin", &refused))
        return;
    FakeDrive drive([&](int fd) {
        Frame f;
        ASSERT_TRUE(read_frame(fd, &f)) << "request 42";
        expect_same_bytes(f.all, request, "request sent for 42_load_refused_module_request.bin");
        write_all(fd, make_error(ISPD_OP_LOAD_MODULE, 42, ISPD_MODULE_REFUSED, kRefused));
        ASSERT_TRUE(read_frame(fd, &f)) << "request 43";
        write_all(fd, refused);
    });
    ConnPtr c = connect_to(drive.address());
    ASSERT_TRUE(c);
    ispd_conn *conn = c.get();
    conn->last_request_id = 41;
    Bytes module = wasi_module();
    for (int i = 0; i < 2; i++) {
        EXPECT_EQ(ispd_load_module(conn, "wasi", 1, kWasiModuleSha.data(), module.data(), module.size()),
                  ISPD_MODULE_REFUSED);
        EXPECT_STREQ(ispd_last_error(conn), kRefused);
    }
}

// Every opcode the library knows (codec_op_name; the Java tests check the header's list against
// dev.ispd.protocol) has a request vector and a successful response vector.
TEST(Vectors, EveryOpcodeHasARequestAndAResponseVector) {
    std::set<std::string> covered;
    for (const auto &entry : std::filesystem::directory_iterator(ISPD_VECTORS_DIR)) {
        if (entry.path().extension() != ".bin") continue;
        Bytes b;
        if (!read_vector(entry.path().filename().string(), &b) || b.size() < ISPD_HEADER_SIZE) continue;
        ispd_header h;
        ispd_header_decode(b.data(), &h);
        if (h.status == ISPD_OK)
            covered.insert(std::string(codec_op_name(h.opcode)) +
                           (h.flags & ISPD_FLAG_RESPONSE ? " response" : " request"));
    }
    for (int op = 0; op < 256; op++) {
        std::string name = codec_op_name(static_cast<uint8_t>(op));
        if (name == "UNKNOWN") continue;
        EXPECT_TRUE(covered.count(name + " request")) << name << " has no request vector in " << ISPD_VECTORS_DIR;
        EXPECT_TRUE(covered.count(name + " response")) << name << " has no response vector in " << ISPD_VECTORS_DIR;
    }
}

// ---- all of them in one session: request ids 1..31 are exactly the vectors' ----

const char *const kFiles[] = {
    "01_device_info_request.bin",     "02_create_object_request.bin",   "03_write_object_request.bin",
    "04_read_object_response.bin",    "05_create_tasklet_request.bin",  "06_execute_request.bin",
    "07_poll_response.bin",           "08_error_response.bin",          "09_device_log_response.bin",
    "10_list_objects_response.bin",   "11_device_info_response.bin",    "12_device_log_request.bin",
    "13_create_object_response.bin",  "14_write_object_response.bin",   "15_read_object_request.bin",
    "16_stat_object_request.bin",     "17_stat_object_response.bin",    "18_list_objects_request.bin",
    "19_delete_object_request.bin",   "20_delete_object_response.bin",  "21_create_tasklet_response.bin",
    "22_execute_response.bin",        "23_poll_request.bin",            "24_read_result_request.bin",
    "25_read_result_response.bin",    "26_cancel_request.bin",          "27_cancel_response.bin",
    "28_release_request.bin",         "29_release_response.bin",        "30_scrub_request.bin",
    "31_scrub_response.bin"};
constexpr int kVectorCount = sizeof kFiles / sizeof kFiles[0];

// What the fake drive answers to the request vectors, by request id; response vectors it sends as they are.
std::vector<Bytes> answers_to_requests() {
    std::vector<Bytes> a(kVectorCount + 1);
    a[1] = make_response(ISPD_OP_DEVICE_INFO, 1,
                         Out().str("fake").str("p").u64(1).u32(8192).u32(1).u32(4096).u32(1).u16(0).data());
    a[2] = make_response(ISPD_OP_CREATE_OBJECT, 2, Out().u64(77).data());
    a[3] = make_response(ISPD_OP_WRITE_OBJECT, 3, Out().u64(8204).data());
    a[5] = make_response(ISPD_OP_CREATE_TASKLET, 5, Out().u64(1000).data());
    a[6] = make_response(ISPD_OP_EXECUTE, 6, Out().u64(5).data());
    a[12] = make_response(ISPD_OP_DEVICE_LOG, 12,
                          Out().u64(1).u32(0).u32(0).u64(0).u64(0).u64(0).u64(0).u64(0).u16(0).data());
    const Bytes cafebabe = {0xCA, 0xFE, 0xBA, 0xBE};
    a[15] = make_response(ISPD_OP_READ_OBJECT, 15,
                          Out().u32(4).u32(ispd_crc32c(cafebabe.data(), 4)).bytes(cafebabe).data());
    a[16] = make_response(ISPD_OP_STAT_OBJECT, 16, Out().u64(42).u64(1).u8(1).data());
    a[18] = make_response(ISPD_OP_LIST_OBJECTS, 18, Out().u32(0).u8(0).data());
    a[19] = make_response(ISPD_OP_DELETE_OBJECT, 19, {});
    a[23] = make_response(
        ISPD_OP_POLL, 23, Out().u8(1).u8(0).u16(0).u32(100).u64(1).u64(2).u64(0).u64(0).u64(0).u64(0).u64(0).str("").data());
    a[24] = make_response(ISPD_OP_READ_RESULT, 24, Out().u64(8).u32(8).bytes(kResultChunk).data());
    a[26] = make_response(ISPD_OP_CANCEL, 26, Out().u8(ISPD_EXEC_DONE).data());
    a[28] = make_response(ISPD_OP_RELEASE, 28, {});
    a[30] = make_response(ISPD_OP_SCRUB, 30, Out().u64(0).u64(0).u64(0).u32(0).u32(0).data());
    return a;
}

TEST(Vectors, OneClientSessionSpeaksEveryVector) {
    std::vector<Bytes> vectors(kVectorCount + 1);
    for (int id = 1; id <= kVectorCount; id++)
        if (!read_vector(kFiles[id - 1], &vectors[id])) return;
    const std::vector<Bytes> answers = answers_to_requests();

    FakeDrive drive([&](int fd) {
        for (int id = 1; id <= kVectorCount; id++) {
            const char *file = kFiles[id - 1];
            Frame f;
            ASSERT_TRUE(read_frame(fd, &f)) << "request " << id;
            Frame v = parse_frame(vectors[id]);
            EXPECT_EQ(f.request_id, static_cast<uint64_t>(id));
            EXPECT_EQ(f.opcode, v.opcode) << file;
            if (answers[id].empty()) {
                write_all(fd, vectors[id]);
            } else {
                expect_same_bytes(f.all, vectors[id], std::string("request sent for ") + file);
                write_all(fd, answers[id]);
            }
        }
    });
    ConnPtr c = connect_to(drive.address());
    ASSERT_TRUE(c);
    ispd_conn *conn = c.get();
    ispd_device_info info;
    uint64_t id = 0, size = 0, tasklet = 0, exec = 0, total = 0;
    uint8_t buf[72];
    uint32_t len = 0;
    ispd_poll_result poll;
    ispd_device_log log;
    ispd_object_stat list[16], stat;
    uint32_t count = 0;
    int more = -1;
    uint8_t state = 0;

    // The calls the session makes twice: once for a request vector, once for the matching response.
    auto create_object = [&] {
        ASSERT_EQ(ispd_create_object(conn, 0, &id), ISPD_OK) << ispd_last_error(conn);
        EXPECT_EQ(id, 77u);
    };
    auto write_hello = [&] {
        ASSERT_EQ(ispd_write_object(conn, 42, 8192, "hello, drive", 12, &size), ISPD_OK) << ispd_last_error(conn);
        EXPECT_EQ(size, 8204u);
    };
    auto create_q1 = [&] {
        ASSERT_EQ(ispd_create_tasklet(conn, ISPD_FORM_BUILTIN, "q1", "entrySize=256", nullptr, 0, &tasklet), ISPD_OK)
            << ispd_last_error(conn);
        EXPECT_EQ(tasklet, 1000u);
    };
    auto execute_q1 = [&] {
        ASSERT_EQ(ispd_execute(conn, 1000, 1001, nullptr, kExtents, 2, &exec), ISPD_OK) << ispd_last_error(conn);
        EXPECT_EQ(exec, 5u);
    };

    // 1..11
    ASSERT_EQ(ispd_device_info_get(conn, &info), ISPD_OK) << ispd_last_error(conn);
    EXPECT_STREQ(info.drive_name, "fake");
    create_object();
    write_hello();
    ASSERT_EQ(ispd_read_object(conn, 42, 0, buf, 4), ISPD_OK) << ispd_last_error(conn);
    EXPECT_EQ(Bytes(buf, buf + 4), (Bytes{0xDE, 0xAD, 0xBE, 0xEF}));
    create_q1();
    execute_q1();
    ASSERT_EQ(ispd_poll(conn, 5, &poll), ISPD_OK) << ispd_last_error(conn);
    expect_poll_07(poll);
    EXPECT_EQ(ispd_read_object(conn, 99, 0, buf, 4), ISPD_NO_SUCH_OBJECT);
    EXPECT_STREQ(ispd_last_error(conn), "object 99 does not exist");
    EXPECT_EQ(ispd_last_status(conn), ISPD_NO_SUCH_OBJECT);
    ASSERT_EQ(ispd_device_log_get(conn, &log), ISPD_OK) << ispd_last_error(conn);
    expect_log_09(log);
    ASSERT_EQ(ispd_list_objects(conn, 0, list, 16, &count, &more), ISPD_OK) << ispd_last_error(conn);
    expect_list_10(list, count, more);
    ASSERT_EQ(ispd_device_info_get(conn, &info), ISPD_OK) << ispd_last_error(conn);
    expect_info_11(info);

    // 12..29
    ASSERT_EQ(ispd_device_log_get(conn, &log), ISPD_OK) << ispd_last_error(conn);
    create_object();
    write_hello();
    ASSERT_EQ(ispd_read_object(conn, 42, 4096, buf, 4), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_stat_object(conn, 42, &stat), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_stat_object(conn, 42, &stat), ISPD_OK) << ispd_last_error(conn);
    EXPECT_EQ(stat.id, 42u);
    EXPECT_EQ(stat.size, 8192u);
    EXPECT_EQ(stat.kind, ISPD_KIND_DATA);
    ASSERT_EQ(ispd_list_objects(conn, 0, list, 16, &count, &more), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_delete_object(conn, 43), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_delete_object(conn, 43), ISPD_OK) << ispd_last_error(conn);
    create_q1();
    execute_q1();
    ASSERT_EQ(ispd_poll(conn, 5, &poll), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_read_result(conn, 5, 0, buf, 72, &len, &total), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_read_result(conn, 5, 0, buf, 8, &len, &total), ISPD_OK) << ispd_last_error(conn);
    EXPECT_EQ(len, 8u);
    EXPECT_EQ(total, 72u);
    EXPECT_EQ(Bytes(buf, buf + 8), kResultChunk);
    ASSERT_EQ(ispd_cancel(conn, 5, &state), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_cancel(conn, 5, &state), ISPD_OK) << ispd_last_error(conn);
    EXPECT_EQ(state, ISPD_EXEC_CANCELLED);
    ASSERT_EQ(ispd_release(conn, 5), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_release(conn, 5), ISPD_OK) << ispd_last_error(conn);
    ispd_scrub_result scrub;
    ASSERT_EQ(ispd_scrub(conn, 0, &scrub), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_scrub(conn, 0, &scrub), ISPD_OK) << ispd_last_error(conn);
    expect_scrub_31(scrub);
    EXPECT_STREQ(ispd_last_error(conn), "");
}

// ---- the module commands in one session: request ids 32..38 ----

TEST(Vectors, OneClientSessionSpeaksTheModuleVectors) {
    const char *const files[] = {"32_load_module_request.bin",   "33_load_module_response.bin",
                                 "34_list_modules_request.bin",  "35_list_modules_response.bin",
                                 "36_unload_module_request.bin", "37_unload_module_response.bin",
                                 "38_modules_disabled_response.bin"};
    std::vector<Bytes> vectors(7);
    for (int i = 0; i < 7; i++)
        if (!read_vector(files[i], &vectors[i])) return;
    std::vector<Bytes> answers(7);
    answers[0] = make_response(ISPD_OP_LOAD_MODULE, 32, Out().u64(8).u8(1).data());
    answers[2] = make_response(ISPD_OP_LIST_MODULES, 34, Out().u16(0).data());
    answers[4] = make_response(ISPD_OP_UNLOAD_MODULE, 36, {});

    FakeDrive drive([&](int fd) {
        for (int i = 0; i < 7; i++) {
            Frame f;
            ASSERT_TRUE(read_frame(fd, &f)) << "request " << 32 + i;
            EXPECT_EQ(f.request_id, static_cast<uint64_t>(32 + i));
            if (answers[i].empty()) {
                write_all(fd, vectors[i]);
            } else {
                expect_same_bytes(f.all, vectors[i], std::string("request sent for ") + files[i]);
                write_all(fd, answers[i]);
            }
        }
    });
    ConnPtr c = connect_to(drive.address());
    ASSERT_TRUE(c);
    ispd_conn *conn = c.get();
    conn->last_request_id = 31; // the module vectors carry ids 32..38, as if this session went on from the first
    ispd_module_info modules[ISPD_MAX_MODULES];
    uint32_t count = 0;
    uint64_t received = 0;
    int loaded = 0;
    ASSERT_EQ(ispd_load_module_chunk(conn, "count", 1, 8, kEmptyModuleSha.data(), 0, kEmptyModule.data(), 8,
                                     &received, &loaded),
              ISPD_OK)
        << ispd_last_error(conn);
    ASSERT_EQ(ispd_load_module(conn, "count", 1, kEmptyModuleSha.data(), kEmptyModule.data(), 8), ISPD_OK)
        << ispd_last_error(conn);
    ASSERT_EQ(ispd_list_modules(conn, modules, ISPD_MAX_MODULES, &count), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_list_modules(conn, modules, ISPD_MAX_MODULES, &count), ISPD_OK) << ispd_last_error(conn);
    expect_modules_35(modules, count);
    ASSERT_EQ(ispd_unload_module(conn, "q1", 2), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_unload_module(conn, "q1", 2), ISPD_OK) << ispd_last_error(conn);
    EXPECT_EQ(ispd_load_module(conn, "count", 1, kEmptyModuleSha.data(), kEmptyModule.data(), 8),
              ISPD_MODULES_DISABLED);
    EXPECT_STREQ(ispd_last_error(conn), kDisabled);
}

// ---- fault injection in one session: request ids 39..41 ----

TEST(Vectors, OneClientSessionSpeaksTheFaultVectors) {
    const char *const files[] = {"39_set_faults_request.bin", "40_set_faults_response.bin",
                                 "41_no_space_response.bin"};
    std::vector<Bytes> vectors(3);
    for (int i = 0; i < 3; i++)
        if (!read_vector(files[i], &vectors[i])) return;
    FakeDrive drive([&](int fd) {
        Frame f;
        ASSERT_TRUE(read_frame(fd, &f)) << "request 39";
        expect_same_bytes(f.all, vectors[0], "request sent for 39_set_faults_request.bin");
        write_all(fd, make_response(ISPD_OP_SET_FAULTS, 39, {}));
        ASSERT_TRUE(read_frame(fd, &f)) << "request 40";
        write_all(fd, vectors[1]);
        ASSERT_TRUE(read_frame(fd, &f)) << "request 41";
        EXPECT_EQ(f.opcode, ISPD_OP_WRITE_OBJECT);
        write_all(fd, vectors[2]);
    });
    ConnPtr c = connect_to(drive.address());
    ASSERT_TRUE(c);
    ispd_conn *conn = c.get();
    conn->last_request_id = 38;
    const char *plan = "{\"faults\":[{\"kind\":\"hang\",\"opcodes\":[\"EXECUTE\"],\"times\":1}]}";
    ASSERT_EQ(ispd_set_faults(conn, plan), ISPD_OK) << ispd_last_error(conn);
    ASSERT_EQ(ispd_set_faults(conn, NULL), ISPD_OK) << ispd_last_error(conn);
    const char data[8] = {0};
    EXPECT_EQ(ispd_write_object(conn, 42, 0, data, sizeof data, NULL), ISPD_NO_SPACE);
    EXPECT_STREQ(ispd_last_error(conn), "WRITE_OBJECT: the drive is full");
}

} // namespace
