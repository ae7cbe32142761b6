package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.fs.ChunkExtent;
import dev.ispd.hadoop.schedule.Baseline;
import dev.ispd.hadoop.schedule.Cost;
import dev.ispd.hadoop.schedule.Decision;
import dev.ispd.hadoop.schedule.Placement;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputSplit;

/**
 * One split of a DeviceJob: a range of whole records of one file, the chunk extents that hold it,
 * the drive that holds it (its address, and its host for locality), the drive geometry a host run
 * needs to scan the same way (page size, pages per batch, link), and the scheduler's decision
 * with its predicted costs. Everything is resolved at planning time, so a task needs no namespace
 * look-up.
 */
public final class DeviceInputSplit extends InputSplit implements Writable {
    private Path file;
    private long start;
    private long length;
    private int recordSize;
    private int drive;
    private String driveAddress;
    private String host;
    private int pageSize;
    private int pagesPerBatch;
    private long linkBytesPerSec;
    private long linkCommandLatencyNs;
    private List<ChunkExtent> extents;
    private Decision decision;

    /** For Hadoop's deserialisation. */
    public DeviceInputSplit() {
    }

    /** The drive-specific settings of a split: where it is and how the drive scans. */
    public record DriveGeometry(String address, String host, int pageSize, int pagesPerBatch, long linkBytesPerSec,
            long linkCommandLatencyNs) {
    }

    DeviceInputSplit(Path file, long start, long length, int recordSize, int drive, DriveGeometry geometry,
            List<ChunkExtent> extents, Decision decision) {
        this.file = file;
        this.start = start;
        this.length = length;
        this.recordSize = recordSize;
        this.drive = drive;
        this.driveAddress = geometry.address();
        this.host = geometry.host();
        this.pageSize = geometry.pageSize();
        this.pagesPerBatch = geometry.pagesPerBatch();
        this.linkBytesPerSec = geometry.linkBytesPerSec();
        this.linkCommandLatencyNs = geometry.linkCommandLatencyNs();
        this.extents = List.copyOf(extents);
        this.decision = decision;
    }

    public Path file() {
        return file;
    }

    /** First byte of the split in the file (a record boundary). */
    public long start() {
        return start;
    }

    public long length() {
        return length;
    }

    public int recordSize() {
        return recordSize;
    }

    /** Index of the split's drive in the file system's drive set. */
    public int drive() {
        return drive;
    }

    public String driveAddress() {
        return driveAddress;
    }

    /** The host of the split's drive (its locality). */
    public String host() {
        return host;
    }

    public DriveGeometry geometry() {
        return new DriveGeometry(driveAddress, host, pageSize, pagesPerBatch, linkBytesPerSec, linkCommandLatencyNs);
    }

    /** The chunk extents holding the split, in file order. */
    public List<ChunkExtent> extents() {
        return extents;
    }

    public Decision decision() {
        return decision;
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public String[] getLocations() {
        return host.isEmpty() ? new String[0] : new String[] {host};
    }

    @Override
    public void write(DataOutput out) throws IOException {
        Text.writeString(out, file.toString());
        out.writeLong(start);
        out.writeLong(length);
        out.writeInt(recordSize);
        out.writeInt(drive);
        Text.writeString(out, driveAddress);
        Text.writeString(out, host);
        out.writeInt(pageSize);
        out.writeInt(pagesPerBatch);
        out.writeLong(linkBytesPerSec);
        out.writeLong(linkCommandLatencyNs);
        out.writeInt(extents.size());
        for (ChunkExtent e : extents) {
            out.writeInt(e.drive());
            out.writeLong(e.objectId());
            out.writeLong(e.objectOffset());
            out.writeLong(e.length());
            out.writeLong(e.fileOffset());
        }
        out.writeInt(decision.index());
        out.writeInt(decision.drive());
        Text.writeString(out, decision.placement().name());
        writeCost(out, decision.host());
        writeCost(out, decision.device());
        Text.writeString(out, decision.policy());
        Text.writeString(out, decision.reason());
        writeCost(out, decision.baseline().host());
        writeCost(out, decision.baseline().deviceExecution());
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        file = new Path(Text.readString(in));
        start = in.readLong();
        length = in.readLong();
        recordSize = in.readInt();
        drive = in.readInt();
        driveAddress = Text.readString(in);
        host = Text.readString(in);
        pageSize = in.readInt();
        pagesPerBatch = in.readInt();
        linkBytesPerSec = in.readLong();
        linkCommandLatencyNs = in.readLong();
        int n = in.readInt();
        if (n < 0 || n > length + 1) {
            throw new IOException("split of " + file + " at " + start + ": corrupt extent count " + n);
        }
        List<ChunkExtent> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(new ChunkExtent(in.readInt(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
        }
        extents = List.copyOf(list);
        int index = in.readInt();
        int decisionDrive = in.readInt();
        String placement = Text.readString(in);
        Placement p;
        try {
            p = Placement.valueOf(placement);
        } catch (IllegalArgumentException e) {
            throw new IOException("split of " + file + " at " + start + ": unknown placement '" + placement + "'", e);
        }
        Cost hostCost = readCost(in);
        Cost deviceCost = readCost(in);
        String policy = Text.readString(in);
        String reason = Text.readString(in);
        decision = new Decision(index, decisionDrive, p, hostCost, deviceCost, policy, reason,
                new Baseline(readCost(in), readCost(in)));
    }

    private static void writeCost(DataOutput out, Cost c) throws IOException {
        out.writeLong(c.timeNs());
        out.writeLong(c.energyNj());
    }

    private static Cost readCost(DataInput in) throws IOException {
        return new Cost(in.readLong(), in.readLong());
    }

    @Override
    public String toString() {
        return file + ":" + start + "+" + length + " on drive " + drive + " (" + driveAddress + ", host " + host + "), "
                + decision.placement();
    }
}
