// The client's behaviour on a real socket against a scripted fake drive: addresses, statuses,
// messages, broken and recovered connections, bulk data straight into the caller's buffers.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <string>
#include <thread>
#include <pthread.h>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

#include "test_support.h"

namespace {

std::string last_error(const ConnPtr &c) { return ispd_last_error(c.get()); }

// Reads one request and checks its opcode; false at EOF.
bool expect_request(int fd, uint8_t opcode, Frame *f) {
    if (!read_frame(fd, f)) {
        ADD_FAILURE() << "fake drive: no request (wanted opcode " << int(opcode) << ")";
        return false;
    }
    EXPECT_EQ(f->opcode, opcode);
    return true;
}

// A script step: answer one STAT_OBJECT request properly.
void answer_stat(int fd) {
    Frame f;
    if (!expect_request(fd, ISPD_OP_STAT_OBJECT, &f)) return;
    Bytes p = f.payload();
    uint64_t id = In(p).u64();
    write_all(fd, make_response(ISPD_OP_STAT_OBJECT, f.request_id, Out().u64(id).u64(10).u8(1).data()));
}

void expect_stat_works(const ConnPtr &c) {
    ispd_object_stat s{};
    ASSERT_EQ(ispd_stat_object(c.get(), 42, &s), ISPD_OK) << last_error(c);
    EXPECT_EQ(s.id, 42u);
    EXPECT_EQ(s.size, 10u);
    EXPECT_STREQ(ispd_last_error(c.get()), "");
    EXPECT_EQ(ispd_last_status(c.get()), ISPD_OK);
}

// ---- connecting ----

struct BadAddress {
    const char *address;
    const char *message;
};

class MalformedAddress : public ::testing::TestWithParam<BadAddress> {};

TEST_P(MalformedAddress, IsAnArgumentError) {
    ispd_conn *raw = nullptr;
    int rc = ispd_connect(GetParam().address, &raw);
    ConnPtr c(raw);
    EXPECT_EQ(rc, ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), GetParam().message);
    EXPECT_EQ(ispd_last_status(c.get()), ISPD_E_ARGUMENT);
}

INSTANTIATE_TEST_SUITE_P(
    Client, MalformedAddress,
    ::testing::Values(
        BadAddress{"", "address \"\" must be unix:/path or tcp:host:port"},
        BadAddress{"/tmp/drive.sock", "address \"/tmp/drive.sock\" must be unix:/path or tcp:host:port"},
        BadAddress{"unix:", "address unix:: the socket path must be 1..107 bytes, not 0"},
        BadAddress{"tcp:localhost", "address tcp:localhost: expected tcp:host:port"},
        BadAddress{"tcp::7000", "address tcp::7000: the host must be 1..255 bytes"},
        BadAddress{"tcp:localhost:http", "address tcp:localhost:http: port \"http\" is not a number 1..65535"},
        BadAddress{"tcp:localhost:0", "address tcp:localhost:0: port \"0\" is not a number 1..65535"},
        BadAddress{"tcp:localhost:65536", "address tcp:localhost:65536: port \"65536\" is not a number 1..65535"}));

TEST(Client, NullAddressAndNullOut) {
    ispd_conn *raw = nullptr;
    EXPECT_EQ(ispd_connect(nullptr, &raw), ISPD_E_ARGUMENT);
    ConnPtr c(raw);
    EXPECT_EQ(last_error(c), "address is NULL; expected unix:/path or tcp:host:port");
    EXPECT_EQ(ispd_connect("unix:/x", nullptr), ISPD_E_ARGUMENT);
}

TEST(Client, LongUnixPathIsAnArgumentError) {
    ispd_conn *raw = nullptr;
    std::string address = "unix:/" + std::string(120, 'p');
    EXPECT_EQ(ispd_connect(address.c_str(), &raw), ISPD_E_ARGUMENT);
    ConnPtr c(raw);
    EXPECT_TRUE(contains(last_error(c), "the socket path must be 1..107 bytes, not 121"));
}

TEST(Client, MissingUnixSocketNamesAddressAndErrno) {
    ispd_conn *raw = nullptr;
    EXPECT_EQ(ispd_connect("unix:/nonexistent-dir/drive.sock", &raw), ISPD_E_CONNECT);
    ConnPtr c(raw);
    EXPECT_EQ(last_error(c), "cannot connect to unix:/nonexistent-dir/drive.sock: No such file or directory");
    // The failed connection is closed: later calls say so instead of touching a socket.
    EXPECT_EQ(ispd_delete_object(c.get(), 1), ISPD_E_IO);
    EXPECT_TRUE(contains(last_error(c), "unusable after an earlier error"));
}

