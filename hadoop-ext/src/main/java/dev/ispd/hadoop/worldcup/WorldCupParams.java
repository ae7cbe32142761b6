package dev.ispd.hadoop.worldcup;

import dev.ispd.tasklet.builtin.Q1Factory;
import org.apache.hadoop.conf.Configuration;

/** Reads the built-in WorldCup98 mappers' settings from a job Configuration. */
final class WorldCupParams {
    /** The built-ins' entry size parameter (the same name for q1, q2 and filter). */
    static final String ENTRY_SIZE = Q1Factory.ENTRY_SIZE;

    private WorldCupParams() {
    }

    /** {@link WorldCupKeys#ENTRY_SIZE} as text; the tasklet's own validation checks its value. */
    static String entrySize(Configuration conf) {
        return conf.getTrimmed(WorldCupKeys.ENTRY_SIZE.name(), WorldCupKeys.ENTRY_SIZE.defaultValue());
    }
}
