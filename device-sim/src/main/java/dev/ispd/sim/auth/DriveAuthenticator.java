package dev.ispd.sim.auth;

import dev.ispd.sim.hostif.RequestGuard;
import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.util.logging.Level;
import java.util.logging.Logger;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

/**
 * Authentication and access control of one drive: opens a {@link ConnectionGuard} per
 * connection, all sharing the drive's config and record of who submitted which execution.
 */
public final class DriveAuthenticator implements RequestGuard.Factory {
    private static final Logger LOG = Logger.getLogger(DriveAuthenticator.class.getName());

    private final String drive;
    private final AuthConfig config;
    private final AccessPolicy policy;
    private final SecureRandom random = new SecureRandom();

    public DriveAuthenticator(String drive, AuthConfig config) {
        this.drive = drive;
        this.config = config;
        this.policy = new AccessPolicy(config);
    }

    @Override
    public RequestGuard open(SocketChannel connection) {
        return new ConnectionGuard(drive, config, policy, peer(connection),
                () -> SequenceNumbers.following(random.nextInt() & 0xFFFF_FFFFL));
    }

    /** The identity of a Unix socket's peer user (SO_PEERCRED), if the config maps it; else null. */
    private Identity peer(SocketChannel connection) {
        if (!config.mapsUnixUsers()) {
            return null;
        }
        try {
            if (!(connection.getLocalAddress() instanceof UnixDomainSocketAddress)) {
                return null;
            }
            UnixDomainPrincipal p = connection.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return config.unixUser(p.user().getName());
        } catch (IOException | UnsupportedOperationException e) {
            LOG.log(Level.WARNING, drive + ": cannot tell the local user of a connection (SO_PEERCRED); "
                    + "its requests must be tagged", e);
            return null;
        }
    }
}
