package dev.ispd.spark.conf;

import dev.ispd.offload.schedule.SchedulerConfig;
import dev.ispd.offload.settings.SettingSource;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many tasks one Spark executor runs at once, from the session's configuration: its cores
 * ({@code local[N]} and {@code local[N,F]}: N; {@code local[*]}: the driver machine's, which is the
 * executor; {@code local}: 1; {@code local-cluster[E,C,M]}: C; on a cluster,
 * {@code spark.executor.cores}) over {@code spark.task.cpus}, at least 1. These are the lanes the
 * host splits of a scan have where Spark runs them (the cores of the JVM planning, the driver's,
 * may be another machine's), which the measured basis prices with auto host slots
 * ({@link dev.ispd.offload.schedule.HostSlots}). Unknown ({@link SchedulerConfig#THIS_MACHINES_CORES})
 * on a cluster whose executors take every core of their worker (no {@code spark.executor.cores}).
 */
final class TaskCores {
    private static final Pattern LOCAL = Pattern.compile("local\\[(\\*|\\d+)(?:,\\s*\\d+)?]");
    private static final Pattern LOCAL_CLUSTER = Pattern.compile("local-cluster\\[\\s*\\d+\\s*,\\s*(\\d+)\\s*,.*]");

    private TaskCores() {
    }

    /** The tasks an executor of the session whose {@code spark.*} settings {@code session} gives runs at once. */
    static int of(SettingSource session) {
        int cores = executorCores(session);
        if (cores == SchedulerConfig.THIS_MACHINES_CORES) {
            return cores;
        }
        return Math.max(1, cores / taskCpus(session));
    }

    private static int executorCores(SettingSource session) {
        String master = trimmed(session.get("spark.master"));
        if (master != null) {
            if (master.equals("local")) {
                return 1;
            }
            Matcher local = LOCAL.matcher(master);
            if (local.matches()) {
                return local.group(1).equals("*") ? Runtime.getRuntime().availableProcessors()
                        : Math.max(1, Integer.parseInt(local.group(1)));
            }
            Matcher cluster = LOCAL_CLUSTER.matcher(master);
            if (cluster.matches()) {
                return Math.max(1, Integer.parseInt(cluster.group(1)));
            }
        }
        return positive(session, "spark.executor.cores", SchedulerConfig.THIS_MACHINES_CORES);
    }

    private static int taskCpus(SettingSource session) {
        return positive(session, "spark.task.cpus", 1);
    }

    /** {@code key}'s value if a whole number of at least 1; else {@code otherwise} (Spark checks its own keys). */
    private static int positive(SettingSource session, String key, int otherwise) {
        String v = trimmed(session.get(key));
        if (v == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(v);
            return n >= 1 ? n : otherwise;
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }

    private static String trimmed(String v) {
        return v == null ? null : v.trim();
    }
}
