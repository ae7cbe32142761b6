package dev.ispd.sim.auth;

import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.RequestGuard;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.StatusException;
import java.nio.ByteBuffer;
import java.util.function.LongSupplier;

/**
 * The guard of one connection to a drive that authenticates (docs/security.md, "Frames"). The
 * first authenticated request is the hello, a DEVICE_INFO with sequence 0; it binds the
 * connection to its identity, and its answer carries the sequence number the drive chose at
 * random for the next request. Each later request carries the one after, and its answer echoes
 * it. A request without AUTH is that of the local user's identity if the peer of a Unix socket
 * maps to one, else AUTH_REQUIRED.
 */
final class ConnectionGuard implements RequestGuard {
    private static final long NO_HELLO = -1;

    private final String drive;
    private final AuthConfig config;
    private final AccessPolicy policy;
    private final Identity peer;
    private final LongSupplier firstSequence;
    private Identity bound;
    private FrameTag boundTag;
    private long nextSequence = NO_HELLO;
    /** Who sent the request being served, and (if it was tagged) that request and its answer's sequence. */
    private Identity current;
    private FrameHeader tagged;
    private long answerSequence;

    ConnectionGuard(String drive, AuthConfig config, AccessPolicy policy, Identity peer, LongSupplier firstSequence) {
        this.drive = drive;
        this.config = config;
        this.policy = policy;
        this.peer = peer;
        this.firstSequence = firstSequence;
    }

    @Override
    public void authenticate(FrameHeader request, ByteBuffer payload) throws StatusException {
        current = null;
        tagged = null;
        if (!request.isAuthenticated()) {
            if (peer == null) {
                throw new StatusException(Status.AUTH_REQUIRED, "drive " + drive + " requires authentication: "
                        + "every request carries the AUTH flag, an identity, a sequence number and an HMAC-SHA256 "
                        + "tag (docs/security.md)");
            }
            current = peer;
            return;
        }
        Identity who = config.identity(request.identity());
        if (who == null) {
            throw new StatusException(Status.AUTH_FAILED, "identity " + request.identity() + " is not known to drive "
                    + drive);
        }
        Opcode known = Opcode.ofCode(request.opcode());
        String op = known != null ? known.name() : String.format("opcode 0x%02x", request.opcode());
        FrameTag tag = who == bound ? boundTag : FrameTag.keyed(who.key());
        if (!tag.verifies(request, payload)) {
            throw new StatusException(Status.AUTH_FAILED, "the auth_tag of this " + op + " request does not verify for "
                    + who + ": a wrong key, or the frame changed on the way");
        }
        if (nextSequence == NO_HELLO) {
            if (request.sequence() != 0 || request.opcode() != Opcode.DEVICE_INFO.code()) {
                throw new StatusException(Status.AUTH_FAILED, "the first authenticated request on a connection is the "
                        + "hello, DEVICE_INFO with sequence 0; got " + op + " with sequence " + request.sequence());
            }
            bound = who;
            boundTag = tag;
            answerSequence = firstSequence.getAsLong();
            nextSequence = answerSequence;
        } else {
            if (who != bound) {
                throw new StatusException(Status.AUTH_FAILED, "this connection is authenticated as " + bound
                        + "; a request of " + who + " needs a connection of its own");
            }
            if (request.sequence() != nextSequence) {
                throw new StatusException(Status.AUTH_FAILED, op + " request with sequence " + request.sequence()
                        + ", expected " + nextSequence + ": a replayed, reordered or lost request");
            }
            answerSequence = nextSequence;
            nextSequence = SequenceNumbers.following(nextSequence);
        }
        current = who;
        tagged = request;
    }

    @Override
    public Requests.Request authorize(Requests.Request request) throws StatusException {
        policy.check(current, request);
        return policy.narrow(current, request);
    }

    @Override
    public void completed(Requests.Request request, ByteBuffer answer) {
        policy.completed(current, request, answer);
    }

    @Override
    public boolean authenticated() {
        return bound != null || peer != null && current == peer;
    }

    @Override
    public FrameHeader seal(FrameHeader request, FrameHeader answer, ByteBuffer body) {
        if (request != tagged) {
            return answer; // not authenticated by a tag: nothing to answer it with
        }
        return boundTag.sign(answer, bound.id(), answerSequence, body);
    }
}
