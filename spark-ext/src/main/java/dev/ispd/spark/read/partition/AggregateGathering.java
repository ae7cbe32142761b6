package dev.ispd.spark.read.partition;

import dev.ispd.offload.schedule.Placement;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.Field;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.pushdown.PushedAggregation;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.ScanInput;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FileStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a scan's aggregation is gathered: answered whole by one input partition that runs every
 * split in its drive in parallel and merges their groups, so that Spark adds no aggregation and
 * no shuffle. It is when gathering is on ({@link IspdOptions#GATHER}), the scan has splits, every
 * split is placed in a drive (a split on the host would make the one task scan records itself,
 * one after another, where separate tasks scan in parallel), and no SUM can overflow 64 bits over
 * the input (Spark's own merge would apply its overflow rules, an error under ANSI). The decision
 * is logged with its reason.
 */
public final class AggregateGathering {
    private static final Logger LOG = LoggerFactory.getLogger(AggregateGathering.class);

    private AggregateGathering() {
    }

    /** Whether {@code pushed}'s aggregation over {@code planned}, the partitions of {@code input}, is gathered. */
    public static boolean gathers(ScanInput input, PushedScan pushed, List<PlannedPartition> planned) {
        Optional<String> refusal = refusal(input, pushed.aggregation(), planned);
        if (refusal.isPresent()) {
            LOG.info("ispd: aggregation {} pushed partially (one partition per split, merged by Spark): {}",
                    pushed.plan(), refusal.get());
            return false;
        }
        LOG.info("ispd: aggregation {} pushed completely: its {} splits, all in drives (policy {}), gathered into "
                + "one partition", pushed.plan(), planned.size(), input.settings().policy());
        return true;
    }

    private static Optional<String> refusal(ScanInput input, PushedAggregation aggregation,
                                            List<PlannedPartition> planned) {
        if (!input.settings().gather()) {
            return Optional.of(IspdOptions.GATHER.name() + " is false");
        }
        if (planned.isEmpty()) {
            return Optional.of("the input has no records, so no split to gather");
        }
        long onHost = planned.stream().filter(p -> p.split().decision().placement() == Placement.HOST).count();
        if (onHost > 0) {
            return Optional.of(onHost + " of " + planned.size() + " splits are placed on the host (policy "
                    + input.settings().policy() + ")");
        }
        long records = input.files().stream().mapToLong(FileStatus::getLen).sum() / input.layout().entrySize();
        for (Aggregate a : aggregation.aggregates()) {
            if (a.function() == Aggregate.Function.SUM && canOverflow(input.layout().column(a.field()).orElseThrow()
                    .field(), records)) {
                return Optional.of(a + " over " + records + " records can overflow 64 bits");
            }
        }
        return Optional.empty();
    }

    /** Whether {@code records} values of {@code f} can add up beyond a signed 64-bit integer. */
    private static boolean canOverflow(Field f, long records) {
        BigInteger largest = f.unsigned64() ? BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE)
                : BigInteger.valueOf(f.max()).max(BigInteger.valueOf(f.min()).abs());
        return largest.multiply(BigInteger.valueOf(records)).compareTo(BigInteger.valueOf(Long.MAX_VALUE)) > 0;
    }
}
