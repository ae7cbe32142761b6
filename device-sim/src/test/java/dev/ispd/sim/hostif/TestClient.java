package dev.ispd.sim.hostif;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.auth.FrameTag;
import dev.ispd.sim.auth.SequenceNumbers;
import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.List;

/**
 * A small blocking client of the protocol, for tests: the Java codec on one socket. Typed
 * helpers fail the test (AssertionError with the drive's message) on any status but OK;
 * {@link #call} and {@link #sendRaw} return the raw reply for tests of errors. After
 * {@link #authenticate} every request is tagged and every tagged answer verified
 * (docs/security.md).
 */
public final class TestClient implements AutoCloseable {
    private final SocketChannel ch;
    private long nextRequestId = 1;
    private long identity;
    private byte[] key;
    private long sequence;

    private TestClient(SocketChannel ch) {
        this.ch = ch;
    }

    public static TestClient connect(String address) throws IOException {
        DriveAddress a = DriveAddress.parse(address);
        SocketChannel ch = SocketChannel.open(a.unixPath() != null ? StandardProtocolFamily.UNIX : StandardProtocolFamily.INET);
        ch.connect(a.socketAddress());
        return new TestClient(ch);
    }

    /** A reply: its header and payload. */
    public record Reply(FrameHeader header, ByteBuffer payload) {
        public Status status() {
            return Status.ofCode(header.status());
        }

        /** Fails unless the reply is {@code expected} with a message holding every fragment. */
        public void assertRefused(Status expected, String... fragments) {
            if (status() != expected) {
                throw new AssertionError("expected " + expected + ", got " + status()
                        + (status() == Status.OK ? "" : ": " + message()));
            }
            for (String f : fragments) {
                if (!message().contains(f)) {
                    throw new AssertionError("message '" + message() + "' lacks '" + f + "'");
                }
            }
        }

        /** The error message of a failed reply. */
        public String message() {
            try {
                return Responses.Error.decode(new PayloadReader(payload, "error")).message();
            } catch (StatusException e) {
                throw new AssertionError("error reply does not decode: " + e.getMessage());
            }
        }

        /** The decoded payload of a successful reply. */
        @SuppressWarnings("unchecked")
        public <T extends Responses.Response> T body() {
            if (status() != Status.OK) {
                throw new AssertionError("drive answered " + status() + ": " + message());
            }
            try {
                Opcode op = Opcode.ofCode(header.opcode());
                return (T) Responses.decode(op, new PayloadReader(payload, op + " response"));
            } catch (StatusException e) {
                throw new AssertionError("reply does not decode: " + e.getMessage());
            }
        }
    }

    /** Sends one request and reads its reply, checking that the reply matches the request. */
    public Reply call(Requests.Request request) throws IOException {
        PayloadWriter w = new PayloadWriter(1024);
        request.encode(w);
        return call(FrameHeader.request(request.opcode().code(), nextRequestId++, w.size()), w.payload());
    }

