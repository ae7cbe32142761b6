package dev.ispd.sim.hostif;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Status;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Ends connections without dropping an answer, on one selector thread per server:
 * <ul>
 *   <li>{@link #drainAndClose}: after a connection-ending error has been answered, it reads and
 *       discards what the client still sends (for a while) before closing. Closing a TCP socket
 *       with unread input sends a reset, which can destroy the answer before the client reads it.</li>
 *   <li>{@link #rejectBusy}: a connection over the server's cap gets its first request answered
 *       with BUSY, then is drained and closed, without taking a connection thread.</li>
 * </ul>
 */
final class LingeringCloser implements AutoCloseable {
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(2);
    private static final long DRAIN_MAX_BYTES = 4L * Limits.MAX_PAYLOAD;

    private final Selector selector;
    private final Queue<Pending> incoming = new ConcurrentLinkedQueue<>();
    private final ByteBuffer scratch = ByteBuffer.allocateDirect(64 * 1024);
    private final Thread thread;
    /** Connections handed over and not yet closed. */
    private final AtomicInteger held = new AtomicInteger();
    private volatile boolean closed;

    LingeringCloser(String name) throws IOException {
        selector = Selector.open();
        thread = new Thread(this::loop, name + "-closer");
        thread.setDaemon(true);
        thread.start();
    }

    /** Reads the first request header, answers it with BUSY and {@code message}, then drains and closes. */
    void rejectBusy(SocketChannel ch, String message) {
        submit(new Pending(ch, ByteBuffer.allocate(FrameFormat.HEADER_SIZE), message));
    }

    /** Stops sending, reads and discards the client's remaining input for a while, then closes. */
    void drainAndClose(SocketChannel ch) {
        try {
            ch.shutdownOutput();
        } catch (IOException e) {
            closeQuietly(ch);
            return;
        }
        submit(new Pending(ch, null, null));
    }

    /** Connections handed over and not yet closed: each holds a file descriptor. */
    int held() {
        return held.get();
    }

    private void submit(Pending p) {
        if (closed) {
            closeQuietly(p.ch);
            return;
        }
        held.incrementAndGet();
        incoming.add(p);
        selector.wakeup();
    }

    private void loop() {
        try {
            while (!closed) {
                selector.select(100);
                for (Pending p; (p = incoming.poll()) != null; ) {
                    register(p);
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    serve(key);
                }
                selector.selectedKeys().clear();
                long now = System.nanoTime();
                for (SelectionKey key : selector.keys()) {
                    if (now - ((Pending) key.attachment()).since > WAIT_NS) {
                        finish((Pending) key.attachment());
                    }
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            // the server is closing: fall through and close what is left
        } finally {
            for (Pending p; (p = incoming.poll()) != null; ) {
                finish(p);
            }
            try {
                for (SelectionKey key : selector.keys()) {
                    finish((Pending) key.attachment());
                }
                selector.close();
            } catch (IOException | ClosedSelectorException e) {
                // nothing more to release
            }
        }
    }

    private void register(Pending p) {
        try {
            p.ch.configureBlocking(false);
            p.ch.register(selector, SelectionKey.OP_READ, p);
        } catch (IOException e) {
            finish(p);
        }
    }

    private void serve(SelectionKey key) {
        Pending p = (Pending) key.attachment();
        SocketChannel ch = (SocketChannel) key.channel();
        try {
            if (p.header != null) {
                if (ch.read(p.header) < 0) {
                    finish(p); // the client left before finishing its first header
                } else if (!p.header.hasRemaining()) {
                    answerBusy(p);
                }
                return;
            }
            int n;
            while ((n = ch.read(scratch.clear())) > 0) {
                p.drained += n;
            }
            if (n < 0 || p.drained > DRAIN_MAX_BYTES) {
                finish(p);
            }
        } catch (IOException e) {
            finish(p);
        }
    }

    private void answerBusy(Pending p) throws IOException {
        FrameHeader request = FrameHeader.decode(p.header.flip());
        PayloadWriter payload = new PayloadWriter(256);
        new Responses.Error(p.busyMessage).encode(payload);
        ByteBuffer frame = ByteBuffer.allocate(FrameFormat.HEADER_SIZE + payload.size());
        FrameHeader.response(request.opcode(), request.requestId(), payload.size(), Status.BUSY).encode(frame);
        frame.put(payload.payload()).flip();
        p.ch.write(frame); // a fresh socket's send buffer takes this small frame whole
        p.ch.shutdownOutput();
        p.header = null;
        p.since = System.nanoTime();
    }

    /** Closes a connection handed over (once; later calls do nothing). */
    private void finish(Pending p) {
        if (!p.finished) {
            p.finished = true;
            held.decrementAndGet();
            closeQuietly(p.ch);
        }
    }

    private static void closeQuietly(SocketChannel ch) {
        try {
            ch.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() {
        closed = true;
        selector.wakeup();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A connection being ended: reading its first header ({@code header != null}) or draining. */
    private static final class Pending {
        final SocketChannel ch;
        final String busyMessage;
        ByteBuffer header;
        long since = System.nanoTime();
        long drained;
        boolean finished;

        Pending(SocketChannel ch, ByteBuffer header, String busyMessage) {
            this.ch = ch;
            this.header = header;
            this.busyMessage = busyMessage;
        }
    }
}
