package dev.ispd.spark.read.partition;

import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.ScanInput;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a scan's aggregation is gathered: answered whole by one input partition that runs every
 * split in its drive in parallel and merges their groups, so that Spark adds no aggregation and
 * no shuffle. It is when gathering is on ({@link IspdOptions#GATHER}), a split runs in a drive,
 * the splits placed on the host are predicted to take no longer, one after another, than the
 * longest drive's (the one task runs them on its own core while the drives scan; had they more
 * work, separate tasks would finish it sooner in parallel). Only an aggregation none of whose
 * SUMs can overflow 64 bits is offered ({@code IspdScanBuilder}). The decision is logged with its
 * reason.
 */
public final class AggregateGathering {
    private static final Logger LOG = LoggerFactory.getLogger(AggregateGathering.class);

    private AggregateGathering() {
    }

    /** Whether {@code pushed}'s aggregation over {@code planned}, the partitions of {@code input}, is gathered. */
    public static boolean gathers(ScanInput input, PushedScan pushed, List<PlannedPartition> planned) {
        Optional<String> refusal = refusal(input, planned);
        if (refusal.isPresent()) {
            LOG.info("ispd: aggregation {} pushed partially (one partition per split, merged by Spark): {}",
                    pushed.plan(), refusal.get());
            return false;
        }
        LOG.info("ispd: aggregation {} pushed completely: its {} splits (policy {}) gathered into one partition",
                pushed.plan(), planned.size(), input.settings().policy());
        return true;
    }

    private static Optional<String> refusal(ScanInput input, List<PlannedPartition> planned) {
        if (!input.settings().gather()) {
            return Optional.of(IspdOptions.GATHER.name() + " is false");
        }
        if (planned.isEmpty()) {
            return Optional.of("the input has no records, so no split to gather");
        }
        return placementRefusal(planned, input.settings().policy());
    }

    /**
     * Why the placement of {@code planned} (under {@code policy}) does not allow gathering, if it
     * does not: no split in a drive, or the host splits predicted to take longer, one after
     * another, than the longest drive's split.
     */
    public static Optional<String> placementRefusal(List<PlannedPartition> planned, String policy) {
        long hostNs = 0;
        long onHost = 0;
        long longestDriveNs = -1;
        for (PlannedPartition p : planned) {
            Decision d = p.split().decision();
            if (d.placement() == Placement.HOST) {
                hostNs += d.host().timeNs();
                onHost++;
            } else {
                longestDriveNs = Math.max(longestDriveNs, d.device().timeNs());
            }
        }
        if (longestDriveNs < 0) {
            return Optional.of("no split is placed in a drive (policy " + policy + ")");
        }
        if (hostNs > longestDriveNs) {
            return Optional.of(String.format("the %d of %d splits placed on the host are predicted to take %.3f s one "
                    + "after another, longer than the longest drive's %.3f s (policy %s)", onHost, planned.size(),
                    hostNs / 1e9, longestDriveNs / 1e9, policy));
        }
        return Optional.empty();
    }

}
