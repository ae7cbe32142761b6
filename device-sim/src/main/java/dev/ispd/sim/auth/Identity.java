package dev.ispd.sim.auth;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One identity a drive knows: its wire number (1..2^32-1), a name for messages, its secret key
 * and what it may do.
 */
public record Identity(long id, String name, byte[] key, List<Grant> grants) {

    /** Permissions on a set of objects. */
    public record Grant(Set<Permission> permissions, List<ObjectRange> objects) {
        boolean allows(Permission p) {
            return permissions.contains(p) || permissions.contains(Permission.ADMIN);
        }

        @Override
        public String toString() {
            return permissions.stream().map(Permission::configName).collect(Collectors.joining(",")) + " on "
                    + objects.stream().map(ObjectRange::toString).collect(Collectors.joining(","));
        }
    }

    public Identity {
        key = key.clone();
        grants = List.copyOf(grants);
    }

    /** True if a grant allows {@code p} on object {@code objectId}. */
    public boolean may(Permission p, long objectId) {
        return grants.stream().anyMatch(g -> g.allows(p) && g.objects().stream().anyMatch(r -> r.contains(objectId)));
    }

    /** True if one grant allows {@code p} on every object of {@code range}. */
    public boolean mayAll(Permission p, ObjectRange range) {
        return grants.stream().anyMatch(g -> g.allows(p) && g.objects().stream().anyMatch(r -> r.contains(range)));
    }

    /** True if a grant allows {@code p} on some object. */
    public boolean mayAnywhere(Permission p) {
        return grants.stream().anyMatch(g -> g.allows(p));
    }

    /** True if it may act on every identity's executions. */
    public boolean isAdmin() {
        return grants.stream().anyMatch(g -> g.permissions().contains(Permission.ADMIN));
    }

    @Override
    public String toString() {
        return "identity " + id + " (" + name + ")";
    }
}