TEST(Client, RefusedTcpNamesAddressAndErrno) {
    // A port that was just free: bind, learn the port, close without listening.
    std::string address;
    { FakeDrive probe([](int) {}, true); address = probe.address(); }
    ispd_conn *raw = nullptr;
    EXPECT_EQ(ispd_connect(address.c_str(), &raw), ISPD_E_CONNECT);
    ConnPtr c(raw);
    EXPECT_EQ(last_error(c), "cannot connect to " + address + ": Connection refused");
}

TEST(Client, UnresolvableHostIsAConnectError) {
    ispd_conn *raw = nullptr;
    EXPECT_EQ(ispd_connect("tcp:no-such-host.invalid:7000", &raw), ISPD_E_CONNECT);
    ConnPtr c(raw);
    EXPECT_TRUE(contains(last_error(c),
                         "cannot resolve host \"no-such-host.invalid\" of tcp:no-such-host.invalid:7000: "));
}

TEST(Client, TcpRoundTrip) {
    FakeDrive drive(answer_stat, true);
    ConnPtr c = connect_to(drive.address());
    expect_stat_works(c);
}

TEST(Client, BracketedIpv6LoopbackParses) {
    ispd_conn *raw = nullptr;
    int rc = ispd_connect("tcp:[::1]:1", &raw);
    ConnPtr c(raw);
    // Nothing listens on port 1; what matters is that the address parsed and was tried.
    EXPECT_EQ(rc, ISPD_E_CONNECT);
    EXPECT_TRUE(contains(last_error(c), "cannot connect to tcp:[::1]:1: "));
}

// ---- statuses and messages ----

TEST(Client, DriveErrorCarriesStatusAndMessageAndTheConnectionStaysUsable) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_STAT_OBJECT, &f)) return;
        write_all(fd, make_error(ISPD_OP_STAT_OBJECT, f.request_id, ISPD_NO_SUCH_OBJECT, "object 99 does not exist"));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    ispd_object_stat s;
    EXPECT_EQ(ispd_stat_object(c.get(), 99, &s), ISPD_NO_SUCH_OBJECT);
    EXPECT_EQ(last_error(c), "object 99 does not exist");
    EXPECT_EQ(ispd_last_status(c.get()), ISPD_NO_SUCH_OBJECT);
    expect_stat_works(c);
}

TEST(Client, DriveErrorWithoutMessageGetsTheStatusName) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_DELETE_OBJECT, &f)) return;
        write_all(fd, make_error(ISPD_OP_DELETE_OBJECT, f.request_id, ISPD_BUSY, ""));
    });
    ConnPtr c = connect_to(drive.address());
    EXPECT_EQ(ispd_delete_object(c.get(), 3), ISPD_BUSY);
    EXPECT_EQ(last_error(c), "BUSY (the drive gave no message)");
}

TEST(Client, ConnectionEndingStatusLeavesTheConnectionUnusable) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_POLL, &f)) return;
        write_all(fd, make_error(ISPD_OP_POLL, f.request_id, ISPD_BAD_FLAGS, "flags 0x0004: unknown bits"));
    });
    ConnPtr c = connect_to(drive.address());
    ispd_poll_result p;
    EXPECT_EQ(ispd_poll(c.get(), 1, &p), ISPD_BAD_FLAGS);
    EXPECT_EQ(last_error(c), "flags 0x0004: unknown bits");
    EXPECT_EQ(ispd_poll(c.get(), 1, &p), ISPD_E_IO);
    EXPECT_EQ(last_error(c),
              "the connection to " + drive.address() + " is unusable after an earlier error; open a new one");
}

TEST(Client, ClientStatusOnTheWireIsAProtocolError) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_RELEASE, &f)) return;
        write_all(fd, make_error(ISPD_OP_RELEASE, f.request_id, ISPD_E_IO, "bogus"));
    });
    ConnPtr c = connect_to(drive.address());
    EXPECT_EQ(ispd_release(c.get(), 1), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "RELEASE response: status 1002 is reserved for the client (message \"bogus\")");
}

