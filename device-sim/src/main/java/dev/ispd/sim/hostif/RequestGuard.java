package dev.ispd.sim.hostif;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Status;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * One connection's gate between the wire and the drive (docs/security.md): who sent a request,
 * whether it may run, and the seal on its answer. A connection asks it, in order, to
 * {@link #authenticate} each frame, {@link #authorize} the decoded request (and carry out the
 * request it returns), note what a
 * successful request {@link #completed}, and {@link #seal} every answer. A refusal is a
 * {@link StatusException}; after {@link Status#AUTH_FAILED} the connection ends.
 */
public interface RequestGuard {

    /** Checks who sent the frame (header and payload, before they are decoded). */
    void authenticate(FrameHeader request, ByteBuffer payload) throws StatusException;

    /**
     * Checks that the authenticated sender may run this command, FORBIDDEN if not; returns it
     * narrowed to what the sender may see (a LIST_OBJECTS to the objects it may read).
     */
    Requests.Request authorize(Requests.Request request) throws StatusException;

    /** Called after the drive carried out a request, with the answer's payload. */
    void completed(Requests.Request request, ByteBuffer answer);

    /**
     * True once the connection's sender is known: it sent an authenticated hello (or, as a mapped
     * local user, a request); on a drive without authentication, once a request was served.
     */
    boolean authenticated();

    /** The header to send for an answer to {@code request}: tagged if the request was authenticated. */
    FrameHeader seal(FrameHeader request, FrameHeader answer, ByteBuffer body);

    /** Makes a guard for each connection the server accepts. */
    interface Factory {
        RequestGuard open(SocketChannel connection);
    }

    /** A drive without authentication: anyone may do anything, and the AUTH flag is UNSUPPORTED. */
    Factory OPEN = connection -> new RequestGuard() {
        @Override
        public void authenticate(FrameHeader request, ByteBuffer payload) throws StatusException {
            if (request.isAuthenticated()) {
                throw new StatusException(Status.UNSUPPORTED, "the AUTH flag is set, but this drive runs without "
                        + "authentication (start it with --auth-config; docs/security.md)");
            }
        }

        @Override
        public Requests.Request authorize(Requests.Request request) {
            return request;
        }

        @Override
        public void completed(Requests.Request request, ByteBuffer answer) {
        }

        @Override
        public boolean authenticated() {
            return true;
        }

        @Override
        public FrameHeader seal(FrameHeader request, FrameHeader answer, ByteBuffer body) {
            return answer;
        }
    };
}
