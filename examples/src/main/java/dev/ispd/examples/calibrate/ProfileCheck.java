package dev.ispd.examples.calibrate;

import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.LinkSpec;
import java.util.List;

/**
 * How well a host profile predicts runs measured on this machine: each run's metered work priced
 * by {@link HostModel} as the scheduler prices a host split's CPU time (the scan's per-byte work
 * and its metered operations, {@link dev.ispd.offload.model.HostCost#cpuNs}; the data is in
 * memory, so no transfer), beside the run's measured median.
 */
final class ProfileCheck {
    /** One run: measured and predicted time. */
    record Row(String name, long measuredNs, long predictedNs) {
        /** The prediction's error relative to the measured time (+0.10: predicted 10% too long). */
        double error() {
            return (predictedNs - measuredNs) / (double) measuredNs;
        }
    }

    private ProfileCheck() {
    }

    static List<Row> rows(HostProfile profile, LinkSpec link, List<HostCalibration.Run> runs) {
        HostModel model = new HostModel(profile);
        return runs.stream().map(r -> new Row(r.name(), r.medianNs(),
                model.price(link, r.meter(), r.meter().bytesScanned()).cpuNs())).toList();
    }

    /** The largest error of {@code rows}, by magnitude. */
    static double worst(List<Row> rows) {
        return rows.stream().mapToDouble(Row::error).map(Math::abs).max().orElse(0);
    }
}
