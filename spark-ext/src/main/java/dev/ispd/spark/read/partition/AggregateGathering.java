package dev.ispd.spark.read.partition;

import dev.ispd.offload.schedule.Placement;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.ScanInput;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a scan's aggregation is gathered: answered whole by one input partition that runs every
 * split (in its drive, or on the host) in parallel and merges their groups, so that Spark adds no
 * aggregation and no shuffle. It is when gathering is on ({@link IspdOptions#GATHER}), the input
 * has records, and a split runs in a drive or the aggregation is one the scan pushes only whole
 * (of expressions: {@link PushedAggregation#ofExpressions}). The splits placed on the host run in
 * the partition's task on as many threads as the scheduler gave the host slots, beside the drives,
 * so the gathered partition runs the plan the scheduler priced: gathering decides nothing the
 * placement did not. Why host splits are gathered too: an aggregation of expressions not gathered
 * would run as a scan of rows with Spark aggregating them, a cost the scheduler never prices
 * (TPC-H Q1 would return megabytes of rows instead of kilobytes of groups), and the measured
 * basis would never learn what the host takes for the aggregation. An aggregation pushed partially with every split on the host is not gathered:
 * one partition per split then runs on the host's cores in parallel. Only an aggregation none of
 * whose SUMs can overflow 64 bits is offered ({@code IspdScanBuilder}). The decision is logged
 * with its reason.
 */
public final class AggregateGathering {
    private static final Logger LOG = LoggerFactory.getLogger(AggregateGathering.class);

    private AggregateGathering() {
    }

    /** Whether {@code pushed}'s aggregation over {@code planned}, the partitions of {@code input}, is gathered. */
    public static boolean gathers(ScanInput input, PushedScan pushed, List<PlannedPartition> planned) {
        Optional<String> refusal = refusal(input, pushed, planned);
        if (refusal.isPresent()) {
            LOG.info("ispd: aggregation {} pushed partially (one partition per split, merged by Spark): {}",
                    pushed.plan(), refusal.get());
            return false;
        }
        LOG.info("ispd: aggregation {} pushed completely: its {} splits (policy {}) gathered into one partition",
                pushed.plan(), planned.size(), input.settings().policy());
        return true;
    }

    private static Optional<String> refusal(ScanInput input, PushedScan pushed, List<PlannedPartition> planned) {
        if (!input.settings().gather()) {
            return Optional.of(IspdOptions.GATHER.name() + " is false");
        }
        if (planned.isEmpty()) {
            return Optional.of("the input has no records, so no split to gather");
        }
        return pushed.aggregation().ofExpressions() ? Optional.empty()
                : placementRefusal(planned, input.settings().policy());
    }

    /**
     * Why the placement of {@code planned} (under {@code policy}) does not allow gathering, if it
     * does not, for an aggregation also pushed partially: no split in a drive.
     */
    public static Optional<String> placementRefusal(List<PlannedPartition> planned, String policy) {
        if (planned.stream().noneMatch(p -> p.split().decision().placement() == Placement.DEVICE)) {
            return Optional.of("no split is placed in a drive (policy " + policy + ")");
        }
        return Optional.empty();
    }
}
