package dev.ispd.client;

import java.util.List;

/**
 * DEVICE_LOG: the drive's load and its modeled time and energy so far.
 *
 * @param components per-component busy time and energy, in the drive's order
 */
public record DeviceLog(long modeledNowNs, int queued, int running, long commands, long bytesWritten,
        long bytesToHost, long bytesReadInternal, long energyNj, List<Component> components) {

    public DeviceLog {
        components = List.copyOf(components);
    }

    /** One modeled component (flash, cores, link, ...). */
    public record Component(String name, long busyNs, long energyNj) {
        /** Busy fraction over the drive's modeled lifetime: {@code busy_ns / modeled_now_ns}. */
        public double utilization(long modeledNowNs) {
            return modeledNowNs == 0 ? 0 : (double) busyNs / modeledNowNs;
        }
    }
}
