package dev.ispd.sim.hostif;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
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
 * connection. Any failure of one request becomes an error response; only the framing errors of
 * docs/protocol.md and AUTH_FAILED end the connection, and only this one.
 */
final class Connection implements Runnable {
    private static final Logger LOG = Logger.getLogger(Connection.class.getName());
    private static final int INITIAL_PAYLOAD = 64 * 1024;

    private final SocketChannel ch;
    private final RequestHandler.Session session;
    private final RequestGuard guard;
    private final LingeringCloser closer;
    private final Consumer<Connection> onExit;
    private final ByteBuffer header = ByteBuffer.allocateDirect(FrameFormat.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
    private final ByteBuffer outHeader = ByteBuffer.allocateDirect(FrameFormat.HEADER_SIZE);
    private final ByteBuffer[] frame = new ByteBuffer[2];
    private final PayloadReader reader = new PayloadReader();
    private final PayloadWriter writer = new PayloadWriter();
    private ByteBuffer payload = ByteBuffer.allocateDirect(INITIAL_PAYLOAD);

    Connection(SocketChannel ch, RequestHandler.Session session, RequestGuard guard, LingeringCloser closer,
               Consumer<Connection> onExit) {
        this.ch = ch;
        this.session = session;
        this.guard = guard;
        this.closer = closer;
        this.onExit = onExit;
    }

    @Override
    public void run() {
        boolean drain = false;
        try {
            drain = serve();
        } catch (IOException e) {
            // the client went away or the server is closing this connection
        } finally {
            if (drain && ch.isOpen()) {
                closer.drainAndClose(ch);
            } else {
                closeQuietly();
            }
            onExit.accept(this);
        }
    }

    /** Serves requests until the client closes; returns true if the connection ends on a framing error. */
    private boolean serve() throws IOException {
        while (true) {
            int got = readFully(header.clear());
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
            ByteBuffer in = payloadBuffer(len);
            int read = readFully(in);
            if (read < len) {
                answer(h, Status.MALFORMED, "the frame ended after " + read + " of its " + len + " payload bytes");
                return true;
            }
            if (!dispatch(h, in.flip())) {
                return true;
            }
        }
    }

    /** Answers one request; false if the connection must end (its authentication failed). */
    private boolean dispatch(FrameHeader h, ByteBuffer in) throws IOException {
        writer.clear();
        try {
            Opcode op = Opcode.ofCode(h.opcode());
            if (op == null) {
                throw new StatusException(Status.UNKNOWN_OPCODE, String.format(
                        "opcode 0x%02x is not defined in protocol version %d", h.opcode(),
                        FrameFormat.PROTOCOL_VERSION));
            }
            guard.authenticate(h, in);
            if (h.status() != 0) {
                throw new StatusException(Status.MALFORMED, op + " request: header status must be 0 in a request, got "
                        + h.status());
            }
            Requests.Request request = Requests.decode(op, reader.reset(in, op + " request"));
            guard.authorize(request);
            session.handle(request, writer);
            guard.completed(request, writer.payload());
            send(h, Status.OK, writer.payload());
        } catch (StatusException e) {
            answer(h, e.status(), e.getMessage());
            return e.status() != Status.AUTH_FAILED;
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
        guard.seal(request, FrameHeader.response(request.opcode(), request.requestId(), body.remaining(), status), body)
                .encode(outHeader.clear());
        frame[0] = outHeader.flip();
        frame[1] = body;
        while (body.hasRemaining() || outHeader.hasRemaining()) {
            ch.write(frame);
        }
    }

    /** The payload buffer, grown (and kept) when a frame needs more room. */
    private ByteBuffer payloadBuffer(int len) {
        if (payload.capacity() < len) {
            payload = ByteBuffer.allocateDirect(Math.min(Limits.MAX_PAYLOAD, Math.max(len, 2 * payload.capacity())));
        }
        return payload.clear().limit(len);
    }

    /** Reads until the buffer is full or the stream ends; returns the bytes read. */
    private int readFully(ByteBuffer b) throws IOException {
        int start = b.position();
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                break;
            }
        }
        return b.position() - start;
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
