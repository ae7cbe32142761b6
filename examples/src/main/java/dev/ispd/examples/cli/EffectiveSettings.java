package dev.ispd.examples.cli;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.ConfigKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.apache.hadoop.conf.Configuration;

/**
 * What a MapReduce job of this cluster would run with: every ispd key's value and where it came
 * from, the job's configuration over the cluster's over the default (HadoopSettings' precedence),
 * checked as a job checks it. An {@code ispd.*} key that no part of ispd reads is refused, naming
 * the known key nearest to it, since a job would silently ignore it.
 *
 * @param rows the keys in docs/hadoop.md's order, each with its value and origin
 */
record EffectiveSettings(List<Row> rows) {
    /** Every key a user sets in a Hadoop configuration. */
    static final List<ConfigKey> KNOWN = Stream.concat(IspdKeys.ALL.stream(), WorldCupKeys.ALL.stream()).toList();
    private static final String PREFIX = "ispd.";
    private static final LevenshteinDistance DISTANCE = LevenshteinDistance.getDefaultInstance();

    /** A key, its effective value (secrets hidden) and where it came from. */
    record Row(ConfigKey key, String value, String origin) { }

    /** Keys set over the cluster's, by a job or a command's options; {@code name} says which. */
    record Layer(String name, Configuration keys) { }

    /**
     * The settings of {@code layers} (most specific first, their own keys only) over {@code cluster}
     * (Hadoop's defaults and site files, and the files named); an IllegalArgumentException names an
     * unknown key and where it was set, or a bad value and its key.
     */
    static EffectiveSettings of(List<Layer> layers, Configuration cluster) {
        List<String> unknown = new ArrayList<>();
        for (Layer layer : layers) {
            unknown.addAll(unknownKeys(layer.keys(), key -> layer.name()));
        }
        unknown.addAll(unknownKeys(cluster, key -> origin(cluster, key)));
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException(String.join("; ", unknown) + " (docs/hadoop.md lists the keys)");
        }
        Configuration effective = new Configuration(cluster);
        for (int i = layers.size() - 1; i >= 0; i--) { // the most specific set last, so it wins
            for (Map.Entry<String, String> e : layers.get(i).keys()) {
                effective.set(e.getKey(), e.getValue());
            }
        }
        HadoopSettings.resolve(effective); // a bad value fails here as it would fail the job, naming the key
        List<Row> rows = new ArrayList<>();
        for (ConfigKey key : KNOWN) {
            rows.add(row(key, layers, cluster));
        }
        return new EffectiveSettings(rows);
    }

    private static Row row(ConfigKey key, List<Layer> layers, Configuration cluster) {
        for (Layer layer : layers) {
            String v = layer.keys().get(key.name());
            if (v != null) {
                return new Row(key, shown(key, v.trim()), layer.name());
            }
        }
        String v = cluster.get(key.name());
        return v != null ? new Row(key, shown(key, v.trim()), "cluster (" + origin(cluster, key.name()) + ")")
                : new Row(key, shown(key, key.defaultValue()), "default");
    }

    /** The resource that last set {@code key} in {@code conf} (a site file, a file named, or "programmatically"). */
    private static String origin(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources == null || sources.length == 0 ? "unknown" : sources[sources.length - 1];
    }

    private static String shown(ConfigKey key, String value) {
        if (key == IspdKeys.AUTH_KEY) {
            return value.isEmpty() ? "" : "(set, hidden)";
        }
        return value;
    }

    private interface Origin {
        String of(String key);
    }

    /** Each {@code ispd.*} key of {@code conf} no part of ispd reads, with where it was set and the nearest known key. */
    private static List<String> unknownKeys(Configuration conf, Origin origin) {
        List<String> found = new ArrayList<>();
        for (Map.Entry<String, String> e : conf) {
            String name = e.getKey();
            if (name.startsWith(PREFIX) && KNOWN.stream().noneMatch(k -> k.name().equals(name))) {
                found.add("unknown key " + name + " in " + origin.of(name) + "; did you mean " + nearest(name) + "?");
            }
        }
        found.sort(Comparator.naturalOrder());
        return found;
    }

    /** The known key spelt most like {@code name} (the fewest single-character edits). */
    static String nearest(String name) {
        return KNOWN.stream().map(ConfigKey::name).min(Comparator.comparingInt((String k) -> DISTANCE.apply(k, name))
                .thenComparing(Comparator.naturalOrder())).orElseThrow();
    }

    /** The rows as a table: key, value, origin. */
    String table() {
        int keyWidth = rows.stream().mapToInt(r -> r.key().name().length()).max().orElse(0);
        int valueWidth = Math.min(40, rows.stream().mapToInt(r -> r.value().length()).max().orElse(0));
        StringBuilder out = new StringBuilder();
        String format = "  %-" + keyWidth + "s  %-" + Math.max(5, valueWidth) + "s  %s%n";
        out.append(String.format(format, "key", "value", "from"));
        for (Row r : rows) {
            out.append(String.format(format, r.key().name(), r.value().isEmpty() ? "(empty)" : r.value(), r.origin()));
        }
        return out.toString();
    }
}
