package dev.ispd.bench;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.tasklet.Meter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A diagnostic, not a target: the wall time the drive's timing model (device-sim's
 * {@link ModeledDrive}) takes to price the same work as {@link ScanRate#driveQ1} and
 * {@link SocketTransfer}'s drive write and read. The drive runs the model on the thread that
 * moves the bytes, so this time is part of those benchmarks' figures.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class ModelCost {
    private DeviceProfile profile;
    private ModeledDrive model;
    private Meter batchWork;
    private long batchBytes;
    private long batches;
    /** The virtual time the next operation arrives at: the previous one's completion. */
    private long clockNs;

    @Setup(Level.Trial)
    public void start() {
        profile = Profiles.device(BenchDrive.PROFILE);
        model = new ModeledDrive(profile);
        batchBytes = (long) profile.pageSizeBytes() * profile.pagesPerBatch();
        batches = ScanRate.SCAN_BYTES / batchBytes;
        // What ExtentScanner meters for one batch of q1 over full pages of entries.
        long records = batchBytes / ScanRate.ENTRY_SIZE;
        batchWork = new Meter();
        batchWork.addRecords(records);
        batchWork.addDramAccesses(records);
        batchWork.addHashUpdates(records);
        batchWork.addPages(profile.pagesPerBatch());
        batchWork.addBytesScanned(batchBytes);
    }

    /** The batches of one q1 scan of {@link ScanRate#SCAN_BYTES}. */
    @Benchmark
    public long scanBatches() {
        DriveModel.Execution e = model.beginExecution(clockNs);
        for (long b = 0; b < batches; b++) {
            e.batch(profile.pagesPerBatch(), batchBytes, batchWork);
        }
        e.finish(Long.BYTES + 1);
        clockNs = e.endNs();
        return e.modeledNs();
    }

    /** The WRITE_OBJECT commands of one {@link SocketTransfer#driveWrite}. */
    @Benchmark
    public long hostWrites() {
        for (long done = 0; done < SocketTransfer.OBJECT_BYTES; done += SocketTransfer.CHUNK) {
            clockNs = model.hostWrite(clockNs, SocketTransfer.CHUNK);
        }
        return clockNs;
    }

    /** The READ_OBJECT commands of one {@link SocketTransfer#driveRead}. */
    @Benchmark
    public long hostReads() {
        for (long done = 0; done < SocketTransfer.OBJECT_BYTES; done += SocketTransfer.CHUNK) {
            clockNs = model.hostRead(clockNs, SocketTransfer.CHUNK);
        }
        return clockNs;
    }
}
