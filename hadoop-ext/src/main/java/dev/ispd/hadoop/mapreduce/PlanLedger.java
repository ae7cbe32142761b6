package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.schedule.Decision;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;

/**
 * Where split planning leaves the decisions it made for a DeviceJob of this JVM, so the job can
 * say what its run used ({@link DeviceJob#decisions()}) instead of planning again. Hadoop plans
 * the splits inside job submission, in the client, with the job's own Configuration: a DeviceJob
 * puts its ledger key there, and planning records under that key only while the job holds it
 * (task JVMs and jobs built without DeviceJob record nothing).
 */
final class PlanLedger {
    /** Internal: the key of the submitting DeviceJob's ledger entry. */
    static final String KEY = "ispd.internal.plan.ledger";

    private static final Map<String, List<Decision>> PLANS = new ConcurrentHashMap<>();

    private PlanLedger() {
    }

    /** A new entry for a job, named in {@code conf}. */
    static void open(Configuration conf) {
        String id = UUID.randomUUID().toString();
        PLANS.put(id, List.of());
        conf.set(KEY, id);
    }

    /** Records the decisions planning made, if {@code conf} belongs to a job with an open entry. */
    static void record(Configuration conf, List<Decision> decisions) {
        String id = conf.get(KEY);
        if (id != null) {
            PLANS.computeIfPresent(id, (k, old) -> List.copyOf(decisions));
        }
    }

    /** The decisions last recorded for the job of {@code conf}, and the entry closed. */
    static List<Decision> take(Configuration conf) {
        String id = conf.get(KEY);
        List<Decision> plan = id == null ? null : PLANS.remove(id);
        return plan == null ? List.of() : plan;
    }
}
