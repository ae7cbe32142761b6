package dev.ispd.sim.hostif;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.metrics.DriveEvents;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client connection, served by its own thread: read a frame, let its {@link RequestGuard}
 * authenticate and authorize it, dispatch it to the session, write the (sealed) answer, in order.
 * Its buffers (header, payload in, payload out) are direct and kept for the life of the
 * connection; the payload buffer grows with the bytes that actually arrive, never ahead of them
 * on the strength of an announced length, and only by bytes reserved from the server's
 * {@link ReceiveMemory}: a frame that cannot get them within the header timeout is read to its
 * end, dropped and answered BUSY. Any failure of one request becomes an error response;
 * only the framing errors of docs/protocol.md and AUTH_FAILED end the connection, and only this one.
 *
 * <p>While it waits for a client it keeps a deadline ({@link ServerLimits}): the idle timeout
 * between frames, the header timeout once a frame has begun and for every pause in its payload or
 * in sending the answer, and for a whole payload (either way) the header timeout plus its length
 * at the minimum payload rate, so a client trickling bytes cannot hold its slot for long. Until
 * its guard says it is {@link RequestGuard#authenticated}, the whole connection has the short
 * hello timeout whenever others wait for a slot: a silent or unauthenticated client then loses
 * its slot in seconds, not at the idle timeout (and one slow to send its first request harms
 * nobody while slots are free). The server's watchdog calls {@link #closeIfExpired}.
 */
final class Connection implements Runnable {
    private static final Logger LOG = Logger.getLogger(Connection.class.getName());

    private final SocketChannel ch;
    private final RequestHandler.Session session;
    private final RequestGuard guard;
    private final LingeringCloser closer;
    private final DriveEvents events;
    private final Consumer<Connection> onExit;
    private final Consumer<Connection> onAuthenticated;
    private final long idleTimeoutNs;
    private final long headerTimeoutNs;
    private final ServerLimits limits;
    private final long helloDeadlineNs;
    private volatile boolean authenticated;
    private final ByteBuffer header = ByteBuffer.allocateDirect(FrameFormat.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer outHeader = ByteBuffer.allocateDirect(FrameFormat.HEADER_SIZE);
    private final ByteBuffer[] frame = new ByteBuffer[2];
    private final PayloadReader reader = new PayloadReader();
    private final PayloadWriter writer = new PayloadWriter();
    private final ReceiveMemory memory;
    private final ByteBuffer initialPayload = ByteBuffer.allocateDirect(ServerLimits.INITIAL_RECEIVE_BUFFER);
    private ByteBuffer payload = initialPayload;
    /** Bytes of {@link #memory} reserved for the payload buffer beyond the initial one (at least what it holds). */
    private long grownBytes;
    /** True while the grown buffer is parked in {@link #memory} between frames. */
    private boolean parked;
    /** Why the frame being read is dropped instead of served (BUSY); null if it is kept. */
    private String dropped;
    /** System.nanoTime after which the watchdog closes this connection; MAX_VALUE while a request runs. */
    private volatile long deadlineNs = Long.MAX_VALUE;
    /** What the connection waits for, for the log line when it times out. */
    private volatile String waitingFor = "";

    Connection(SocketChannel ch, RequestHandler.Session session, RequestGuard guard, LingeringCloser closer,
               ServerLimits limits, ReceiveMemory memory, DriveEvents events, Consumer<Connection> onAuthenticated,
               Consumer<Connection> onExit) {
        this.ch = ch;
        this.memory = memory;
        this.session = session;
        this.guard = guard;
        this.closer = closer;
        this.events = events;
        this.onExit = onExit;
        this.onAuthenticated = onAuthenticated;
        this.idleTimeoutNs = limits.idleTimeout().toNanos();
        this.headerTimeoutNs = limits.headerTimeout().toNanos();
        this.limits = limits;
        this.helloDeadlineNs = System.nanoTime() + limits.helloTimeout().toNanos();
    }

    @Override
    public void run() {
        boolean drain = false;
        try {
            drain = serve();
        } catch (IOException e) {
            // the client went away or the server is closing this connection
        } catch (ConnectionFault f) {
            LOG.fine(() -> "injected fault ends a connection: " + f.getMessage());
            if (f.kind() == ConnectionFault.Kind.HANG) {
                waitForClientToLeave();
            }
        } finally {
            if (drain && ch.isOpen()) {
                closer.drainAndClose(ch);
            } else {
                closeQuietly();
            }
            if (grownBytes > 0 && (!parked || memory.unpark(this))) {
                memory.release(grownBytes);
            }
            session.close();
            onExit.accept(this);
        }
    }

    /** Serves requests until the client closes; returns true if the connection ends on a framing error. */
    private boolean serve() throws IOException {
        while (true) {
            int got = readHeader();
            if (got == 0) {
                return false; // clean close between frames
            }
            if (got < FrameFormat.HEADER_SIZE) {
                answer(decodePadded(), Status.MALFORMED,
                        "the frame ended after " + got + " of the header's " + FrameFormat.HEADER_SIZE + " bytes");
                return true;
            }
            FrameHeader h = FrameHeader.decode(header.flip());
            StatusException framing = h.checkFraming();
            if (framing == null && h.isResponse()) {
                framing = new StatusException(Status.BAD_FLAGS, "the RESPONSE flag is set on a request");
            }
            if (framing != null) {
                answer(h, framing.status(), framing.getMessage());
                return true;
            }
            int len = (int) h.payloadLen();
            int received = readPayload(len);
            if (received < len) {
                answer(h, Status.MALFORMED, "the frame ended after " + received + " of its " + len
                        + " payload bytes");
                return true;
            }
            deadlineNs = Long.MAX_VALUE;
            boolean goOn = true;
            if (dropped != null) {
                answer(h, Status.BUSY, dropped);
            } else {
                goOn = dispatch(h, payload.flip());
            }
            if (grownBytes > 0) {
                memory.park(this, grownBytes);
                parked = true;
            }
            if (!goOn) {
                return true;
            }
        }
    }

    /** Answers one request; false if the connection must end (its authentication failed). */
    private boolean dispatch(FrameHeader h, ByteBuffer in) throws IOException {
        writer.clear();
        try {
            guard.authenticate(h, in); // first, so that every answer on a signed connection is tagged
            Opcode op = Opcode.ofCode(h.opcode());
            if (op == null) {
                throw new StatusException(Status.UNKNOWN_OPCODE, String.format(
                        "opcode 0x%02x is not defined in protocol version %d", h.opcode(),
                        FrameFormat.PROTOCOL_VERSION));
            }
            if (h.status() != 0) {
                throw new StatusException(Status.MALFORMED, op + " request: header status must be 0 in a request, got "
                        + h.status());
            }
            Requests.Request request = guard.authorize(Requests.decode(op, reader.reset(in, op + " request")));
            session.handle(request, writer);
            guard.completed(request, writer.payload());
            send(h, Status.OK, writer.payload());
        } catch (StatusException e) {
            answer(h, e.status(), e.getMessage());
            return e.status() != Status.AUTH_FAILED;
        } catch (ConnectionFault e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "internal error serving " + h, e);
            answer(h, Status.INTERNAL, "internal error in the drive: " + e);
        }
        return true;
    }

    private void answer(FrameHeader request, Status status, String message) throws IOException {
        writer.clear();
        new Responses.Error(message).encode(writer);
        send(request, status, writer.payload());
    }

    private void send(FrameHeader request, Status status, ByteBuffer body) throws IOException {
        noteAuthenticated();
        events.answered(request.opcode(), status);
        guard.seal(request, FrameHeader.response(request.opcode(), request.requestId(), body.remaining(), status), body)
                .encode(outHeader.clear());
        frame[0] = outHeader.flip();
        frame[1] = body;
        waitingFor = "the client to take its answer";
        long frameDeadline = System.nanoTime() + limits.payloadDeadlineNs(body.remaining());
        while (body.hasRemaining() || outHeader.hasRemaining()) {
            deadlineNs = nextDeadline(frameDeadline);
            ch.write(frame);
        }
        deadlineNs = Long.MAX_VALUE;
    }

    /**
     * Reads a frame header: the first byte within the idle timeout, the rest within the header
     * timeout. Returns the bytes read, fewer than the header's only if the stream ended.
     */
    private int readHeader() throws IOException {
        header.clear();
        waitingFor = "a frame (idle)";
        deadlineNs = System.nanoTime() + idleTimeoutNs;
        if (ch.read(header) < 0) {
            return 0;
        }
        waitingFor = "the rest of a frame header";
        deadlineNs = System.nanoTime() + headerTimeoutNs;
        while (header.hasRemaining()) {
            if (ch.read(header) < 0) {
                break;
            }
        }
        return header.position();
    }

    /**
     * Reads up to {@code len} payload bytes into the payload buffer, growing it only as the
     * bytes arrive and only by bytes {@link ReceiveMemory} grants; each pause may last up to the
     * header timeout, the whole payload its {@link ServerLimits#payloadDeadlineNs} (plus any
     * wait for memory, which is the drive's). If memory is not granted within the header timeout,
     * the rest is read and dropped and {@link #dropped} says why. Returns the bytes read, fewer
     * than {@code len} only if the stream ended.
     */
    private int readPayload(int len) throws IOException {
        dropped = null;
        if (parked && !memory.unpark(this)) { // taken back while the connection was idle
            grownBytes = 0;
            payload = initialPayload;
        }
        parked = false;
        ByteBuffer b = payload.clear().limit(Math.min(len, payload.capacity()));
        int got = 0;
        long frameDeadline = System.nanoTime() + limits.payloadDeadlineNs(len);
        while (got < len) {
            if (!b.hasRemaining()) {
                long start = System.nanoTime();
                if (dropped == null && !grow(len)) {
                    dropped = "the drive's receive memory (" + memory.limit() + " bytes of receive buffers) is in "
                            + "use by other connections and not enough freed up within " + headerTimeoutNs / 1_000_000
                            + " ms; the " + len + "-byte payload was dropped; retry later";
                }
                frameDeadline += System.nanoTime() - start;
                b = dropped == null ? payload : payload.clear().limit(Math.min(len - got, payload.capacity()));
            }
            waitingFor = "the payload of a frame";
            deadlineNs = nextDeadline(frameDeadline);
            int n = ch.read(b);
            if (n < 0) {
                break;
            }
            got += n;
        }
        return got;
    }

    /** The header timeout from now, but no later than the whole frame's deadline. */
    private long nextDeadline(long frameDeadline) {
        long pause = System.nanoTime() + headerTimeoutNs;
        return pause - frameDeadline < 0 ? pause : frameDeadline;
    }

    /**
     * Doubles the payload buffer (to at most {@code len}), keeping what it holds. The first time
     * a frame outgrows the buffer, the memory for all of its payload is reserved at once: a
     * connection never holds part of a frame's memory while it waits for the rest, so
     * connections growing together cannot each hold a share and all wait. False if the memory
     * was not reserved within the header timeout; the drive, not the client, waits meanwhile, so
     * no deadline runs.
     */
    private boolean grow(int len) {
        long need = Math.min(len, Limits.MAX_PAYLOAD) - ServerLimits.INITIAL_RECEIVE_BUFFER;
        if (grownBytes < need) {
            deadlineNs = Long.MAX_VALUE;
            waitingFor = "receive memory";
            if (!memory.reserve(need - grownBytes, headerTimeoutNs)) {
                return false;
            }
            grownBytes = need;
        }
        int capacity = (int) Math.min(len, Math.min((long) Limits.MAX_PAYLOAD, 2L * payload.capacity()));
        try {
            payload = ByteBuffer.allocateDirect(capacity).put(payload.flip()).limit(capacity);
        } catch (OutOfMemoryError e) { // the JVM's direct memory is smaller than the budget: as if not granted
            return false;
        }
        return true;
    }

    /** A hung drive's side of the connection: reads and drops what arrives until the client closes it. */
    private void waitForClientToLeave() {
        ByteBuffer sink = payload.clear();
        try {
            while (ch.read(sink.clear()) >= 0) {
                // discarded: the hung drive answers nothing
            }
        } catch (IOException e) {
            // closed by the drive stopping
        }
    }

    /**
     * Publishes the guard's authentication before the answer leaves: a client that has its
     * hello's answer must already count as authenticated, or the watchdog could close it at the
     * hello timeout and the unauthenticated budget would count it against connections after it.
     */
    private void noteAuthenticated() {
        if (!authenticated && guard.authenticated()) {
            authenticated = true;
            onAuthenticated.accept(this);
        }
    }

    /** True once its sender is known (see {@link RequestGuard#authenticated}). */
    boolean authenticated() {
        return authenticated;
    }

    /**
     * Closes the connection if its client kept it waiting past its deadline, or, when
     * {@code othersWait}, is still not authenticated past its hello deadline; true if it did.
     * Never while a request runs.
     */
    boolean closeIfExpired(long nowNs, boolean othersWait) {
        long deadline = deadlineNs;
        if (deadline == Long.MAX_VALUE) {
            return false;
        }
        if (othersWait && !authenticated && nowNs - helloDeadlineNs > 0) {
            LOG.fine(() -> "closing a connection not authenticated within the hello timeout");
            closeQuietly();
            return true;
        }
        if (nowNs - deadline <= 0) {
            return false;
        }
        LOG.fine(() -> "closing a connection that kept the drive waiting too long for " + waitingFor);
        closeQuietly();
        return true;
    }

    /** A partial header, zero-padded, so the answer can still echo the opcode and request id it holds. */
    private FrameHeader decodePadded() {
        while (header.hasRemaining()) {
            header.put((byte) 0);
        }
        return FrameHeader.decode(header.flip());
    }

    void closeQuietly() {
        try {
            ch.close();
        } catch (IOException e) {
            // already closed
        }
    }
}
