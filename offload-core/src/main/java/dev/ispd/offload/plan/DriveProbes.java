package dev.ispd.offload.plan;

import dev.ispd.client.DeviceInfo;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A JVM's last answers of each drive to planning's probe (DEVICE_INFO and DEVICE_LOG), by the
 * drive's address, kept for a bounded age: the scans a query plans one after another ask each
 * drive once, not once per scan. Only answers are kept: a drive that did not answer, or on which
 * a split's run then failed ({@code SplitExecutor}), is asked again at the next plan.
 */
public final class DriveProbes {
    private static final Map<String, Answer> ANSWERS = new ConcurrentHashMap<>();

    /** A drive's capabilities and its queued and running executions, as answered at {@code atNanos}. */
    record Answer(DeviceInfo info, long executions, long atNanos) {
    }

    private DriveProbes() {
    }

    /** The last answer of the drive at {@code address} if it is at most {@code maxAge} old; null otherwise. */
    static Answer recent(String address, Duration maxAge) {
        Answer a = ANSWERS.get(address);
        return a != null && System.nanoTime() - a.atNanos() <= maxAge.toNanos() ? a : null;
    }

    /** Keeps the drive at {@code address}'s answer, given now. */
    static Answer answered(String address, DeviceInfo info, long executions) {
        Answer a = new Answer(info, executions, System.nanoTime());
        ANSWERS.put(address, a);
        return a;
    }

    /** Forgets the drive at {@code address}: it did not answer, or a run on it failed. */
    public static void failed(String address) {
        ANSWERS.remove(address);
    }
}
