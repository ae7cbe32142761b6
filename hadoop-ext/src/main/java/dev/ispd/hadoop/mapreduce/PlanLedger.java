package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.execute.JobTasklets;
import dev.ispd.offload.schedule.Decision;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;

/**
 * Where split planning leaves what it made for a DeviceJob of this JVM: the decisions, so the
 * job can say what its run used ({@link DeviceJob#decisions()}) instead of planning again, and
 * the job's tasklet instances, so the job deletes them when it ends. Hadoop plans the splits
 * inside job submission, in the client, with the job's own Configuration: a DeviceJob puts its
 * ledger key there, and planning records under that key only while the job holds it (task JVMs
 * and jobs built without DeviceJob record nothing).
 */
final class PlanLedger {
    /** Internal: the key of the submitting DeviceJob's ledger entry. */
    static final String KEY = "ispd.internal.plan.ledger";

    private static final Map<String, Plan> PLANS = new ConcurrentHashMap<>();

    /** What planning made for one job. */
    record Plan(List<Decision> decisions, JobTasklets tasklets) {
        static final Plan NONE = new Plan(List.of(), null);

        /** Deletes the job's tasklet instances, if planning made any. */
        void closeTasklets() {
            if (tasklets != null) {
                tasklets.close();
            }
        }
    }

    private PlanLedger() {
    }

    /** A new entry for a job, named in {@code conf}. */
    static void open(Configuration conf) {
        String id = UUID.randomUUID().toString();
        PLANS.put(id, Plan.NONE);
        conf.set(KEY, id);
    }

    /** Whether {@code conf} belongs to a job with an open entry (a DeviceJob being submitted in this JVM). */
    static boolean isOpen(Configuration conf) {
        String id = conf.get(KEY);
        return id != null && PLANS.containsKey(id);
    }

    /**
     * Records what planning made for the job of {@code conf}; the plan it replaces (a job planned
     * twice) has its tasklets deleted. Without an open entry no one would delete the tasklets, so
     * they are deleted at once.
     */
    static void record(Configuration conf, List<Decision> decisions, JobTasklets tasklets) {
        String id = conf.get(KEY);
        Plan old = id == null ? null : PLANS.get(id);
        if (old == null) {
            tasklets.close();
            return;
        }
        PLANS.put(id, new Plan(List.copyOf(decisions), tasklets));
        old.closeTasklets();
    }

    /** The plan last recorded for the job of {@code conf}, and the entry closed. */
    static Plan take(Configuration conf) {
        String id = conf.get(KEY);
        Plan plan = id == null ? null : PLANS.remove(id);
        return plan == null ? Plan.NONE : plan;
    }
}