    /**
     * Sends a frame with this header (tagged with the next sequence number once authenticated:
     * every byte of {@code unsigned} but the AUTH fields is sent as given) and reads its reply,
     * checking that it answers the frame and, if tagged, that its tag and sequence verify.
     */
    public Reply call(FrameHeader unsigned, ByteBuffer payload) throws IOException {
        long sent = sequence;
        FrameHeader h = key == null ? unsigned : FrameTag.keyed(key).sign(unsigned, identity, sent, payload);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + payload.remaining());
        h.encode(frame);
        Reply r = sendRaw(frame.put(payload.duplicate()).flip());
        if (r.header().requestId() != h.requestId() || r.header().opcode() != h.opcode() || !r.header().isResponse()) {
            throw new AssertionError("reply " + r.header() + " does not answer request " + h);
        }
        if (key != null && r.header().isAuthenticated()) {
            if (!FrameTag.keyed(key).verifies(r.header(), r.payload()) || sent != 0 && r.header().sequence() != sent) {
                throw new AssertionError("the tag or sequence of reply " + r.header() + " does not verify");
            }
            sequence = sent == 0 ? r.header().sequence() : SequenceNumbers.following(sent); // the hello's answer gives the first
        }
        return r;
    }

    /**
     * Sends the hello as {@code identity} with {@code key} and, if the drive accepts it, tags every
     * later request; returns the hello's reply.
     */
    public Reply authenticate(long identity, byte[] key) throws IOException {
        this.identity = identity;
        this.key = key.clone();
        this.sequence = 0;
        return call(new Requests.DeviceInfo());
    }

    /** The sequence number the next tagged request carries. */
    public long sequence() {
        return sequence;
    }

    /** A complete request frame with the AUTH flag, the identity, the sequence and its tag. */
    public static ByteBuffer signedFrame(Requests.Request request, long requestId, long identity, long sequence,
                                         byte[] key) {
        PayloadWriter w = new PayloadWriter(1024);
        request.encode(w);
        FrameHeader unsigned = FrameHeader.request(request.opcode().code(), requestId, w.size());
        FrameHeader h = FrameTag.keyed(key).sign(unsigned, identity, sequence, w.payload());
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + w.size());
        h.encode(frame);
        return frame.put(w.payload()).flip();
    }

    /** A complete request frame. */
    public static ByteBuffer frame(Requests.Request request, long requestId) {
        PayloadWriter w = new PayloadWriter(1024);
        request.encode(w);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + w.size());
        FrameHeader.request(request.opcode().code(), requestId, w.size()).encode(frame);
        return frame.put(w.payload()).flip();
    }

    /** Writes raw bytes (as much as the drive takes before it closes), then reads one reply. */
    public Reply sendRaw(ByteBuffer bytes) throws IOException {
        try {
            send(bytes);
        } catch (IOException e) {
            // the drive may close after answering a framing error before taking every byte
        }
        return readReply();
    }

    /** Writes raw bytes without reading a reply. */
    public void send(ByteBuffer bytes) throws IOException {
        while (bytes.hasRemaining()) {
            ch.write(bytes);
        }
    }

    public Reply readReply() throws IOException {
        ByteBuffer h = readFully(FrameFormat.HEADER_SIZE);
        FrameHeader header = FrameHeader.decode(h);
        ByteBuffer payload = readFully((int) header.payloadLen());
        return new Reply(header, payload);
    }

    /** True if the drive closed the connection (the next read sees end of stream). */
    public boolean closedByDrive() throws IOException {
        try {
            return ch.read(ByteBuffer.allocate(1)) < 0;
        } catch (IOException e) {
            return true;
        }
    }

    private ByteBuffer readFully(int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                throw new EOFException("drive closed the connection after " + b.position() + " of " + n + " bytes");
            }
        }
        return b.flip();
    }

    // ---- typed helpers: fail on any status but OK ----

    public Responses.DeviceInfo info() throws IOException {
        return call(new Requests.DeviceInfo()).body();
    }

    public Responses.DeviceLog log() throws IOException {
        return call(new Requests.DeviceLog()).body();
    }

    public long create(long requestedId) throws IOException {
        return call(new Requests.CreateObject(requestedId)).<Responses.CreateObject>body().id();
    }

    public long write(long id, long offset, byte[] data) throws IOException {
        return call(new Requests.WriteObject(id, offset, ByteBuffer.wrap(data))).<Responses.WriteObject>body().size();
    }

    public byte[] read(long id, long offset, int length) throws IOException {
        ByteBuffer data = call(new Requests.ReadObject(id, offset, length)).<Responses.ReadObject>body().data();
        byte[] out = new byte[data.remaining()];
        data.get(out);
        return out;
    }

    public Responses.ObjectStat stat(long id) throws IOException {
        return call(new Requests.StatObject(id)).body();
    }

    public Responses.ListObjects list(long afterId, int max) throws IOException {
        return call(new Requests.ListObjects(afterId, max)).body();
    }

    public void delete(long id) throws IOException {
        call(new Requests.DeleteObject(id)).body();
    }

    public long createTasklet(String name, Params params) throws IOException {
        return call(new Requests.CreateTasklet(TaskletForm.BUILTIN, name, params, ByteBuffer.allocate(0)))
                .<Responses.CreateTasklet>body().taskletId();
    }

    public long execute(long taskletId, long outputId, Params runtime, List<Extent> extents) throws IOException {
        return call(new Requests.Execute(taskletId, outputId, runtime, extents)).<Responses.Execute>body().execId();
    }

    public Responses.Poll poll(long execId) throws IOException {
        return call(new Requests.Poll(execId)).body();
    }

    /** Polls until the execution is DONE, FAILED or CANCELLED (at the drive's suggested interval, at most 10 s). */
    public Responses.Poll await(long execId) throws IOException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            Responses.Poll p = poll(execId);
            if (p.state().isFinished()) {
                return p;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("execution " + execId + " did not finish: " + p);
            }
            try {
                Thread.sleep(Math.max(1, p.suggestedPollUs() / 1000));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(e);
            }
        }
    }

    /** The whole result of a DONE execution. */
    public byte[] result(long execId) throws IOException {
        Responses.ReadResult r = call(new Requests.ReadResult(execId, 0, Limits.MAX_IO)).body();
        byte[] out = new byte[r.data().remaining()];
        r.data().get(out);
        if (out.length != r.totalLength()) {
            throw new AssertionError("result of " + r.totalLength() + " bytes came back with " + out.length);
        }
        return out;
    }

    public ExecutionState cancel(long execId) throws IOException {
        return call(new Requests.Cancel(execId)).<Responses.Cancel>body().state();
    }

    public void release(long execId) throws IOException {
        call(new Requests.Release(execId)).body();
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
