package dev.ispd.sim.auth;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One identity a drive knows: its wire number (1..2^32-1), a name for messages, its secret key
 * and what it may do.
 */
public record Identity(long id, String name, byte[] key, List<Grant> grants) {

    /** Permissions on a set of objects and, for {@link Permission#MODULE}, on a set of module names. */
    public record Grant(Set<Permission> permissions, List<ObjectRange> objects, List<ModuleNames> modules) {
        public Grant {
            objects = List.copyOf(objects);
            modules = List.copyOf(modules);
        }

        boolean allows(Permission p) {
            return permissions.contains(p) || permissions.contains(Permission.ADMIN);
        }

        @Override
        public String toString() {
            String on = objects.stream().map(ObjectRange::toString).collect(Collectors.joining(","));
            if (!modules.isEmpty()) {
                on += (on.isEmpty() ? "" : " and ") + "modules "
                        + modules.stream().map(ModuleNames::toString).collect(Collectors.joining(","));
            }
            return permissions.stream().map(Permission::configName).collect(Collectors.joining(",")) + " on "
                    + on;
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

    /** True if a grant allows {@code p} on some object. */
    public boolean mayAnywhere(Permission p) {
        return grants.stream().anyMatch(g -> g.allows(p));
    }

    /** True if it may load and unload modules named {@code name}: a module grant covers it, or it is an admin. */
    public boolean mayModule(String name) {
        return isAdmin() || grants.stream().anyMatch(g -> g.permissions().contains(Permission.MODULE)
                && g.modules().stream().anyMatch(m -> m.matches(name)));
    }

    /** The module names its module grants cover. */
    List<ModuleNames> moduleNames() {
        return grants.stream().filter(g -> g.permissions().contains(Permission.MODULE))
                .flatMap(g -> g.modules().stream()).toList();
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
