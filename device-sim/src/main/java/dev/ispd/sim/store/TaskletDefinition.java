package dev.ispd.sim.store;

import dev.ispd.protocol.Params;

/** What CREATE_TASKLET stored: the form (wire code), the name and the creation parameters. */
public record TaskletDefinition(int form, String name, Params params) { }
