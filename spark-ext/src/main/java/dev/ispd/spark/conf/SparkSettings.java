package dev.ispd.spark.conf;

import dev.ispd.offload.settings.ConfigKey;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.settings.SettingSource;
import java.io.Serial;
import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.spark.SparkConf;
import org.apache.spark.SparkContext;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.SparkSession;
import scala.Option;

/**
 * The offload settings of one Spark read ({@link OffloadKeys}: policy, weight, host profile and
 * slots, device timeout, piece and group sizes), resolved once on the driver with
 * {@link OffloadSettings#resolve} over Spark's layers, most specific first:
 * <ol>
 *   <li>the read's option ({@code .option("ispd.offload.policy", "host-only")}, the key matched
 *       case-insensitively as Spark matches options),</li>
 *   <li>the session's {@code spark.ispd.*} configuration ({@code spark.ispd.offload.policy}),</li>
 *   <li>the session's Hadoop configuration ({@code spark.hadoop.ispd.offload.policy},
 *       core-site.xml), as a MapReduce job would read it,</li>
 *   <li>the key's documented default.</li>
 * </ol>
 * The chosen values travel to the executors as text, so they run with exactly the driver's settings.
 * The connector's own {@link IspdOptions#GATHER} is resolved through the same layers. With auto
 * host slots, the measured basis gives the host the tasks one executor runs at once
 * ({@link TaskCores}: {@code local[N]}, {@code spark.executor.cores} over {@code spark.task.cpus}),
 * not the cores of the machine planning.
 */
public final class SparkSettings implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    /** What a session configuration key of Spark starts with before the ispd key. */
    public static final String SESSION_PREFIX = "spark.";

    /** The keys resolved through the layers: the offload core's and the connector's. */
    private static final List<ConfigKey> RESOLVED = Stream.concat(OffloadKeys.ALL.stream(),
            Stream.of(IspdOptions.GATHER)).toList();

    private final TreeMap<String, String> values;
    /** The cores a task's host splits have ({@link TaskCores}), or 0: the machine's. */
    private final int hostCores;

    private SparkSettings(Map<String, String> values, int hostCores) {
        this.values = new TreeMap<>(values);
        this.hostCores = hostCores;
    }

    /**
     * The settings of a read; a bad value is an IllegalArgumentException naming the key and value.
     *
     * @param options the read's options
     * @param session the session's configuration (full Spark keys), null where unset
     * @param hadoop  the session's Hadoop configuration, null where unset
     */
    public static SparkSettings resolve(Map<String, String> options, SettingSource session, SettingSource hadoop) {
        List<SettingSource> layers = List.of(key -> IspdOptions.find(options, key), key -> session.get(SESSION_PREFIX + key),
                hadoop);
        OffloadSettings.resolve(layers);
        Map<String, String> chosen = new TreeMap<>();
        for (ConfigKey key : RESOLVED) {
            for (SettingSource layer : layers) {
                String v = layer.get(key.name());
                if (v != null) {
                    chosen.put(key.name(), v);
                    break;
                }
            }
        }
        SparkSettings settings = new SparkSettings(chosen, TaskCores.of(session));
        settings.gather();
        return settings;
    }

    /**
     * The {@code spark.*} configuration of {@code sc}'s session, where its {@code spark.ispd.*}
     * settings live: the active (else default) session's, set at run time too, if it runs on
     * {@code sc}; else {@code sc}'s own, as it started.
     */
    public static SettingSource session(SparkContext sc) {
        Option<SparkSession> session = SparkSession.getActiveSession();
        if (session.isEmpty()) {
            session = SparkSession.getDefaultSession();
        }
        if (session.isDefined() && session.get().sparkContext() == sc) {
            RuntimeConfig conf = session.get().conf();
            return key -> conf.get(key, null);
        }
        SparkConf conf = sc.getConf();
        return key -> conf.get(key, null);
    }

    /** The settings, parsed (the keys no layer set take their defaults), with the host cores of Spark's tasks. */
    public OffloadSettings offload() {
        return OffloadSettings.of(values).onHostCores(hostCores);
    }

    /** Whether an aggregation whose splits run in drives may be gathered into one partition ({@link IspdOptions#GATHER}). */
    public boolean gather() {
        return IspdOptions.GATHER.flag(values.getOrDefault(IspdOptions.GATHER.name(),
                IspdOptions.GATHER.defaultValue()).trim());
    }

    /** The policy's name as configured, for logs and EXPLAIN. */
    public String policy() {
        return values.getOrDefault(OffloadKeys.OFFLOAD_POLICY.name(), OffloadKeys.OFFLOAD_POLICY.defaultValue()).trim();
    }

    /** Settings are equal when every key has the same chosen value and the host cores are the same (two scans with them read alike). */
    @Override
    public boolean equals(Object o) {
        return o instanceof SparkSettings other && values.equals(other.values) && hostCores == other.hostCores;
    }

    @Override
    public int hashCode() {
        return 31 * values.hashCode() + hostCores;
    }
}
