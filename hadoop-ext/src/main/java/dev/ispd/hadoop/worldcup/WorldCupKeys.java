package dev.ispd.hadoop.worldcup;

import dev.ispd.offload.settings.ConfigKey;
import java.util.List;

/**
 * The configuration keys of the WorldCup98 DeviceMappers (Q1, Q2, the filter), set per job like
 * any Hadoop key. docs/hadoop.md's table of keys lists them after the generic ones
 * ({@link dev.ispd.hadoop.conf.IspdKeys}); a test checks both.
 */
public final class WorldCupKeys {
    private WorldCupKeys() {
    }

    public static final ConfigKey ENTRY_SIZE = new ConfigKey("ispd.worldcup.entry.size", "",
            "Bytes per WorldCup98 entry (20, 32, 64, 128 or 256) for the built-in Q1, Q2 and filter DeviceMappers. "
                    + "Unset, the inputs' recorded layout gives it; set, it must agree with that layout (else the "
                    + "job fails naming both), and it is required for inputs that record no layout.");
    public static final ConfigKey FILTER_PREDICATE = new ConfigKey("ispd.filter.predicate", "",
            "The filter DeviceMapper's predicate 'field op value', e.g. 'type eq 0' (fields and ops: docs/tasklets.md).");

    /** Every key, in the order of the docs' table. */
    public static final List<ConfigKey> ALL = List.of(ENTRY_SIZE, FILTER_PREDICATE);
}
