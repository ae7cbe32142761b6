package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.Decision;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * One split of a DeviceJob: the offload core's {@link PlannedSplit} (pieces of one file on one
 * drive, the drive's geometry, the scheduler's decision, the job's tasklet instance) as a Hadoop
 * input split, written in the planned split's compact form. Its location is its drive's host.
 */
public final class DeviceInputSplit extends InputSplit implements Writable {
    private PlannedSplit planned;

    /** For Hadoop's deserialisation. */
    public DeviceInputSplit() {
    }

    DeviceInputSplit(PlannedSplit planned) {
        this.planned = planned;
    }

    /** What the offload core planned: everything a task needs to run the split. */
    public PlannedSplit planned() {
        return planned;
    }

    public Path file() {
        return new Path(planned.file());
    }

    public Decision decision() {
        return planned.decision();
    }

    @Override
    public long getLength() {
        return planned.length();
    }

    @Override
    public String[] getLocations() {
        return planned.host().isEmpty() ? new String[0] : new String[] {planned.host()};
    }

    @Override
    public void write(DataOutput out) throws IOException {
        planned.write(out);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        planned = PlannedSplit.read(in);
    }

    @Override
    public String toString() {
        return planned.toString();
    }
}
