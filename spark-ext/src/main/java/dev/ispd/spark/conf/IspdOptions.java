package dev.ispd.spark.conf;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.offload.settings.ConfigKey;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The options of {@code format("ispd")} (reads and writes), each with its default and what it
 * does. Any other option is passed on to the Hadoop configuration of the read or write, as
 * Spark's file sources do, so {@code .option("ispd.fs.drives", ...)} reaches the osd:// file
 * system (the {@code ispd.*} Hadoop keys: docs/hadoop.md). docs/spark.md's table of options is
 * checked against {@link #ALL}.
 */
public final class IspdOptions {
    private IspdOptions() {
    }

    /** The option Spark sets from {@code load(path)} and {@code save(path)}. */
    public static final String PATH = "path";
    /** The option Spark sets from {@code load(path, path, ...)}. */
    public static final String PATHS = "paths";

    public static final ConfigKey LAYOUT = new ConfigKey("layout", "",
            "The record layout: worldcup98, or fields as text ('id u32 le @0, flags u8 @4 bits 0..2'). "
                    + "Without it (and layoutFile), the layout the file records.");
    public static final ConfigKey LAYOUT_FILE = new ConfigKey("layoutFile", "",
            "A JSON file (any Hadoop path) describing the record layout, instead of layout.");
    public static final ConfigKey ENTRY_SIZE = new ConfigKey("entrySize", "",
            "Bytes per record: 20, 32, 64, 128 or 256 for worldcup98 (records padded as in the paper; "
                    + "required if the files record no layout); for other layouts, up to the furthest field's end.");

    public static final ConfigKey FORMAT = new ConfigKey("format", "",
            "The files' format: parquet (read as their schema says; layout and entrySize do not apply) or records "
                    + "(fixed-width records of a layout). Without it, parquet if the files begin and end with "
                    + "Parquet's magic PAR1, else records.");

    public static final ConfigKey STRING_WIDTH = new ConfigKey("stringWidth", "255",
            "Parquet files: the bytes a plan holds of each string value, 1-65535; a longer string fails the read, "
                    + "naming file, row group and column. Wider places make the drives decode fewer rows a batch.");

    /** Resolved with the offload settings ({@link SparkSettings}): also {@code spark.ispd.aggregate.gather}. */
    public static final ConfigKey GATHER = new ConfigKey("ispd.aggregate.gather", "true",
            "Whether a GROUP BY whose splits run in drives (any on the host run beside them on the host slots) "
                    + "is answered by one partition that runs them at once and merges their groups (no shuffle); "
                    + "false: one partition per split, merged by Spark. Also spark.ispd.aggregate.gather.");

    public static final ConfigKey BLOCK = new ConfigKey("block", "",
            "Writes: store the records column-blocked, this many to a block (each column's values together, so a "
                    + "scan reads only the columns it needs); each file's chunks are whole blocks, so a block must fit "
                    + "one (ispd.fs.chunk.size). Without it, records in rows, or as the files appended to are stored.");

    /** Every option, in the order of the docs' table. */
    public static final List<ConfigKey> ALL = List.of(FORMAT, LAYOUT, LAYOUT_FILE, ENTRY_SIZE, STRING_WIDTH, GATHER,
            BLOCK);

    /** The option called {@code key}, matched case-insensitively as Spark does; null if not given. */
    public static String find(Map<String, String> options, String key) {
        for (Map.Entry<String, String> e : options.entrySet()) {
            if (e.getKey().equalsIgnoreCase(key)) {
                return e.getValue();
            }
        }
        return null;
    }

    /**
     * {@code sessionConf} (not modified) with every option that is not the connector's on top,
     * and osd:// named by class: Hadoop finds file systems through service files only on the
     * class path it started with, and {@code spark-submit --jars} adds the connector after that.
     */
    public static Configuration hadoopConf(Map<String, String> options, Configuration sessionConf) {
        Configuration conf = new Configuration(sessionConf);
        conf.setIfUnset("fs." + OsdFileSystem.SCHEME + ".impl", OsdFileSystem.class.getName());
        options.forEach((k, v) -> {
            if (!isConnectorOption(k)) {
                conf.set(k, v);
            }
        });
        return conf;
    }

    private static boolean isConnectorOption(String key) {
        return key.equalsIgnoreCase(PATH) || key.equalsIgnoreCase(PATHS)
                || ALL.stream().anyMatch(k -> k.name().equalsIgnoreCase(key));
    }
}
