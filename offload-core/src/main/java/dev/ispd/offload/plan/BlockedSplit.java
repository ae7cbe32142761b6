package dev.ispd.offload.plan;

import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.Params;
import java.io.Serializable;

/**
 * What a split over column-blocked records runs ({@link dev.ispd.plan.BlockLayout}): blocks of
 * {@code recordsPerBlock} records holding {@code records} records in all (the last block of its
 * file may hold fewer), of which its pieces are the columns the plan reads; sent as the
 * execution's runtime parameters {@value PlanSources#BLOCK} and {@value PlanSources#RECORDS}.
 */
public record BlockedSplit(int recordsPerBlock, long records) implements Serializable {
    /** The runtime parameters of the split's executions, in the drive and on the host. */
    public Params toParams() {
        return Params.of(PlanSources.BLOCK, Integer.toString(recordsPerBlock), PlanSources.RECORDS, Long.toString(records));
    }
}
