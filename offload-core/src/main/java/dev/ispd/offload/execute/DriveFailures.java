package dev.ispd.offload.execute;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job's record of its drives' failures in this JVM: once a drive has failed
 * {@code avoidAfter} device runs of the job, the job's later splits avoid it. One record per job
 * ({@link #of}), shared by the splits the JVM runs (all of a job in Hadoop's local runner, a
 * task's in a YARN container). The records of the last {@value #JOBS_KEPT} jobs are kept.
 */
final class DriveFailures {
    private static final int JOBS_KEPT = 64;
    private static final Map<String, DriveFailures> JOBS = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, DriveFailures> eldest) {
                    return size() > JOBS_KEPT;
                }
            });

    private final int avoidAfter;
    private final Map<String, Integer> failures = new HashMap<>();

    private DriveFailures(int avoidAfter) {
        this.avoidAfter = avoidAfter;
    }

    /** The record of the job {@code scope} (the threshold of its first caller holds). */
    static DriveFailures of(String scope, int avoidAfter) {
        return JOBS.computeIfAbsent(scope, s -> new DriveFailures(avoidAfter));
    }

    /** Notes a failed run on the drive at {@code address}; true if that makes the job avoid it. */
    synchronized boolean failed(String address) {
        return failures.merge(address, 1, Integer::sum) == avoidAfter;
    }

    synchronized boolean avoided(String address) {
        return failures.getOrDefault(address, 0) >= avoidAfter;
    }

    synchronized int failures(String address) {
        return failures.getOrDefault(address, 0);
    }
}
