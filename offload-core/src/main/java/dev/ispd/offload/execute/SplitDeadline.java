package dev.ispd.offload.execute;

import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.settings.OffloadSettings;
import java.time.Duration;

/**
 * How long a device split may take, from what the scheduler predicted it takes: {@code factor}
 * times its predicted device time, at least {@code floor} (a short split is not failed for a
 * scheduling hiccup) and at most {@code cap} ({@code ispd.device.timeout.ms}). Its execution and
 * each drive call of its run wait no longer, so a hung drive costs a job about one deadline.
 */
record SplitDeadline(Duration floor, double factor, Duration cap) {
    static SplitDeadline of(OffloadSettings settings) {
        return new SplitDeadline(settings.faults().deadlineFloor(), settings.faults().deadlineFactor(),
                settings.deviceTimeout());
    }

    /** The deadline of the split {@code decision} placed. */
    Duration of(Decision decision) {
        double scaled = factor * decision.device().timeNs();
        Duration d = scaled >= cap.toNanos() ? cap : Duration.ofNanos((long) Math.ceil(scaled));
        return d.compareTo(floor) < 0 ? (floor.compareTo(cap) < 0 ? floor : cap) : d;
    }
}