TEST(Client, WrongRequestIdIsAProtocolErrorAndBreaksTheConnection) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_CREATE_OBJECT, &f)) return;
        write_all(fd, make_response(ISPD_OP_CREATE_OBJECT, f.request_id + 5, Out().u64(1).data()));
    });
    ConnPtr c = connect_to(drive.address());
    uint64_t id;
    EXPECT_EQ(ispd_create_object(c.get(), 0, &id), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "expected the response to CREATE_OBJECT request 1, got a frame for CREATE_OBJECT "
                             "(opcode 0x10) request 6 with flags 0x0001");
    EXPECT_EQ(ispd_create_object(c.get(), 0, &id), ISPD_E_IO);
}

TEST(Client, WrongOpcodeOrMissingResponseFlagIsAProtocolError) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_CANCEL, &f)) return;
        write_all(fd, make_response(ISPD_OP_RELEASE, f.request_id, {}));
    });
    ConnPtr c = connect_to(drive.address());
    EXPECT_EQ(ispd_cancel(c.get(), 1, nullptr), ISPD_E_PROTOCOL);
    EXPECT_TRUE(contains(last_error(c), "got a frame for RELEASE (opcode 0x25) request 1"));

    FakeDrive echo([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_CANCEL, &f)) return;
        write_all(fd, make_frame(ISPD_OP_CANCEL, 0, f.request_id, 0, Out().u8(4).data()));
    });
    ConnPtr c2 = connect_to(echo.address());
    EXPECT_EQ(ispd_cancel(c2.get(), 1, nullptr), ISPD_E_PROTOCOL);
    EXPECT_TRUE(contains(last_error(c2), "request 1 with flags 0x0000"));
}

TEST(Client, BadResponseHeaderIsAProtocolError) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_POLL, &f)) return;
        Bytes r = make_response(ISPD_OP_POLL, f.request_id, {});
        r[4] = 9; // version
        write_all(fd, r);
    });
    ConnPtr c = connect_to(drive.address());
    ispd_poll_result p;
    EXPECT_EQ(ispd_poll(c.get(), 1, &p), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "POLL response from " + drive.address() +
                                 " has a bad header (BAD_VERSION: magic 0x44505349, version 9, flags 0x0001, "
                                 "payload_len 0)");
}

TEST(Client, TruncatedFrameThenEofIsAnIoError) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_STAT_OBJECT, &f)) return;
        Bytes r = make_response(ISPD_OP_STAT_OBJECT, f.request_id, Out().u64(1).u64(2).u8(1).data());
        r.resize(r.size() - 10);
        write_all(fd, r);
    });
    ConnPtr c = connect_to(drive.address());
    ispd_object_stat s;
    EXPECT_EQ(ispd_stat_object(c.get(), 1, &s), ISPD_E_IO);
    EXPECT_EQ(last_error(c), "the drive at " + drive.address() +
                                 " closed the connection after 0 of 10 bytes of the STAT_OBJECT response");
    EXPECT_EQ(ispd_stat_object(c.get(), 1, &s), ISPD_E_IO);
}

TEST(Client, EofBeforeTheHeaderIsAnIoError) {
    FakeDrive drive([](int fd) {
        Frame f;
        expect_request(fd, ISPD_OP_DEVICE_INFO, &f);
        write_all(fd, Bytes(20, 0));
    });
    ConnPtr c = connect_to(drive.address());
    ispd_device_info info;
    EXPECT_EQ(ispd_device_info_get(c.get(), &info), ISPD_E_IO);
    EXPECT_EQ(last_error(c), "the drive at " + drive.address() +
                                 " closed the connection after 20 of 64 bytes of the response header");
}

TEST(Client, ADriveThatNeverAnswersTimesOutAndBreaksTheConnection) {
    FakeDrive drive([](int fd) {
        Frame f;
        expect_request(fd, ISPD_OP_STAT_OBJECT, &f);
        usleep(400 * 1000);  // holds the connection open without answering
    });
    ConnPtr c = connect_to(drive.address());
    ASSERT_EQ(ispd_set_timeout(c.get(), 100), ISPD_OK);
    ispd_object_stat s;
    EXPECT_EQ(ispd_stat_object(c.get(), 1, &s), ISPD_E_TIMEOUT);
    EXPECT_EQ(last_error(c), "no answer from the drive at " + drive.address() +
                                 " within 100 ms while reading the response header");
    EXPECT_EQ(ispd_stat_object(c.get(), 1, &s), ISPD_E_IO);  // the late answer would be out of step
}

