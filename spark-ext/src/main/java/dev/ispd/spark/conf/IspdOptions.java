package dev.ispd.spark.conf;

import dev.ispd.offload.settings.ConfigKey;
import java.util.List;
import java.util.Map;

/**
 * The options of {@code spark.read.format("ispd")}, each with its default and what it does. Any
 * other option is passed on to the Hadoop configuration of the read, as Spark's file sources do,
 * so {@code .option("ispd.fs.drives", ...)} reaches the osd:// file system (the {@code ispd.*}
 * Hadoop keys: docs/hadoop.md). docs/spark.md's table of options is checked against {@link #ALL}.
 */
public final class IspdOptions {
    private IspdOptions() {
    }

    public static final ConfigKey LAYOUT = new ConfigKey("layout", "",
            "The record layout of the input: worldcup98. Unset, the layout the files record (user.ispd.layout); "
                    + "set, it must agree with it; required for files that record none.");
    public static final ConfigKey ENTRY_SIZE = new ConfigKey("entrySize", "",
            "Bytes per record: 20, 32, 64, 128 or 256 for worldcup98 (records padded as in the paper). Unset, the "
                    + "files' recorded layout gives it; set, it must agree with it; required for files that record none.");

    /** Every option, in the order of the docs' table. */
    public static final List<ConfigKey> ALL = List.of(LAYOUT, ENTRY_SIZE);

    /** The option called {@code key} in {@code options}, matched case-insensitively as Spark does; null if unset. */
    public static String find(Map<String, String> options, String key) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase(key)) {
                return e.getValue();
            }
        }
        return null;
    }
}
