package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.host.HostRunner;
import dev.ispd.model.HostCost;
import dev.ispd.model.HostModel;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;

/**
 * Runs a split's tasklet on the host: reads file ranges through the FileSystem and scans them
 * with {@link HostRunner} (the drive's page size and batch size, so the result bytes are the
 * drive's), then prices the metered work and the bytes moved with the host profile.
 */
final class HostExecution {
    private final FileSystem fs;
    private final HostModel model;
    private final String tasklet;
    private final Params params;

    HostExecution(FileSystem fs, HostModel model, String tasklet, Params params) {
        this.fs = fs;
        this.model = model;
        this.tasklet = tasklet;
        this.params = params;
    }

    /** Runs the tasklet over {@code ranges} (file ranges of whole records) of the split's file. */
    Outcome run(DeviceInputSplit split, List<Extent> ranges) throws IOException {
        DeviceInputSplit.DriveGeometry g = split.geometry();
        HostRunner runner = new HostRunner(g.pageSize(), g.pagesPerBatch());
        Tasklet instance;
        try {
            instance = runner.create(tasklet, params, Params.EMPTY);
        } catch (BadParameterException e) {
            throw new IOException("tasklet '" + tasklet + "' for " + split + ": " + e.getMessage(), e);
        }
        HostRunner.Result r;
        try (FSDataInputStream in = fs.open(split.file())) {
            r = runner.run(instance, ranges, new FsPageSource(in, split.file()));
        }
        long bytes = ranges.stream().mapToLong(Extent::length).sum();
        LinkSpec link = new LinkSpec(g.linkBytesPerSec(), g.linkCommandLatencyNs(), new Power(0, 0));
        HostCost cost = model.price(link, r.meter(), bytes);
        // energy the split adds to the system, the accounting the scheduler predicts in
        return new Outcome(r.bytes(), bytes, new Cost(cost.timeNs(), cost.addedEnergyNj()), false);
    }
}
