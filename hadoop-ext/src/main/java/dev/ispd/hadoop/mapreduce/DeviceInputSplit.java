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
 * One split of a DeviceJob: one or more pieces of one file (ranges of whole records with the
 * chunk extents that hold them, in file order), the drive that holds them (its address, and its
 * host for locality), the drive geometry a host run needs to scan the same way (page size, pages
 * per batch, link), and the scheduler's decision with its predicted costs. Everything is resolved
 * at planning time, so a task needs no namespace look-up.
 */
public final class DeviceInputSplit extends InputSplit implements Writable {
    private static final int MAX_LISTED = 1 << 20;

    private Path file;
    private List<SplitPiece> pieces;
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

    DeviceInputSplit(Path file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
            Decision decision) {
        if (pieces.isEmpty()) {
            throw new IllegalArgumentException("a split of " + file + " needs at least one piece");
        }
        this.file = file;
        this.pieces = List.copyOf(pieces);
        this.recordSize = recordSize;
        this.drive = drive;
        this.driveAddress = geometry.address();
        this.host = geometry.host();
        this.pageSize = geometry.pageSize();
        this.pagesPerBatch = geometry.pagesPerBatch();
        this.linkBytesPerSec = geometry.linkBytesPerSec();
        this.linkCommandLatencyNs = geometry.linkCommandLatencyNs();
        this.decision = decision;
    }

    public Path file() {
        return file;
    }

    /** The split's ranges of the file, in file order. */
    public List<SplitPiece> pieces() {
        return pieces;
    }

    /** First byte of the split in the file (a record boundary). */
    public long start() {
        return pieces.get(0).start();
    }

    /** Bytes of the file the split covers (all its pieces). */
    public long length() {
        return pieces.stream().mapToLong(SplitPiece::length).sum();
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

    public Decision decision() {
        return decision;
    }

    @Override
    public long getLength() {
        return length();
    }

    @Override
    public String[] getLocations() {
        return host.isEmpty() ? new String[0] : new String[] {host};
    }

    @Override
    public void write(DataOutput out) throws IOException {
        Text.writeString(out, file.toString());
        out.writeInt(recordSize);
        out.writeInt(drive);
        Text.writeString(out, driveAddress);
        Text.writeString(out, host);
        out.writeInt(pageSize);
        out.writeInt(pagesPerBatch);
        out.writeLong(linkBytesPerSec);
        out.writeLong(linkCommandLatencyNs);
        out.writeInt(pieces.size());
        for (SplitPiece p : pieces) {
            out.writeLong(p.start());
            out.writeLong(p.length());
            out.writeInt(p.drive());
            out.writeInt(p.extents().size());
            for (ChunkExtent e : p.extents()) {
                out.writeInt(e.drive());
                out.writeLong(e.objectId());
                out.writeLong(e.objectOffset());
                out.writeLong(e.length());
                out.writeLong(e.fileOffset());
            }
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
        recordSize = in.readInt();
        drive = in.readInt();
        driveAddress = Text.readString(in);
        host = Text.readString(in);
        pageSize = in.readInt();
        pagesPerBatch = in.readInt();
        linkBytesPerSec = in.readLong();
        linkCommandLatencyNs = in.readLong();
        int n = count(in, "piece");
        List<SplitPiece> read = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = in.readLong();
            long length = in.readLong();
            int pieceDrive = in.readInt();
            int m = count(in, "extent");
            List<ChunkExtent> extents = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                extents.add(new ChunkExtent(in.readInt(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
            }
            read.add(new SplitPiece(start, length, pieceDrive, extents));
        }
        pieces = List.copyOf(read);
        int index = in.readInt();
        int decisionDrive = in.readInt();
        String placement = Text.readString(in);
        Placement p;
        try {
            p = Placement.valueOf(placement);
        } catch (IllegalArgumentException e) {
            throw new IOException("split of " + file + " at " + start() + ": unknown placement '" + placement + "'", e);
        }
        Cost hostCost = readCost(in);
        Cost deviceCost = readCost(in);
        String policy = Text.readString(in);
        String reason = Text.readString(in);
        decision = new Decision(index, decisionDrive, p, hostCost, deviceCost, policy, reason,
                new Baseline(readCost(in), readCost(in)));
    }

    /** A list length read back; a split lists at most a few thousand pieces and extents. */
    private int count(DataInput in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_LISTED) {
            throw new IOException("split of " + file + ": corrupt " + what + " count " + n);
        }
        return n;
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
        String range = pieces.size() == 1 ? start() + "+" + length()
                : pieces.size() + " pieces from " + start() + ", " + length() + " bytes";
        return file + ":" + range + " on drive " + drive + " (" + driveAddress + ", host " + host + "), "
                + decision.placement();
    }
}
