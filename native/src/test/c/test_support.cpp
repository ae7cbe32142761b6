#include "test_support.h"

#include <gtest/gtest.h>

#include <arpa/inet.h>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <netinet/in.h>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

Out &Out::put(uint64_t v, int n) {
    for (int i = 0; i < n; i++) data_.push_back(static_cast<uint8_t>(v >> (8 * i)));
    return *this;
}

Out &Out::bytes(const Bytes &b) {
    data_.insert(data_.end(), b.begin(), b.end());
    return *this;
}

Out &Out::text(const std::string &s) {
    data_.insert(data_.end(), s.begin(), s.end());
    return *this;
}

Out &Out::str(const std::string &s) { return u16(static_cast<uint16_t>(s.size())).text(s); }

Out &Out::params(const Pairs &p) {
    u16(static_cast<uint16_t>(p.size()));
    for (const auto &kv : p) str(kv.first).str(kv.second);
    return *this;
}

uint64_t In::get(int n) {
    if (remaining() < static_cast<size_t>(n)) throw std::out_of_range("frame ends early");
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v |= static_cast<uint64_t>(b_[pos_ + i]) << (8 * i);
    pos_ += n;
    return v;
}

Bytes In::bytes(size_t n) {
    if (remaining() < n) throw std::out_of_range("frame ends early");
    Bytes out(b_.begin() + pos_, b_.begin() + pos_ + n);
    pos_ += n;
    return out;
}

std::string In::str() {
    Bytes b = bytes(u16());
    return std::string(b.begin(), b.end());
}

Pairs In::params() {
    Pairs p(u16());
    for (auto &kv : p) {
        kv.first = str();
        kv.second = str();
    }
    return p;
}

Bytes make_frame(uint8_t opcode, uint16_t flags, uint64_t request_id, uint16_t status, const Bytes &payload) {
    Out o;
    o.u32(ISPD_MAGIC).u8(ISPD_PROTOCOL_VERSION).u8(opcode).u16(flags).u64(request_id);
    o.u32(static_cast<uint32_t>(payload.size())).u16(status).u16(0).u32(0).u32(0);
    o.bytes(Bytes(32, 0)).bytes(payload);
    return o.data();
}

Bytes make_response(uint8_t opcode, uint64_t request_id, const Bytes &payload) {
    return make_frame(opcode, ISPD_FLAG_RESPONSE, request_id, 0, payload);
}

Bytes make_error(uint8_t opcode, uint64_t request_id, uint16_t status, const std::string &message) {
    return make_frame(opcode, ISPD_FLAG_RESPONSE, request_id, status, Out().str(message).data());
}

Frame parse_frame(const Bytes &all) {
    Frame f;
    In in(all);
    f.magic = in.u32();
    f.version = in.u8();
    f.opcode = in.u8();
    f.flags = in.u16();
    f.request_id = in.u64();
    f.payload_len = in.u32();
    f.status = in.u16();
    f.all = all;
    return f;
}

static bool read_exact(int fd, uint8_t *p, size_t n) {
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

bool read_frame(int fd, Frame *f) {
    Bytes all(ISPD_HEADER_SIZE);
    if (!read_exact(fd, all.data(), all.size())) return false;
    uint32_t len = parse_frame(all).payload_len;
    all.resize(ISPD_HEADER_SIZE + len);
    if (!read_exact(fd, all.data() + ISPD_HEADER_SIZE, len)) return false;
    *f = parse_frame(all);
    return true;
}

void write_all(int fd, const Bytes &b) {
    size_t off = 0;
    while (off < b.size()) {
        ssize_t w = send(fd, b.data() + off, b.size() - off, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) {
            ADD_FAILURE() << "fake drive: write failed: " << strerror(errno);
            return;
        }
        off += static_cast<size_t>(w);
    }
}

FakeDrive::FakeDrive(Script script, bool tcp) : FakeDrive(std::vector<Script>{std::move(script)}, tcp) {}

FakeDrive::FakeDrive(std::vector<Script> scripts, bool tcp) {
    char tmpl[] = "/tmp/ispd-test-XXXXXX";
    if (!mkdtemp(tmpl)) throw std::runtime_error("mkdtemp failed");
    dir_ = tmpl;
    if (tcp) {
        listen_fd_ = socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in sa{};
        sa.sin_family = AF_INET;
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t len = sizeof sa;
        if (bind(listen_fd_, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0 ||
            getsockname(listen_fd_, reinterpret_cast<sockaddr *>(&sa), &len) != 0)
            throw std::runtime_error(std::string("fake drive: bind: ") + strerror(errno));
        address_ = "tcp:127.0.0.1:" + std::to_string(ntohs(sa.sin_port));
    } else {
        listen_fd_ = socket(AF_UNIX, SOCK_STREAM, 0);
        sockaddr_un sa{};
        sa.sun_family = AF_UNIX;
        std::string path = dir_ + "/drive.sock";
        std::snprintf(sa.sun_path, sizeof sa.sun_path, "%s", path.c_str());
        if (bind(listen_fd_, reinterpret_cast<sockaddr *>(&sa), sizeof sa) != 0)
            throw std::runtime_error(std::string("fake drive: bind: ") + strerror(errno));
        address_ = "unix:" + path;
    }
    if (listen(listen_fd_, 1) != 0) throw std::runtime_error(std::string("fake drive: listen: ") + strerror(errno));
    thread_ = std::thread([this, scripts] {
        for (const Script &script : scripts) {
            int fd = accept(listen_fd_, nullptr, nullptr);
            if (fd < 0) return; // shut down before a client came
            conn_fds_.push_back(fd);
            script(fd);
            shutdown(fd, SHUT_RDWR);
        }
    });
}

FakeDrive::~FakeDrive() {
    shutdown(listen_fd_, SHUT_RDWR); // wakes accept if no client ever came
    thread_.join();
    for (int fd : conn_fds_) close(fd);
    close(listen_fd_);
    unlink((dir_ + "/drive.sock").c_str());
    rmdir(dir_.c_str());
}

ConnPtr connect_to(const std::string &address) {
    ispd_conn *c = nullptr;
    int rc = ispd_connect(address.c_str(), &c);
    EXPECT_EQ(rc, ISPD_OK) << ispd_last_error(c);
    return ConnPtr(c);
}

::testing::AssertionResult contains(const std::string &text, const std::string &part) {
    if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

bool read_vector(const std::string &name, Bytes *out) {
    std::string path = std::string(ISPD_VECTORS_DIR) + "/" + name;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        ADD_FAILURE() << "missing protocol test vector " << path
                      << " (written by device-sim's VectorWriter, see docs/protocol/vectors.md)";
        return false;
    }
    out->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    return true;
}
