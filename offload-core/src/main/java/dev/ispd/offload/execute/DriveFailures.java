package dev.ispd.offload.execute;

import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A job's record of its drives' failures: once the job's failures on a drive reach
 * {@code avoidAfter}, the job's later splits avoid it. One record per job in a JVM ({@link #of}),
 * shared by the splits the JVM runs (all of a job in Hadoop's local runner or Spark's local
 * mode). Where the job's tasks run in several JVMs, the engine gives it the job's
 * {@link JobFailureRecord}: the record then writes the failures this JVM saw there and counts
 * those the other JVMs wrote, as last read (at most once per refresh interval). If that record
 * cannot be written or read, the JVM goes on with the failures it saw itself, and says so once.
 * The records of the last {@value #JOBS_KEPT} jobs are kept.
 */
final class DriveFailures {
    private static final Logger LOG = LoggerFactory.getLogger(DriveFailures.class);
    private static final int JOBS_KEPT = 64;
    private static final Map<String, DriveFailures> JOBS = Collections.synchronizedMap(
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, DriveFailures> eldest) {
                    return size() > JOBS_KEPT;
                }
            });

    private final int avoidAfter;
    private final Optional<JobFailureRecord> shared;
    /** The failures this JVM saw, per writer (its task attempts, or its executor) and drive address. */
    private final Map<String, Map<String, Integer>> own = new HashMap<>();
    /** Every writer's failures per drive address, as last read from the shared record. */
    private Map<String, Map<String, Integer>> lastRead = Map.of();
    private long readAtNanos;
    private boolean everRead;
    private boolean sharingFailed;

    /** A record of its own, not the JVM's of a job ({@link #of}): tests stand two JVMs side by side with two. */
    DriveFailures(int avoidAfter, Optional<JobFailureRecord> shared) {
        this.avoidAfter = avoidAfter;
        this.shared = shared;
    }

    /**
     * The record of the job {@code scope} in this JVM, shared with the job's other JVMs through
     * {@code shared} if given (the threshold of its first caller holds).
     */
    static DriveFailures of(String scope, int avoidAfter, Optional<JobFailureRecord> shared) {
        String key = shared.map(JobFailureRecord::dir).orElse(scope);
        return JOBS.computeIfAbsent(key, k -> new DriveFailures(avoidAfter, shared));
    }

    /**
     * Notes a failed run on the drive at {@code address}, seen by {@code writer}; true if that
     * makes the job avoid the drive (as far as this JVM knows: JVMs whose failures cross the
     * threshold at the same time may each say so).
     */
    synchronized boolean failed(String address, String writer) {
        return failed(address, writer, 1);
    }

    /**
     * Notes that the drive at {@code address} missed a split's deadline: it counts as the whole
     * threshold, so the job avoids the drive at once (a hung drive would cost every later split a
     * deadline); true if that makes the job avoid it.
     */
    synchronized boolean missedDeadline(String address, String writer) {
        return failed(address, writer, avoidAfter);
    }

    private boolean failed(String address, String writer, int count) {
        boolean before = avoided(address);
        Map<String, Integer> seen = own.computeIfAbsent(writer, w -> new HashMap<>());
        seen.merge(address, count, Integer::sum);
        if (shared.isPresent()) {
            try {
                shared.get().write(seen);
            } catch (IOException | RuntimeException e) {
                sharingFailed("write", e);
            }
        }
        return !before && avoided(address);
    }

    synchronized boolean avoided(String address) {
        return failures(address) >= avoidAfter;
    }

    /** The job's failures on the drive at {@code address}: this JVM's, and the other JVMs' as last read. */
    synchronized int failures(String address) {
        refresh();
        int n = 0;
        for (Map<String, Integer> seen : own.values()) {
            n += seen.getOrDefault(address, 0);
        }
        for (Map.Entry<String, Map<String, Integer>> w : lastRead.entrySet()) {
            if (!own.containsKey(w.getKey())) {
                n += w.getValue().getOrDefault(address, 0);
            }
        }
        return n;
    }

    private void refresh() {
        if (shared.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        if (everRead && now - readAtNanos < shared.get().refresh().toNanos()) {
            return;
        }
        everRead = true;
        readAtNanos = now;
        try {
            lastRead = shared.get().read();
        } catch (IOException | RuntimeException e) {
            sharingFailed("read", e);
        }
    }

    /** Logs the first failure to share at WARN (the job runs on with this JVM's failures), later ones at DEBUG. */
    private void sharingFailed(String what, Exception e) {
        String dir = shared.orElseThrow().dir();
        if (sharingFailed) {
            LOG.debug("could not {} the job's drive failures in {}: {}", what, dir, e.toString());
            return;
        }
        sharingFailed = true;
        LOG.warn("could not {} the job's drive failures in {} ({}): this task JVM avoids drives by the failures "
                + "it saw and those it read before, not by every failure of the job", what, dir, e.toString());
    }
}
