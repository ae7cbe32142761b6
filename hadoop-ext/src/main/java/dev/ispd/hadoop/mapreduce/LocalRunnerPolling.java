package dev.ispd.hadoop.mapreduce;

import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Client polling for jobs in Hadoop's local runner. A small local job finishes in well under a
 * second while the client, by Hadoop's defaults, looks for completion every 5 s, which would be
 * most of its wall time; a local job polls every {@value #POLL_MS} ms instead, unless the
 * configuration sets the intervals itself. Jobs on a cluster keep Hadoop's defaults.
 */
public final class LocalRunnerPolling {
    /** The client's poll interval for local jobs, in milliseconds. */
    public static final int POLL_MS = 10;

    private static final List<String> KEYS = List.of("mapreduce.client.completion.pollinterval",
            "mapreduce.client.progressmonitor.pollinterval");

    private LocalRunnerPolling() {
    }

    /** Sets the poll intervals of a local job in {@code conf} that only Hadoop's defaults set. */
    public static void apply(Configuration conf) {
        if (!JobSettings.inLocalRunner(conf)) {
            return;
        }
        for (String key : KEYS) {
            if (setOnlyByDefaults(conf, key)) {
                conf.setInt(key, POLL_MS);
            }
        }
    }

    /** True if no one but Hadoop's *-default.xml files set {@code key}. */
    static boolean setOnlyByDefaults(Configuration conf, String key) {
        String[] sources = conf.getPropertySources(key);
        return sources == null || List.of(sources).stream().allMatch(s -> s.endsWith("-default.xml"));
    }
}