TEST(Client, WritingToAClosedPeerIsAnIoErrorNotSigpipe) {
    FakeDrive drive([](int) {}); // accepts and hangs up at once
    ConnPtr c = connect_to(drive.address());
    std::vector<uint8_t> data(4 << 20, 1); // more than the socket buffers hold
    int rc = ISPD_OK;
    for (int i = 0; i < 3 && rc == ISPD_OK; i++)
        rc = ispd_write_object(c.get(), 1, 0, data.data(), static_cast<uint32_t>(data.size()), nullptr);
    EXPECT_EQ(rc, ISPD_E_IO);
    std::string msg = last_error(c);
    EXPECT_TRUE(contains(msg, "sending the WRITE_OBJECT request to") || contains(msg, "closed the connection")) << msg;
}

TEST(Client, MalformedPayloadIsAProtocolErrorButTheConnectionStaysUsable) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_STAT_OBJECT, &f)) return;
        write_all(fd, make_response(ISPD_OP_STAT_OBJECT, f.request_id, Out().u64(1).u64(2).data())); // no kind
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    ispd_object_stat s;
    EXPECT_EQ(ispd_stat_object(c.get(), 1, &s), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "STAT_OBJECT response: field kind needs 1 bytes at offset 16, only 0 left");
    expect_stat_works(c);
}

TEST(Client, RequestIdsIncreaseFromOne) {
    std::vector<uint64_t> ids;
    FakeDrive drive([&](int fd) {
        for (int i = 0; i < 3; i++) {
            Frame f;
            if (!expect_request(fd, ISPD_OP_RELEASE, &f)) return;
            ids.push_back(f.request_id);
            write_all(fd, make_response(ISPD_OP_RELEASE, f.request_id, {}));
        }
    });
    ConnPtr c = connect_to(drive.address());
    for (int i = 0; i < 3; i++) ASSERT_EQ(ispd_release(c.get(), 7), ISPD_OK) << last_error(c);
    c.reset();
    // The drive thread is done once it has answered three requests; reading ids is safe after that.
    EXPECT_EQ(ids, (std::vector<uint64_t>{1, 2, 3}));
}

// ---- connections the drive closed while idle (docs/drive.md, "Admission") ----

// Waits until the drive's side has closed its first connection, and a little for the FIN to land.
void await_closed(const std::atomic<bool> &closed) {
    while (!closed.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

TEST(Client, AConnectionTheDriveClosedWhileIdleIsReopenedBeforeTheNextRequest) {
    std::atomic<bool> closed{false};
    uint64_t second_id = 0;
    FakeDrive drive({[&](int fd) {
                         answer_stat(fd);
                         shutdown(fd, SHUT_RDWR); // the drive's idle timeout
                         closed = true;
                     },
                     [&](int fd) {
                         Frame f;
                         if (!expect_request(fd, ISPD_OP_STAT_OBJECT, &f)) return;
                         second_id = f.request_id;
                         write_all(fd, make_response(ISPD_OP_STAT_OBJECT, f.request_id,
                                                     Out().u64(42).u64(10).u8(1).data()));
                         answer_stat(fd);
                     }},
                    true);
    ConnPtr c = connect_to(drive.address());
    expect_stat_works(c);
    EXPECT_EQ(ispd_reconnects(c.get()), 0u);
    await_closed(closed);

    expect_stat_works(c); // not "closed the connection after 0 of 64 bytes"
    EXPECT_EQ(ispd_reconnects(c.get()), 1u);
    expect_stat_works(c); // and the new connection stays in use
    EXPECT_EQ(ispd_reconnects(c.get()), 1u);
    c.reset();
    EXPECT_EQ(second_id, 1u) << "the request went out on a new connection, numbered from 1";
}

TEST(Client, ARequestAlreadySentIsNotSentAgainWhenTheDriveClosesTheConnection) {
    std::atomic<int> second_connections{0};
    FakeDrive drive({[](int fd) {
                         answer_stat(fd);
                         Frame f;
                         expect_request(fd, ISPD_OP_DELETE_OBJECT, &f); // read, then closed unanswered
                     },
                     [&](int) { second_connections++; }},
                    true);
    ConnPtr c = connect_to(drive.address());
    expect_stat_works(c);
    EXPECT_EQ(ispd_delete_object(c.get(), 3), ISPD_E_IO) << "a delete may have run: it must not run twice";
    EXPECT_EQ(ispd_reconnects(c.get()), 0u);
    c.reset();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_EQ(second_connections.load(), 0);
}

// ---- bulk data ----

// A READ_OBJECT response payload: length, the CRC32C of the bytes, the bytes.
Bytes read_answer(const Bytes &data) {
    return Out().u32(static_cast<uint32_t>(data.size())).u32(ispd_crc32c(data.data(), data.size())).bytes(data).data();
}

TEST(Client, ReadObjectLargerThanTheBufferIsRefusedAndDrained) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        Bytes data(100000, 0xab);
        write_all(fd, make_response(ISPD_OP_READ_OBJECT, f.request_id, read_answer(data)));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    std::vector<uint8_t> buf(4096, 0);
    EXPECT_EQ(ispd_read_object(c.get(), 1, 0, buf.data(), 4096), ISPD_E_BUFFER_TOO_SMALL);
    EXPECT_EQ(last_error(c), "READ_OBJECT response carries 100000 bytes, the buffer holds 4096");
    EXPECT_EQ(buf, std::vector<uint8_t>(4096, 0)); // nothing written past or into it
    expect_stat_works(c);
}

TEST(Client, ReadObjectShorterThanAskedIsAProtocolErrorAndTheConnectionStaysUsable) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        write_all(fd, make_response(ISPD_OP_READ_OBJECT, f.request_id, read_answer({1, 2, 3})));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    uint8_t buf[8];
    EXPECT_EQ(ispd_read_object(c.get(), 5, 16, buf, 8), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "READ_OBJECT response: 3 bytes of object 5 at offset 16, 8 were asked for");
    expect_stat_works(c);
}

