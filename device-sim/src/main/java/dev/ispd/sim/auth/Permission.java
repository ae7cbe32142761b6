package dev.ispd.sim.auth;

import java.util.Locale;

/** What a grant allows on its objects (docs/security.md, "ACLs"). */
public enum Permission {
    /** READ_OBJECT, STAT_OBJECT; LIST_OBJECTS needs it on some object and lists the objects it covers. */
    READ,
    /** CREATE_OBJECT and WRITE_OBJECT of the object, and an EXECUTE's output object. */
    WRITE,
    /** DELETE_OBJECT. */
    DELETE,
    /** EXECUTE over the object's extents; CREATE_TASKLET needs it on some object. */
    EXECUTE,
    /**
     * LOAD_MODULE and UNLOAD_MODULE of the modules whose names the grant lists in {@code modules}
     * (no object ranges); no two identities may be granted the same name.
     */
    MODULE,
    /** Every other permission on the grant's objects, the executions of every identity, and every module. */
    ADMIN;

    /** The name a config file uses: lower case. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The permission a config file names; IllegalArgumentException listing the names otherwise. */
    public static Permission parse(String name) {
        for (Permission p : values()) {
            if (p.configName().equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown permission \"" + name
                + "\"; one of read, write, delete, execute, module, admin");
    }
}
