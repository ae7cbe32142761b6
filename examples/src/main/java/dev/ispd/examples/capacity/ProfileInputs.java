package dev.ispd.examples.capacity;

import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.tasklet.Meter;

/**
 * CsdPlan's inputs for a workload, priced by the models the rest of the product uses, so the
 * planner has no formula of its own for either side:
 * <ul>
 *   <li>T_D and T_C: {@link HostModel} (what host splits and the scheduler's host predictions
 *       are priced by): the data crossing one drive's link, then the work on one core;</li>
 *   <li>T'_D + T'_C: the drive's own model ({@link ModeledDrive}, the engine every simulated drive
 *       runs), executing the workload batch by batch with the drive to itself (its service time);
 *       T'_D is the same scan with no work, T'_C what the work adds beyond it;</li>
 *   <li>K: the host profile's {@code io.busBytesPerSec} over the drive's link rate.</li>
 * </ul>
 * Offloading's own commands (create, execute, poll, read the result) are left out, as csdplan
 * leaves them out (4.2: "not that significant").
 */
final class ProfileInputs {
    private ProfileInputs() {
    }

    static CsdPlan plan(DeviceProfile device, HostProfile host, Workload w) {
        HostCost onHost = new HostModel(host).price(device.link(), w.work(), w.bytes());
        long driveNs = driveNs(device, w, true);
        long scanNs = Math.min(driveNs, driveNs(device, w, false));
        return CsdPlan.of(onHost.transferNs() / 1e9, onHost.computeNs() / 1e9, scanNs / 1e9, (driveNs - scanNs) / 1e9,
                busDrives(device, host));
    }

    /** K: how many drives' links the host's bus carries at once (at least one). */
    static int busDrives(DeviceProfile device, HostProfile host) {
        if (!host.io().hasBus()) {
            throw new IllegalArgumentException("host profile " + host.name() + " gives no io.busBytesPerSec, the bus its "
                    + "drives share; give --bus-drives");
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE,
                host.io().busBytesPerSec() / device.link().bandwidthBytesPerSec()));
    }

    /** One drive's service time for the workload, with its metered work or ({@code withWork} false) the scan alone. */
    static long driveNs(DeviceProfile device, Workload w, boolean withWork) {
        DriveModel.Execution e = new ModeledDrive(device).beginExecution(0);
        long batchBytes = (long) device.pagesPerBatch() * device.pageSizeBytes();
        for (long at = 0; at < w.bytes(); at += batchBytes) {
            long end = Math.min(w.bytes(), at + batchBytes);
            long pages = (end - at + device.pageSizeBytes() - 1) / device.pageSizeBytes();
            e.batch(pages, end - at, withWork ? w.between(at, end) : new Meter());
        }
        e.finish(withWork ? w.work().bytesOut() : 0);
        return e.serviceNs();
    }
}