TEST(Client, LengthFieldDisagreeingWithTheFrameIsAProtocolError) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        write_all(fd, make_response(ISPD_OP_READ_OBJECT, f.request_id, Out().u32(8).u32(0).bytes({1, 2, 3}).data()));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    uint8_t buf[8];
    EXPECT_EQ(ispd_read_object(c.get(), 5, 0, buf, 8), ISPD_E_PROTOCOL);
    EXPECT_EQ(last_error(c), "READ_OBJECT response: length field says 8 bytes but 3 follow");
    expect_stat_works(c);
}

TEST(Client, ReadObjectDamagedInTransferIsAnIoErrorAndTheConnectionStaysUsable) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        Bytes answer = read_answer({1, 2, 3, 4});
        answer.back() ^= 0x20; // a bit flipped on the way
        write_all(fd, make_response(ISPD_OP_READ_OBJECT, f.request_id, answer));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    uint8_t buf[4];
    EXPECT_EQ(ispd_read_object(c.get(), 5, 16, buf, 4), ISPD_E_IO);
    EXPECT_EQ(last_error(c), "READ_OBJECT response: the 4 bytes of object 5 at offset 16 were damaged in transfer "
                             "(CRC32C sent 0x29308cf4, received 0x098d022a)");
    expect_stat_works(c);
}

TEST(Client, Crc32cIsTheCastagnoliChecksum) {
    EXPECT_EQ(ispd_crc32c("123456789", 9), 0xE3069283u);
    EXPECT_EQ(ispd_crc32c("", 0), 0u);
    std::vector<uint8_t> big(100003);
    for (size_t i = 0; i < big.size(); i++) big[i] = static_cast<uint8_t>(i * 31);
    uint32_t bytewise = 0xFFFFFFFFu; // the definition, bit by bit, against the sliced tables
    for (uint8_t b : big) {
        bytewise ^= b;
        for (int k = 0; k < 8; k++) bytewise = (bytewise >> 1) ^ (0x82F63B78u & (0u - (bytewise & 1u)));
    }
    EXPECT_EQ(ispd_crc32c(big.data(), big.size()), bytewise ^ 0xFFFFFFFFu);
}

