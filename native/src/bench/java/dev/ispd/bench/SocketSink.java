package dev.ispd.bench;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A Unix socket whose far end, a thread of its own, reads and drops everything it receives and
 * answers one byte after every {@code roundBytes}: what the kernel's socket alone costs to move
 * the bytes of a transfer, without a protocol, a library or a drive behind it.
 */
final class SocketSink implements AutoCloseable {
    private final Path path;
    private final SocketChannel client;
    private final SocketChannel server;
    private final Thread drain;
    private final ByteBuffer ack = ByteBuffer.allocateDirect(1);

    SocketSink(Path path, long roundBytes, int readSize) throws IOException {
        this.path = path;
        try (ServerSocketChannel listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            listener.bind(UnixDomainSocketAddress.of(path));
            client = SocketChannel.open(UnixDomainSocketAddress.of(path));
            server = listener.accept();
        }
        drain = new Thread(() -> drain(roundBytes, readSize), "socket-sink");
        drain.setDaemon(true);
        drain.start();
    }

    /** Sends the buffer's remaining bytes. */
    void send(ByteBuffer src) throws IOException {
        while (src.hasRemaining()) {
            client.write(src);
        }
    }

    /** Waits until the far end has read a whole round. */
    void awaitRound() throws IOException {
        ack.clear();
        if (client.read(ack) < 0) {
            throw new IOException("socket sink on " + path + " closed before the end of a round");
        }
    }

    private void drain(long roundBytes, int readSize) {
        ByteBuffer in = ByteBuffer.allocateDirect(readSize);
        ByteBuffer done = ByteBuffer.allocateDirect(1);
        try {
            while (true) {
                for (long got = 0; got < roundBytes; ) {
                    int n = server.read(in.clear());
                    if (n < 0) {
                        return;
                    }
                    got += n;
                }
                server.write(done.clear());
            }
        } catch (IOException e) {
            // closed: the benchmark is over
        }
    }

    @Override
    public void close() throws IOException {
        try {
            client.close();
            server.close();
        } finally {
            Files.deleteIfExists(path);
        }
    }
}
