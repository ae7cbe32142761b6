package dev.ispd.sim.store;

import dev.ispd.protocol.Params;
import java.util.Arrays;

/**
 * What CREATE_TASKLET stored: the form (wire code), the name, the creation parameters and the
 * body (a plan's encoding; empty for a built-in).
 */
public record TaskletDefinition(int form, String name, Params params, byte[] body) {
    public TaskletDefinition {
        body = body.clone();
    }

    /** A definition without a body, as a built-in's. */
    public TaskletDefinition(int form, String name, Params params) {
        this(form, name, params, new byte[0]);
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TaskletDefinition d && d.form == form && d.name.equals(name) && d.params.equals(params)
                && Arrays.equals(d.body, body);
    }

    @Override
    public int hashCode() {
        return ((form * 31 + name.hashCode()) * 31 + params.asMap().hashCode()) * 31 + Arrays.hashCode(body);
    }

    @Override
    public String toString() {
        return "TaskletDefinition[form=" + form + ", name=" + name + ", params=" + params + ", body=" + body.length
                + " bytes]";
    }
}