TEST(Client, WriteAndReadEightMegabytesStraightThroughTheCallersBuffers) {
    std::vector<uint8_t> data(ISPD_MAX_IO);
    for (size_t i = 0; i < data.size(); i++) data[i] = static_cast<uint8_t>(i * 7 + (i >> 13));
    FakeDrive drive([&](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_WRITE_OBJECT, &f)) return;
        Bytes p = f.payload();
        In in(p);
        EXPECT_EQ(in.u64(), 9u);
        EXPECT_EQ(in.u64(), 4096u);
        EXPECT_EQ(in.u32(), ISPD_MAX_IO);
        EXPECT_TRUE(in.bytes(in.remaining()) == data) << "written bytes differ";
        write_all(fd, make_response(ISPD_OP_WRITE_OBJECT, f.request_id, Out().u64(4096 + ISPD_MAX_IO).data()));
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        write_all(fd, make_response(ISPD_OP_READ_OBJECT, f.request_id, read_answer(data)));
    });
    ConnPtr c = connect_to(drive.address());
    uint64_t size = 0;
    ASSERT_EQ(ispd_write_object(c.get(), 9, 4096, data.data(), ISPD_MAX_IO, &size), ISPD_OK) << last_error(c);
    EXPECT_EQ(size, 4096u + ISPD_MAX_IO);
    std::vector<uint8_t> back(ISPD_MAX_IO);
    ASSERT_EQ(ispd_read_object(c.get(), 9, 4096, back.data(), ISPD_MAX_IO), ISPD_OK) << last_error(c);
    EXPECT_TRUE(back == data) << "read bytes differ";
}

std::atomic<int> alarms{0};

// Installs a SIGALRM handler without SA_RESTART, so a signal makes a blocked send or receive
// return early (EINTR, or a short count once some bytes have moved).
class AlarmHandler {
public:
    AlarmHandler() {
        struct sigaction sa {};
        sa.sa_handler = [](int) { alarms++; };
        sigaction(SIGALRM, &sa, &old_);
    }
    ~AlarmHandler() { sigaction(SIGALRM, &old_, nullptr); }

private:
    struct sigaction old_ {};
};

TEST(Client, BulkTransfersSurviveSignalsAndShortWrites) {
    std::vector<uint8_t> data(ISPD_MAX_IO);
    for (size_t i = 0; i < data.size(); i++) data[i] = static_cast<uint8_t>(i * 13 + (i >> 11));
    // The drive moves 64 KiB at a time and signals the client after each piece, while the client
    // is blocked on the rest: only progress triggers a signal, so it cannot livelock.
    const size_t piece = 65536;
    pthread_t client = pthread_self();
    alarms = 0;
    AlarmHandler handler; // outlives the drive, whose last signal may come after the client is done
    FakeDrive drive([&](int fd) {
        Bytes all(ISPD_HEADER_SIZE + 20 + ISPD_MAX_IO);
        for (size_t got = 0; got < all.size();) {
            ssize_t r = read(fd, all.data() + got, std::min(piece, all.size() - got));
            if (r <= 0) return;
            got += static_cast<size_t>(r);
            pthread_kill(client, SIGALRM);
        }
        Frame f = parse_frame(all);
        EXPECT_TRUE(Bytes(all.begin() + ISPD_HEADER_SIZE + 20, all.end()) == data) << "written bytes differ";
        write_all(fd, make_response(ISPD_OP_WRITE_OBJECT, f.request_id, Out().u64(ISPD_MAX_IO).data()));
        if (!expect_request(fd, ISPD_OP_READ_OBJECT, &f)) return;
        Bytes answer = make_response(ISPD_OP_READ_OBJECT, f.request_id, read_answer(data));
        for (size_t sent = 0; sent < answer.size(); sent += piece) {
            write_all(fd, Bytes(answer.begin() + sent, answer.begin() + std::min(answer.size(), sent + piece)));
            pthread_kill(client, SIGALRM);
            usleep(200); // let the client block again
        }
    });
    ConnPtr c = connect_to(drive.address());
    std::vector<uint8_t> back(ISPD_MAX_IO);
    ASSERT_EQ(ispd_write_object(c.get(), 1, 0, data.data(), ISPD_MAX_IO, nullptr), ISPD_OK) << last_error(c);
    ASSERT_EQ(ispd_read_object(c.get(), 1, 0, back.data(), ISPD_MAX_IO), ISPD_OK) << last_error(c);
    EXPECT_GT(alarms.load(), 100) << "the transfers were hardly interrupted: the test proves little";
    EXPECT_TRUE(back == data) << "read bytes differ";
}

