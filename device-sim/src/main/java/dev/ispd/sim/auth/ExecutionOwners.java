package dev.ispd.sim.auth;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which identity submitted each execution of a drive, so that only it (or an admin) may poll,
 * read, cancel or release it. Holds the newest {@link #CAPACITY} executions, far more than a
 * drive keeps (its in-flight ones, 64 by default, and the newest 1,024 finished). An execution it
 * has no record of is left to the drive, which answers NO_SUCH_EXECUTION for one it forgot.
 */
final class ExecutionOwners {
    static final int CAPACITY = 65_536;

    private final Map<Long, Long> owners = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
            return size() > CAPACITY;
        }
    };

    synchronized void submitted(long execId, long identity) {
        owners.put(execId, identity);
    }

    synchronized void released(long execId) {
        owners.remove(execId);
    }

    /** The identity that submitted the execution, or null if this drive has no record of it. */
    synchronized Long owner(long execId) {
        return owners.get(execId);
    }
}
