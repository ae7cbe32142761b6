package dev.ispd.sim.hostif;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.file.Path;

/**
 * Where a drive listens, in the address format of {@code ispd_connect}: {@code unix:/path/to/socket}
 * or {@code tcp:host:port}.
 */
public record DriveAddress(String text, SocketAddress socketAddress) {

    public static DriveAddress unix(Path socket) {
        Path abs = socket.toAbsolutePath();
        return new DriveAddress("unix:" + abs, UnixDomainSocketAddress.of(abs));
    }

    public static DriveAddress tcp(String host, int port) {
        return new DriveAddress("tcp:" + host + ":" + port, new InetSocketAddress(host, port));
    }

    /** Parses {@code unix:<path>} or {@code tcp:<host>:<port>}; the message names what is wrong. */
    public static DriveAddress parse(String text) {
        if (text.startsWith("unix:") && text.length() > 5) {
            return unix(Path.of(text.substring(5)));
        }
        if (text.startsWith("tcp:")) {
            int colon = text.lastIndexOf(':');
            if (colon > 4) {
                String host = text.substring(4, colon);
                try {
                    int port = Integer.parseInt(text.substring(colon + 1));
                    if (port >= 0 && port <= 65535) {
                        return tcp(host, port);
                    }
                } catch (NumberFormatException e) {
                    // reported below
                }
            }
        }
        throw new IllegalArgumentException("drive address '" + text
                + "' is neither unix:/path/to/socket nor tcp:host:port");
    }

    /** The socket file of a Unix-domain address, or null for TCP. */
    public Path unixPath() {
        return socketAddress instanceof UnixDomainSocketAddress u ? u.getPath() : null;
    }

    @Override
    public String toString() {
        return text;
    }
}
