package dev.ispd.offload.plan;

import dev.ispd.offload.schedule.Baseline;
import dev.ispd.offload.schedule.Cost;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.Replica;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One planned split: one or more pieces of one file (ranges of whole records with the chunk
 * extents that hold them, in file order), the drive that holds them and its
 * {@link DriveGeometry}, the scheduler's decision with its predicted costs, and the tasklet
 * instance the job created on that drive for its device splits (0: none, the execution creates
 * its own), and the addresses of the other drives holding replicas of its chunks that answered at
 * planning time (where it may run if its drive fails). Everything is resolved at planning time,
 * so an executor needs no namespace look-up.
 *
 * <p>Two forms: plain Java serialization (an engine that ships objects, e.g. Spark), and the
 * compact one of {@link #write}/{@link #read} (an engine that writes splits itself, e.g.
 * Hadoop): the fields in declaration order, strings as an int byte count and their UTF-8 bytes, lists as an
 * int count followed by their elements (a chunk extent's replicas as (int drive, long object)
 * pairs), costs as time then energy, the replica addresses last (as an int count of (int drive,
 * string address) pairs), then a boolean and, for a split over Parquet, its source
 * ({@link ParquetSource#encode}) as an int byte count and the bytes, the row groups skipped (int),
 * the pages skipped (long), the row groups it starts and those of them that straddle (ints); then a boolean and, for a split over column-blocked records, the records
 * a block holds (int) and the records of its blocks (long).
 */
public final class PlannedSplit implements Serializable {
    private static final long serialVersionUID = 5L;
    private static final int MAX_LISTED = 1 << 20;

    private final String file;
    private final List<SplitPiece> pieces;
    private final int recordSize;
    private final int drive;
    private final DriveGeometry geometry;
    private final Decision decision;
    private final long taskletInstance;
    private final Map<Integer, String> replicaAddresses;
    private final ParquetSplit parquet;
    private final BlockedSplit blocked;

    /** A split without other drives to run on. */
    public PlannedSplit(String file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
                        Decision decision, long taskletInstance) {
        this(file, pieces, recordSize, drive, geometry, decision, taskletInstance, Map.of());
    }

    /** @param replicaAddresses by drive index, the other drives holding replicas of its chunks */
    public PlannedSplit(String file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
                        Decision decision, long taskletInstance, Map<Integer, String> replicaAddresses) {
        this(file, pieces, recordSize, drive, geometry, decision, taskletInstance, replicaAddresses, null);
    }

    /** @param parquet the row group a split over Parquet reads (its pieces are its column chunks); null for records */
    public PlannedSplit(String file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
                        Decision decision, long taskletInstance, Map<Integer, String> replicaAddresses,
                        ParquetSplit parquet) {
        this(file, pieces, recordSize, drive, geometry, decision, taskletInstance, replicaAddresses, parquet, null);
    }

    /**
     * @param blocked the blocks a split over column-blocked records reads (its pieces are the
     *     columns the plan reads of them); null for records in rows or Parquet
     */
    public PlannedSplit(String file, List<SplitPiece> pieces, int recordSize, int drive, DriveGeometry geometry,
                        Decision decision, long taskletInstance, Map<Integer, String> replicaAddresses,
                        ParquetSplit parquet, BlockedSplit blocked) {
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
        this.replicaAddresses = new TreeMap<>(replicaAddresses);
        this.parquet = parquet;
        this.blocked = blocked;
    }

    /** This split running its device part with tasklet instance {@code id} on its drive. */
    public PlannedSplit withTaskletInstance(long id) {
        return new PlannedSplit(file, pieces, recordSize, drive, geometry, decision, id, replicaAddresses, parquet,
                blocked);
    }

    /** The other drives holding replicas of its chunks, by index, with their addresses. */
    public Map<Integer, String> replicaAddresses() {
        return Collections.unmodifiableMap(replicaAddresses);
    }

    /**
     * This split run on {@code replicaDrive}, one of {@link #replicaAddresses}: its chunks read
     * from the replicas there (and on the host where that drive holds none), with a tasklet
     * instance of the execution's own. Its geometry is its planned drive's but for the address
     * (replicas are on drives of one profile).
     */
    public PlannedSplit onReplica(int replicaDrive) {
        String address = replicaAddresses.get(replicaDrive);
        if (address == null) {
            throw new IllegalArgumentException("split " + this + " has no replica on drive " + replicaDrive
                    + " (its replicas: " + replicaAddresses.keySet() + ")");
        }
        List<SplitPiece> moved = pieces.stream().map(p -> p.on(replicaDrive)).toList();
        Map<Integer, String> others = new TreeMap<>(replicaAddresses);
        others.remove(replicaDrive);
        others.put(drive, geometry.address());
        DriveGeometry g = new DriveGeometry(address, geometry.host(), geometry.pageSize(), geometry.pagesPerBatch(),
                geometry.linkBytesPerSec(), geometry.linkCommandLatencyNs());
        return new PlannedSplit(file, moved, recordSize, replicaDrive, g, decision, 0, others, parquet, blocked);
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

    /** The Parquet row group the split reads, or null for a split of records. */
    public ParquetSplit parquet() {
        return parquet;
    }

    /** The blocks a split over column-blocked records reads, or null for records in rows or Parquet. */
    public BlockedSplit blocked() {
        return blocked;
    }

    /**
     * The runtime parameters its executions run with: a split over Parquet's source, a split over
     * column-blocked records' blocks, else none.
     */
    public Params runtimeParams() {
        return parquet != null ? parquet.source().toParams() : blocked != null ? blocked.toParams() : Params.EMPTY;
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
                out.writeInt(e.replicas().size());
                for (Replica r : e.replicas()) {
                    out.writeInt(r.drive());
                    out.writeLong(r.objectId());
                }
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
        writeCost(out, decision.baseline().device());
        out.writeLong(taskletInstance);
        out.writeInt(replicaAddresses.size());
        for (Map.Entry<Integer, String> r : replicaAddresses.entrySet()) {
            out.writeInt(r.getKey());
            writeString(out, r.getValue());
        }
        out.writeBoolean(parquet != null);
        if (parquet != null) {
            byte[] source = parquet.source().encode();
            out.writeInt(source.length);
            out.write(source);
            out.writeInt(parquet.rowGroupsSkipped());
            out.writeLong(parquet.pagesSkipped());
            out.writeInt(parquet.rowGroupsStarted());
            out.writeInt(parquet.straddlingStarted());
        }
        out.writeBoolean(blocked != null);
        if (blocked != null) {
            out.writeInt(blocked.recordsPerBlock());
            out.writeLong(blocked.records());
        }
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
                int r = count(in, file, "replica");
                List<Replica> replicas = new ArrayList<>(r);
                for (int k = 0; k < r; k++) {
                    replicas.add(new Replica(in.readInt(), in.readLong()));
                }
                extents.add(new ChunkExtent(replicas, in.readLong(), in.readLong(), in.readLong()));
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
                new Baseline(readCost(in), readCost(in), readCost(in)));
        long instance = in.readLong();
        int replicas = count(in, file, "replica");
        Map<Integer, String> replicaAddresses = new TreeMap<>();
        for (int i = 0; i < replicas; i++) {
            replicaAddresses.put(in.readInt(), readString(in, file));
        }
        ParquetSplit parquet = null;
        if (in.readBoolean()) {
            byte[] source = new byte[count(in, file, "Parquet source byte")];
            in.readFully(source);
            try {
                parquet = new ParquetSplit(ParquetSource.decode(source), in.readInt(), in.readLong(), in.readInt(),
                        in.readInt());
            } catch (BadParameterException e) {
                throw new IOException("split of " + file + ": " + e.getMessage(), e);
            }
        }
        BlockedSplit blocked = in.readBoolean() ? new BlockedSplit(in.readInt(), in.readLong()) : null;
        return new PlannedSplit(file, pieces, recordSize, drive, geometry, decision, instance, replicaAddresses,
                parquet, blocked);
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