TEST(Client, ReadResultReportsLengthAndTotalAndRefusesOversizeAnswers) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_RESULT, &f)) return;
        Bytes p = f.payload();
        In in(p);
        EXPECT_EQ(in.u64(), 5u);
        EXPECT_EQ(in.u64(), 64u);
        EXPECT_EQ(in.u32(), 16u); // the buffer's capacity
        write_all(fd, make_response(ISPD_OP_READ_RESULT, f.request_id, Out().u64(72).u32(8).text("tail-end").data()));
        if (!expect_request(fd, ISPD_OP_READ_RESULT, &f)) return;
        write_all(fd, make_response(ISPD_OP_READ_RESULT, f.request_id, Out().u64(72).u32(20).bytes(Bytes(20)).data()));
        answer_stat(fd);
    });
    ConnPtr c = connect_to(drive.address());
    char buf[16];
    uint32_t len = 0;
    uint64_t total = 0;
    ASSERT_EQ(ispd_read_result(c.get(), 5, 64, buf, sizeof buf, &len, &total), ISPD_OK) << last_error(c);
    EXPECT_EQ(len, 8u);
    EXPECT_EQ(total, 72u);
    EXPECT_EQ(std::string(buf, len), "tail-end");
    EXPECT_EQ(ispd_read_result(c.get(), 5, 0, buf, sizeof buf, nullptr, nullptr), ISPD_E_BUFFER_TOO_SMALL);
    EXPECT_EQ(last_error(c), "READ_RESULT response carries 20 bytes, the buffer holds 16");
    expect_stat_works(c);
}

TEST(Client, ReadResultAsksForAtMostMaxIo) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_READ_RESULT, &f)) return;
        Bytes p = f.payload();
        In in(p);
        in.u64();
        in.u64();
        EXPECT_EQ(in.u32(), ISPD_MAX_IO);
        write_all(fd, make_response(ISPD_OP_READ_RESULT, f.request_id, Out().u64(0).u32(0).data()));
    });
    ConnPtr c = connect_to(drive.address());
    std::vector<uint8_t> big(ISPD_MAX_IO + 100);
    uint32_t len = 1;
    ASSERT_EQ(ispd_read_result(c.get(), 1, 0, big.data(), static_cast<uint32_t>(big.size()), &len, nullptr), ISPD_OK)
        << last_error(c);
    EXPECT_EQ(len, 0u);
}

// ---- the other commands, and arguments refused before anything is sent ----

TEST(Client, CreateTaskletSendsTheBodyAfterTheFixedFields) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_CREATE_TASKLET, &f)) return;
        EXPECT_EQ(f.payload(), Out().u8(2).str("plan").params({{"a", "1"}}).u32(3).text("xyz").data());
        write_all(fd, make_response(ISPD_OP_CREATE_TASKLET, f.request_id, Out().u64(1234).data()));
    });
    ConnPtr c = connect_to(drive.address());
    uint64_t id = 0;
    ASSERT_EQ(ispd_create_tasklet(c.get(), ISPD_FORM_PLAN, "plan", "a=1", "xyz", 3, &id), ISPD_OK) << last_error(c);
    EXPECT_EQ(id, 1234u);
}

TEST(Client, AppendSendsTheAppendOffsetAndReportsTheNewSize) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_WRITE_OBJECT, &f)) return;
        EXPECT_EQ(f.payload(), Out().u64(7).u64(UINT64_MAX).u32(3).text("abc").data());
        write_all(fd, make_response(ISPD_OP_WRITE_OBJECT, f.request_id, Out().u64(103).data()));
    });
    ConnPtr c = connect_to(drive.address());
    uint64_t size = 0;
    ASSERT_EQ(ispd_write_object(c.get(), 7, ISPD_APPEND, "abc", 3, &size), ISPD_OK) << last_error(c);
    EXPECT_EQ(size - 3, 100u); // where the bytes landed
}

TEST(Client, CancelAndListWithOptionalOutputs) {
    FakeDrive drive([](int fd) {
        Frame f;
        if (!expect_request(fd, ISPD_OP_CANCEL, &f)) return;
        write_all(fd, make_response(ISPD_OP_CANCEL, f.request_id, Out().u8(ISPD_EXEC_CANCELLED).data()));
        if (!expect_request(fd, ISPD_OP_LIST_OBJECTS, &f)) return;
        EXPECT_EQ(f.payload(), Out().u64(10).u32(1).data());
        Bytes list = Out().u32(1).u64(11).u64(5).u8(1).u8(1).data();
        write_all(fd, make_response(ISPD_OP_LIST_OBJECTS, f.request_id, list));
    });
    ConnPtr c = connect_to(drive.address());
    uint8_t state = 0;
    ASSERT_EQ(ispd_cancel(c.get(), 3, &state), ISPD_OK) << last_error(c);
    EXPECT_EQ(state, ISPD_EXEC_CANCELLED);
    ispd_object_stat one;
    ASSERT_EQ(ispd_list_objects(c.get(), 10, &one, 1, nullptr, nullptr), ISPD_OK) << last_error(c);
    EXPECT_EQ(one.id, 11u);
}

