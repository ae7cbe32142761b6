package dev.ispd.offload.storage;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The drives of this JVM that recently left a call unanswered past its deadline (a hung drive:
 * stopped, wedged, cut off behind a live TCP stack). Work that can go elsewhere or wait skips
 * them for {@link #SKIP_FOR} after their last miss: a new chunk's replicas are placed on other
 * drives, reads try other replicas first, deletes of chunk objects and tasklet instances are left
 * to fsck as orphans. Without this, each such call would wait out the drive call timeout (2
 * minutes) after the job had already stopped running splits there. Reads still try the drive
 * last: a drive that was only slow may hold the one replica.
 */
public final class UnansweredDrives {
    /** How long a drive that left a call unanswered is skipped, from its last miss. */
    public static final Duration SKIP_FOR = Duration.ofMinutes(5);
    private static final ConcurrentHashMap<String, Long> MISSED_AT = new ConcurrentHashMap<>();

    private UnansweredDrives() {
    }

    /** Notes that the drive at {@code address} left a call unanswered past its deadline, now. */
    public static void missed(String address) {
        MISSED_AT.put(address, System.nanoTime());
    }

    /** Whether the drive at {@code address} left a call unanswered within the last {@link #SKIP_FOR}. */
    public static boolean recently(String address) {
        Long at = MISSED_AT.get(address);
        if (at == null) {
            return false;
        }
        if (System.nanoTime() - at < SKIP_FOR.toNanos()) {
            return true;
        }
        MISSED_AT.remove(address, at);
        return false;
    }
}
