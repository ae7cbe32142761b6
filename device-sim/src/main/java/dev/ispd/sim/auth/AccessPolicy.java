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
 * A LIST_OBJECTS lists only the objects its sender may read, and an id the drive picks for an
 * identity is one of its own ({@link OwnIds}).
 */
final class AccessPolicy {
    private final ExecutionOwners owners = new ExecutionOwners();
    private final OwnIds ownIds;

    AccessPolicy(AuthConfig config) {
        this.ownIds = new OwnIds(config.identities());
    }

    void check(Identity who, Requests.Request r) throws StatusException {
        String op = r.opcode().name();
        if (r instanceof Requests.CreateObject c) {
            if (c.requestedId() == 0) {
                requireOwnIds(who, Permission.WRITE, op + " with id 0 (the drive picks the id)");
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
            requireOwnIds(who, Permission.EXECUTE, op + " (the drive picks the instance's id)");
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
        } else if (r instanceof Requests.Scrub scrub) {
            if (scrub.objectId() == 0) {
                requireAdmin(who, op + " of every object", "it reads every identity's objects and lists the damaged ones");
            } else {
                require(who, Permission.READ, scrub.objectId(), op);
            }
        } else if (r instanceof Requests.LoadModule load) {
            requireModule(who, load.name(), op);
        } else if (r instanceof Requests.UnloadModule unload) {
            requireModule(who, unload.name(), op);
        } else if (r instanceof Requests.SetFaults) {
            requireAdmin(who, op, "the fault plan changes how the drive answers everyone");
        }
        // DEVICE_INFO, DEVICE_LOG and LIST_MODULES need only an identity the drive knows
    }

    /**
     * The request as {@code who} may carry it out: a LIST_OBJECTS passes over the objects it may
     * not read, the drive picks a new object's or instance's id among its own ids, and an EXECUTE
     * counts against its identity's fair share of the execution slots.
     */
    Requests.Request narrow(Identity who, Requests.Request r) {
        if (r instanceof Requests.ListObjects list) {
            return list.visibleOnly(id -> who.may(Permission.READ, id));
        }
        if (r instanceof Requests.CreateObject c) {
            return c.pickingFrom(ownIds.of(who, Permission.WRITE));
        }
        if (r instanceof Requests.CreateTasklet c) {
            return c.pickingFrom(ownIds.of(who, Permission.EXECUTE));
        }
        if (r instanceof Requests.Execute e) {
            return e.submittedBy(who.id());
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

    private static void requireAdmin(Identity who, String what, String why) throws StatusException {
        if (!who.isAdmin()) {
            throw new StatusException(Status.FORBIDDEN, who + " may not " + what + ": only an identity granted admin "
                    + "may (" + why + "); its grants: " + grants(who));
        }
    }

    private static void requireModule(Identity who, String name, String op) throws StatusException {
        if (!who.mayModule(name)) {
            throw new StatusException(Status.FORBIDDEN, who + " lacks module on the module name \"" + name + "\" for "
                    + op + "; its grants: " + grants(who));
        }
    }

    private static void require(Identity who, Permission p, long id, String op) throws StatusException {
        if (!who.may(p, id)) {
            throw forbidden(who, p, "object " + objectId(id), op);
        }
    }

    private void requireOwnIds(Identity who, Permission p, String op) throws StatusException {
        if (ownIds.of(who, p).isEmpty()) {
            throw new StatusException(Status.FORBIDDEN, who + " has no ids of its own for " + op + ": no grant gives "
                    + "it " + p.configName() + " on ordinary ids outside the narrower ranges granted to other "
                    + "identities (docs/security.md, \"Ids the drive picks\"); its grants: " + grants(who));
        }
    }

    private static void requireSome(Identity who, Permission p, String op) throws StatusException {
        if (!who.mayAnywhere(p)) {
            throw forbidden(who, p, "any object", op);
        }
    }

    private static StatusException forbidden(Identity who, Permission p, String what, String op) {
        return new StatusException(Status.FORBIDDEN, who + " lacks " + p.configName() + " on " + what + " for " + op
                + "; its grants: " + grants(who));
    }

    private static String grants(Identity who) {
        return who.grants().isEmpty() ? "none" : who.grants().toString();
    }

    private static String objectId(long id) {
        return Long.toUnsignedString(id);
    }
}
