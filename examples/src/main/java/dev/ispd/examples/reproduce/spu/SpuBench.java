package dev.ispd.examples.reproduce.spu;

import dev.ispd.examples.reproduce.DriveReplay;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.model.HostCost;
import dev.ispd.offload.model.HostModel;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One SPU application over stored bytes, in the drive and on the baseline host, priced by the
 * models the drives and the scheduler use. In the drive: the tasklet scanned in the drive's
 * batches (the drive's {@code ExtentScanner}), each batch priced by a fresh {@link ModeledDrive}
 * of the profile as the drive's execution worker prices it, the result stored at the end; the
 * energy is the whole drive's over the run (active and idle, minglani2018 3.3.4). On the host:
 * the same tasklet over the same bytes read across the drive's link, priced by {@link HostModel}
 * reading ahead as a host application does ({@link HostModel#priceStreaming}); its energy is the
 * host's (whole system, kang2013's host profile) and the drive serving the reads
 * ({@link DriveReplay}, as the Smart SSD reproduction prices it).
 */
final class SpuBench {
    private static final long OBJECT = 1;
    private final HostModel hostModel;

    SpuBench(HostProfile host) {
        this.hostModel = new HostModel(host);
    }

    /** A run: its result bytes, modeled time and energy. */
    record Run(byte[] result, long timeNs, long energyNj) {
    }

    Run device(DeviceProfile profile, String tasklet, Params params, ByteBuffer bytes) throws IOException {
        ModeledDrive drive = new ModeledDrive(profile);
        DriveModel.Execution execution = drive.beginExecution(0);
        HostRunner runner = new HostRunner(profile.pageSizeBytes(), profile.pagesPerBatch());
        HostRunner.Result r = runner.run(create(runner, tasklet, params), extent(bytes), source(bytes), execution::batch);
        execution.finish(r.bytes().length);
        return new Run(r.bytes(), execution.modeledNs(), drive.snapshot().energyNj());
    }

    Run host(DeviceProfile profile, String tasklet, Params params, ByteBuffer bytes) throws IOException {
        HostRunner runner = new HostRunner(profile.pageSizeBytes(), profile.pagesPerBatch());
        HostRunner.Result r = runner.run(create(runner, tasklet, params), extent(bytes), source(bytes));
        long length = bytes.remaining();
        HostCost cost = hostModel.priceStreaming(profile.link(), r.meter(), length,
                (long) profile.pageSizeBytes() * profile.pagesPerBatch());
        long driveNj = new DriveReplay(profile).readEnergy(length, cost.timeNs());
        return new Run(r.bytes(), cost.timeNs(), cost.energyNj() + driveNj);
    }

    private static Tasklet create(HostRunner runner, String tasklet, Params params) {
        try {
            return runner.create(tasklet, params, Params.EMPTY);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException("built-in " + tasklet + " rejects its parameters: " + e.getMessage(), e);
        }
    }

    private static List<Extent> extent(ByteBuffer bytes) {
        return List.of(new Extent(OBJECT, 0, bytes.remaining()));
    }

    private static InMemoryPageSource source(ByteBuffer bytes) {
        return InMemoryPageSource.of(OBJECT, bytes.duplicate());
    }
}
