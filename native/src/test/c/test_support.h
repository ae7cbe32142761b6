// test_support.h - helpers for the C library's tests.
//
// Out/In are a second, independent little-endian codec written from docs/protocol.md, so the
// tests check the library against the spec rather than against itself. FakeDrive is a scripted
// peer on a real socket for the client's error handling (the real drive is tested from Java).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "ispd.h"
#include "wire.h"

using Bytes = std::vector<uint8_t>;
using Pairs = std::vector<std::pair<std::string, std::string>>;

class Out {
public:
    Out &u8(uint8_t v) { return put(v, 1); }
    Out &u16(uint16_t v) { return put(v, 2); }
    Out &u32(uint32_t v) { return put(v, 4); }
    Out &u64(uint64_t v) { return put(v, 8); }
    Out &bytes(const Bytes &b);
    Out &text(const std::string &s); // raw bytes, no length
    Out &str(const std::string &s);  // u16 length + bytes
    Out &params(const Pairs &p);
    const Bytes &data() const { return data_; }

private:
    Out &put(uint64_t v, int n);
    Bytes data_;
};

// Throws std::out_of_range when the bytes run out.
class In {
public:
    explicit In(const Bytes &b, size_t pos = 0) : b_(b), pos_(pos) {}
    uint8_t u8() { return static_cast<uint8_t>(get(1)); }
    uint16_t u16() { return static_cast<uint16_t>(get(2)); }
    uint32_t u32() { return static_cast<uint32_t>(get(4)); }
    uint64_t u64() { return get(8); }
    Bytes bytes(size_t n);
    std::string str();
    Pairs params();
    size_t remaining() const { return b_.size() - pos_; }

private:
    uint64_t get(int n);
    const Bytes &b_;
    size_t pos_;
};

// A frame as the spec lays it out, parsed without the library.
struct Frame {
    uint32_t magic = 0;
    uint8_t version = 0;
    uint8_t opcode = 0;
    uint16_t flags = 0;
    uint64_t request_id = 0;
    uint32_t payload_len = 0;
    uint16_t status = 0;
    Bytes all; // header + payload
    Bytes payload() const { return Bytes(all.begin() + ISPD_HEADER_SIZE, all.end()); }
};

Bytes make_frame(uint8_t opcode, uint16_t flags, uint64_t request_id, uint16_t status, const Bytes &payload);
Bytes make_response(uint8_t opcode, uint64_t request_id, const Bytes &payload);
Bytes make_error(uint8_t opcode, uint64_t request_id, uint16_t status, const std::string &message);
Frame parse_frame(const Bytes &all);

// Socket helpers for drive scripts. read_frame returns false at EOF.
bool read_frame(int fd, Frame *f);
void write_all(int fd, const Bytes &b);

// A peer that accepts one connection on a fresh unix socket (or TCP on 127.0.0.1) and runs the
// script on it, then closes it; or, given several scripts, accepts a connection for each in turn
// (a client that reconnects).
class FakeDrive {
public:
    using Script = std::function<void(int fd)>;
    explicit FakeDrive(Script script, bool tcp = false);
    explicit FakeDrive(std::vector<Script> scripts, bool tcp = false);
    ~FakeDrive();
    FakeDrive(const FakeDrive &) = delete;
    FakeDrive &operator=(const FakeDrive &) = delete;
    const std::string &address() const { return address_; }
    std::string dir() const { return dir_; }

private:
    std::string dir_;
    std::string address_;
    int listen_fd_ = -1;
    std::vector<int> conn_fds_;
    std::thread thread_;
};

struct ConnCloser {
    void operator()(ispd_conn *c) const { ispd_close(c); }
};
using ConnPtr = std::unique_ptr<ispd_conn, ConnCloser>;

// Connects, failing the test with the library's message if that does not work.
ConnPtr connect_to(const std::string &address);

// The library's own writer over a buffer of its own.
struct LibWriter {
    ispd_buf buf{};
    ispd_error err{};
    ispd_writer w{&buf, 0, &err};
    LibWriter() = default;
    LibWriter(const LibWriter &) = delete;
    LibWriter &operator=(const LibWriter &) = delete;
    ~LibWriter() { wire_buf_free(&buf); }
    Bytes bytes() const { return Bytes(buf.data, buf.data + w.len); }
};

// The library's reader over a copy of the given bytes; messages start "TEST response".
struct LibReader {
    Bytes data;
    ispd_error err{};
    ispd_reader r{};
    explicit LibReader(Bytes b) : data(std::move(b)) {
        wire_reader_init(&r, data.data(), data.size(), "TEST response", &err);
    }
    LibReader(const LibReader &) = delete;
    LibReader &operator=(const LibReader &) = delete;
};

// Whether text contains part; says which text when it does not.
::testing::AssertionResult contains(const std::string &text, const std::string &part);

// A file of docs/protocol/vectors; fails the test, naming the path, if it is missing.
bool read_vector(const std::string &name, Bytes *out);
