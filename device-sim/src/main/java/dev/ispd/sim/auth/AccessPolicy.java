package dev.ispd.sim.auth;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.StatusException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Which permission each command needs, on which objects (docs/security.md, "What each command
 * needs"), and who owns each execution. A refusal is FORBIDDEN naming the identity, the
 * permission, the object and the command; it comes before the command runs, so nothing changes.
 * A LIST_OBJECTS lists only the objects its sender may read.
 */
final class AccessPolicy {
    private final ExecutionOwners owners = new ExecutionOwners();

    void check(Identity who, Requests.Request r) throws StatusException {
        String op = r.opcode().name();
        if (r instanceof Requests.CreateObject c) {
            if (c.requestedId() == 0) {
                requireAll(who, Permission.WRITE, ObjectRange.ORDINARY, op + " with id 0 (the drive picks the id)");
            } else {
                require(who, Permission.WRITE, c.requestedId(), op);
            }
        } else if (r instanceof Requests.WriteObject w) {
            require(who, Permission.WRITE, w.id(), op);
        } else if (r instanceof Requests.ReadObject read) {
            require(who, Permission.READ, read.id(), op);
        } else if (r instanceof Requests.StatObject s) {
            require(who, Permission.READ, s.id(), op);
        } else if (r instanceof Requests.DeleteObject d) {
            require(who, Permission.DELETE, d.id(), op);
        } else if (r instanceof Requests.ListObjects) {
            requireSome(who, Permission.READ, op);
        } else if (r instanceof Requests.CreateTasklet) {
            requireSome(who, Permission.EXECUTE, op);
        } else if (r instanceof Requests.Execute e) {
            checkExecute(who, e);
        } else if (r instanceof Requests.Poll p) {
            requireOwner(who, p.execId(), op);
        } else if (r instanceof Requests.ReadResult rr) {
            requireOwner(who, rr.execId(), op);
        } else if (r instanceof Requests.Cancel c) {
            requireOwner(who, c.execId(), op);
        } else if (r instanceof Requests.Release rel) {
            requireOwner(who, rel.execId(), op);
        } else if (r instanceof Requests.SetFaults && !who.isAdmin()) {
            throw new StatusException(Status.FORBIDDEN, who + " may not " + op + ": only an identity granted admin "
                    + "may change the drive's fault plan; its grants: " + (who.grants().isEmpty() ? "none"
                    : who.grants()));
        }
        // DEVICE_INFO and DEVICE_LOG need only an identity the drive knows
    }

    /** The request as {@code who} may see it: a LIST_OBJECTS passes over the objects it may not read. */
    static Requests.Request narrow(Identity who, Requests.Request r) {
        if (r instanceof Requests.ListObjects list) {
            return list.visibleOnly(id -> who.may(Permission.READ, id));
        }
        return r;
    }

    /** Notes who submitted an execution and forgets a released one. */
    void completed(Identity who, Requests.Request r, ByteBuffer answer) {
        if (r instanceof Requests.Execute) {
            owners.submitted(answer.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(0), who.id());
        } else if (r instanceof Requests.Release rel) {
            owners.released(rel.execId());
        }
    }

    private static void checkExecute(Identity who, Requests.Execute e) throws StatusException {
        List<Extent> extents = e.extents();
        for (int i = 0; i < extents.size(); i++) {
            long id = extents.get(i).objectId();
            if (!who.may(Permission.EXECUTE, id)) {
                throw forbidden(who, Permission.EXECUTE, "object " + objectId(id) + " (extent " + i + ")", "EXECUTE");
            }
        }
        if (e.outputId() != 0) {
            require(who, Permission.WRITE, e.outputId(), "EXECUTE's output");
        }
    }

    private void requireOwner(Identity who, long execId, String op) throws StatusException {
        Long owner = owners.owner(execId);
        if (owner != null && owner != who.id() && !who.isAdmin()) {
            throw new StatusException(Status.FORBIDDEN, who + " may not " + op + " execution "
                    + Long.toUnsignedString(execId) + ": identity " + owner + " submitted it (only it or an admin may)");
        }
    }

    private static void require(Identity who, Permission p, long id, String op) throws StatusException {
        if (!who.may(p, id)) {
            throw forbidden(who, p, "object " + objectId(id), op);
        }
    }

    private static void requireAll(Identity who, Permission p, ObjectRange range, String op) throws StatusException {
        if (!who.mayAll(p, range)) {
            throw forbidden(who, p, "every object of " + range, op);
        }
    }

    private static void requireSome(Identity who, Permission p, String op) throws StatusException {
        if (!who.mayAnywhere(p)) {
            throw forbidden(who, p, "any object", op);
        }
    }

    private static StatusException forbidden(Identity who, Permission p, String what, String op) {
        return new StatusException(Status.FORBIDDEN, who + " lacks " + p.configName() + " on " + what + " for " + op
                + "; its grants: " + (who.grants().isEmpty() ? "none" : who.grants()));
    }

    private static String objectId(long id) {
        return Long.toUnsignedString(id);
    }
}
