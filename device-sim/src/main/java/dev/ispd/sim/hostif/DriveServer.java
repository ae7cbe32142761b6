package dev.ispd.sim.hostif;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.nio.channels.AsynchronousCloseException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Serves the protocol on a Unix-domain or TCP socket: an accept thread, and one thread per
 * connection up to {@code maxConnections}; a connection beyond the cap has its first request
 * answered with BUSY and is closed. Closing the server closes every connection; it never
 * interrupts a connection thread (an interrupt would close the drive's file channels under it).
 */
public final class DriveServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DriveServer.class.getName());

    private final ServerSocketChannel server;
    private final DriveAddress address;
    private final RequestHandler handler;
    private final RequestGuard.Factory guards;
    private final int maxConnections;
    private final String name;
    private final LingeringCloser closer;
    private final Map<Connection, Thread> connections = new ConcurrentHashMap<>();
    private final AtomicLong connectionCount = new AtomicLong();
    private final Thread acceptor;
    private volatile boolean closed;

    private DriveServer(ServerSocketChannel server, DriveAddress address, RequestHandler handler,
                        RequestGuard.Factory guards, int maxConnections, String name) throws IOException {
        this.server = server;
        this.address = address;
        this.handler = handler;
        this.guards = guards;
        this.maxConnections = maxConnections;
        this.name = name;
        this.closer = new LingeringCloser(name);
        this.acceptor = new Thread(this::acceptLoop, name + "-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /**
     * Binds {@code at} and starts serving. A Unix socket file left by a drive that is no longer
     * running is replaced; one that a live drive answers on is an error. A TCP port 0 binds any
     * free port ({@link #address()} tells which). Each connection's requests pass the guard
     * {@code guards} opens for it ({@link RequestGuard#OPEN} for a drive without authentication).
     */
    public static DriveServer start(DriveAddress at, RequestHandler handler, RequestGuard.Factory guards,
                                    int maxConnections, String name) throws IOException {
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections must be >= 1, got " + maxConnections);
        }
        Path socketFile = at.unixPath();
        ServerSocketChannel ch;
        DriveAddress bound;
        if (socketFile != null) {
            removeStaleSocket(socketFile);
            ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            ch.bind(at.socketAddress());
            bound = at;
        } else {
            ch = ServerSocketChannel.open();
            ch.bind(at.socketAddress());
            InetSocketAddress local = (InetSocketAddress) ch.getLocalAddress();
            bound = DriveAddress.tcp(((InetSocketAddress) at.socketAddress()).getHostString(), local.getPort());
        }
        return new DriveServer(ch, bound, handler, guards, maxConnections, name);
    }

    private static void removeStaleSocket(Path socketFile) throws IOException {
        if (!Files.exists(socketFile, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (!Files.readAttributes(socketFile, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther()) {
            throw new IOException(socketFile + " exists and is not a socket; choose another socket path");
        }
        try (SocketChannel probe = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            probe.connect(java.net.UnixDomainSocketAddress.of(socketFile));
            throw new IOException("socket " + socketFile + " is in use by a running drive");
        } catch (java.net.ConnectException e) {
            Files.delete(socketFile); // nobody listens: left behind by a drive that died
        }
    }

    /** The bound address, in {@code ispd_connect} format. */
    public DriveAddress address() {
        return address;
    }

    private void acceptLoop() {
        while (!closed) {
            SocketChannel ch;
            try {
                ch = server.accept();
            } catch (AsynchronousCloseException e) {
                return;
            } catch (IOException e) {
                if (!closed) {
                    LOG.log(Level.WARNING, name + ": accept failed", e);
                }
                return;
            }
            if (connections.size() >= maxConnections) {
                closer.rejectBusy(ch, "drive " + name + " already serves " + maxConnections
                        + " connections, its limit; close one and retry");
                continue;
            }
            startConnection(ch);
        }
    }

    private void startConnection(SocketChannel ch) {
        Connection c = new Connection(ch, handler.openSession(), guards.open(ch), closer, connections::remove);
        Thread t = new Thread(c, name + "-conn-" + connectionCount.incrementAndGet());
        t.setDaemon(true);
        connections.put(c, t);
        t.start();
    }

    /** Stops accepting, closes every connection and waits briefly for their threads. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            joinQuietly(acceptor);
            connections.keySet().forEach(Connection::closeQuietly);
            connections.values().forEach(DriveServer::joinQuietly);
            closer.close();
            Path socketFile = address.unixPath();
            if (socketFile != null) {
                try {
                    Files.deleteIfExists(socketFile);
                } catch (IOException e) {
                    LOG.log(Level.WARNING, name + ": could not remove socket " + socketFile, e);
                }
            }
        }
    }

    private static void joinQuietly(Thread t) {
        try {
            t.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