TEST(Client, BadArgumentsAreRefusedWithoutSendingAndTheConnectionStaysUsable) {
    FakeDrive drive(answer_stat);
    ConnPtr c = connect_to(drive.address());
    uint8_t buf[4];
    uint64_t id;
    ispd_object_stat s;
    EXPECT_EQ(ispd_read_object(c.get(), 1, 0, buf, ISPD_MAX_IO + 1), ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), "length 8388609 exceeds ISPD_MAX_IO (8388608)");
    EXPECT_EQ(ispd_read_object(c.get(), 1, 0, nullptr, 4), ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), "buf is NULL");
    EXPECT_EQ(ispd_execute(c.get(), 1, 0, "bad key=1", nullptr, 0, &id), ISPD_E_ARGUMENT);
    EXPECT_TRUE(contains(last_error(c), "runtime_params key \"bad key\""));
    EXPECT_EQ(ispd_execute(c.get(), 1, 0, nullptr, nullptr, 2, &id), ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), "extents is NULL");
    EXPECT_EQ(ispd_create_tasklet(c.get(), 1, std::string(2000, 'n').c_str(), nullptr, nullptr, 0, &id),
              ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), "name is 2000 bytes, the limit is 1024");
    EXPECT_EQ(ispd_list_objects(c.get(), 0, &s, 0, nullptr, nullptr), ISPD_E_ARGUMENT);
    EXPECT_EQ(ispd_poll(c.get(), 1, nullptr), ISPD_E_ARGUMENT);
    EXPECT_EQ(last_error(c), "out is NULL");
    expect_stat_works(c); // the first request the drive sees
}

TEST(Client, NullConnectionIsAnArgumentError) {
    ispd_object_stat s;
    EXPECT_EQ(ispd_stat_object(nullptr, 1, &s), ISPD_E_ARGUMENT);
    EXPECT_EQ(ispd_last_status(nullptr), ISPD_E_ARGUMENT);
    EXPECT_STREQ(ispd_last_error(nullptr), "no connection (NULL)");
    ispd_close(nullptr);
}

TEST(Client, StatusNames) {
    const std::pair<int, const char *> names[] = {
        {0, "OK"},                  {1, "BAD_MAGIC"},         {2, "BAD_VERSION"},      {3, "BAD_FLAGS"},
        {4, "UNKNOWN_OPCODE"},      {5, "PAYLOAD_TOO_LARGE"}, {6, "MALFORMED"},        {7, "NO_SUCH_OBJECT"},
        {8, "OBJECT_EXISTS"},       {9, "OUT_OF_RANGE"},      {10, "WRONG_KIND"},      {11, "NO_SUCH_TASKLET"},
        {12, "BAD_PARAMETER"},      {13, "NO_SUCH_EXECUTION"}, {14, "NOT_READY"},      {15, "BUSY"},
        {16, "UNSUPPORTED"},        {17, "TASKLET_FAILED"},   {18, "IO_ERROR"},        {19, "AUTH_REQUIRED"},
        {20, "AUTH_FAILED"},        {21, "INTERNAL"},         {22, "LIMIT_EXCEEDED"},  {1001, "CONNECT"},
        {1002, "IO"},               {1003, "PROTOCOL"},       {1004, "ARGUMENT"},      {1005, "NO_MEMORY"},
        {1006, "BUFFER_TOO_SMALL"}, {23, "FORBIDDEN"},        {24, "MEDIA_ERROR"},     {25, "MODULES_DISABLED"},
        {26, "NO_SPACE"},           {1007, "TIMEOUT"},        {99, "UNKNOWN"},          {-1, "UNKNOWN"},          {1000, "UNKNOWN"}};
    for (const auto &n : names) EXPECT_STREQ(ispd_status_name(n.first), n.second) << n.first;
}

} // namespace
