package dev.ispd.offload.plan;

import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One planned split: one or more pieces of one file (ranges of whole records with the chunk
 * extents that hold them, in file order), the drive that holds them and its
 * {@link DriveGeometry}, the scheduler's decision with its predicted costs, and the tasklet
 * instance the job created on that drive for its device splits (0: none, the execution creates
 * its own). Everything is resolved at planning time, so an executor needs no namespace look-up.
 *
 * <p>Two forms: plain Java serialization (an engine that ships objects, e.g. Spark), and the
 * compact one of {@link #write}/{@link #read} (an engine that writes splits itself, e.g.
 * Hadoop): the fields in declaration order, strings as an int byte count and their UTF-8 bytes, lists as an
 * int count followed by their elements, costs as time then energy.
 */
public final class PlannedSplit implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int MAX_LISTED = 1 << 20;

    private final String file;
    private final List<SplitPiece> pieces;
    private final int recordSize;
    private final int drive;
    private final DriveGeometry geometry;
    private final Decision decision;
    private final long taskletInstance;

    public PlannedSplit(String file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
                        Decision decision, long taskletInstance) {
        if (pieces.isEmpty()) {
            throw new IllegalArgumentException("a split of " + file + " needs at least one piece");
        }
        this.file = file;
        this.pieces = List.copyOf(pieces);
        this.recordSize = recordSize;
        this.drive = drive;
        this.geometry = geometry;
        this.decision = decision;
        this.taskletInstance = taskletInstance;
    }

    /** This split running its device part with tasklet instance {@code id} on its drive. */
    public PlannedSplit withTaskletInstance(long id) {
        return new PlannedSplit(file, pieces, recordSize, drive, geometry, decision, id);
    }

    /** The file, as the engine's file system names it. */
    public String file() {
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

    /** Index of the split's drive in the file system's drive directory. */
    public int drive() {
        return drive;
    }

    public String driveAddress() {
        return geometry.address();
    }

    /** The host of the split's drive (its locality). */
    public String host() {
        return geometry.host();
    }

    public DriveGeometry geometry() {
        return geometry;
    }

    public Decision decision() {
        return decision;
    }

    /** The job's tasklet instance on the split's drive, or 0 if the job created none. */
    public long taskletInstance() {
        return taskletInstance;
    }

    /** Writes the compact form (class Javadoc). */
    public void write(DataOutput out) throws IOException {
        writeString(out, file);
        out.writeInt(recordSize);
        out.writeInt(drive);
        writeString(out, geometry.address());
        writeString(out, geometry.host());
        out.writeInt(geometry.pageSize());
        out.writeInt(geometry.pagesPerBatch());
        out.writeLong(geometry.linkBytesPerSec());
        out.writeLong(geometry.linkCommandLatencyNs());
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
        writeString(out, decision.placement().name());
        writeCost(out, decision.host());
        writeCost(out, decision.device());
        writeString(out, decision.policy());
        writeString(out, decision.reason());
        writeCost(out, decision.baseline().host());
        writeCost(out, decision.baseline().deviceExecution());
        out.writeLong(taskletInstance);
    }

    /** Reads the compact form {@link #write} wrote; a corrupt one is an IOException naming the file. */
    public static PlannedSplit read(DataInput in) throws IOException {
        String file = readString(in, "a split");
        int recordSize = in.readInt();
        int drive = in.readInt();
        DriveGeometry geometry = new DriveGeometry(readString(in, file), readString(in, file), in.readInt(), in.readInt(),
                in.readLong(), in.readLong());
        int n = count(in, file, "piece");
        List<SplitPiece> pieces = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long start = in.readLong();
            long length = in.readLong();
            int pieceDrive = in.readInt();
            int m = count(in, file, "extent");
            List<ChunkExtent> extents = new ArrayList<>(m);
            for (int j = 0; j < m; j++) {
                extents.add(new ChunkExtent(in.readInt(), in.readLong(), in.readLong(), in.readLong(), in.readLong()));
            }
            pieces.add(new SplitPiece(start, length, pieceDrive, extents));
        }
        int index = in.readInt();
        int decisionDrive = in.readInt();
        String placement = readString(in, file);
        Placement p;
        try {
            p = Placement.valueOf(placement);
        } catch (IllegalArgumentException e) {
            throw new IOException("split of " + file + ": unknown placement '" + placement + "'", e);
        }
        Cost host = readCost(in);
        Cost device = readCost(in);
        String policy = readString(in, file);
        String reason = readString(in, file);
        Decision decision = new Decision(index, decisionDrive, p, host, device, policy, reason,
                new Baseline(readCost(in), readCost(in)));
        return new PlannedSplit(file, pieces, recordSize, drive, geometry, decision, in.readLong());
    }

    /** A list length read back; a split lists at most a few thousand pieces and extents. */
    private static int count(DataInput in, String file, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > MAX_LISTED) {
            throw new IOException("split of " + file + ": corrupt " + what + " count " + n);
        }
        return n;
    }

    private static void writeString(DataOutput out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readString(DataInput in, String file) throws IOException {
        byte[] bytes = new byte[count(in, file, "string byte")];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
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
        return file + ":" + range + " on drive " + drive + " (" + geometry.address() + ", host " + geometry.host()
                + "), " + decision.placement();
    }
}
