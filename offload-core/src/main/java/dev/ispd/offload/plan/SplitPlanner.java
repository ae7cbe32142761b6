package dev.ispd.offload.plan;

import dev.ispd.client.DeviceInfo;
import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.schedule.OffloadScheduler;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.offload.schedule.SplitWork;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.offload.storage.AtOnce;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.profile.Capabilities;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Split planning (DESIGN.md, "The path of one job", step 2): resolves the input files to chunk
 * extents on drives, cuts them into pieces of whole records, asks every drive for its
 * capabilities (DEVICE_INFO) and load (DEVICE_LOG), all drives at once (so planning waits for the
 * slowest drive, not for each in turn: a query plans a scan per table), estimates each piece's work with the
 * tasklet's factory (a module's calibrated first on a sample of the input:
 * {@link ModuleCalibration}), lets the {@link OffloadScheduler} place each piece on one of the
 * drives holding a replica of it and on that drive or the host (it logs every decision with its
 * predicted costs), with the corrections earlier jobs left, and groups the pieces placed on one
 * drive into splits ({@link SplitGrouper}). A drive that does not answer is left out: its pieces
 * go to another replica, and a piece with no replica on a drive that answered fails planning.
 *
 * <p>Load: DEVICE_LOG counts the executions queued and running on a drive but not their size. A
 * drive's backlog is taken as that count times the device time the scheduler predicts for one of
 * this job's splits on that drive; when some drive is busy, planning therefore runs twice (once
 * without backlog to learn those times).
 */
public final class SplitPlanner {
    private static final Logger LOG = LoggerFactory.getLogger(SplitPlanner.class);
    private final OffloadSettings settings;
    private final TaskletSpec tasklet;
    private final TaskletFactory factory;
    private final OffloadStorage storage;
    private final CorrectionBook corrections;

    /**
     * @param corrections what earlier jobs observed (an empty book when correction is off)
     */
    public SplitPlanner(OffloadSettings settings, TaskletSpec tasklet, OffloadStorage storage,
                        CorrectionBook corrections) {
        this.settings = settings;
        this.tasklet = tasklet;
        this.factory = tasklet.factory();
        this.storage = storage;
        this.corrections = corrections;
    }

    /**
     * The planned splits of {@code files}, which must all be on the planner's storage; a file
     * whose recorded record size is not the tasklet's is an IOException naming both.
     */
    public List<PlannedSplit> plan(List<InputFile> files) throws IOException {
        if (files.isEmpty()) {
            return List.of();
        }
        DriveDirectory drives = storage.drives();
        Duration timeout = settings.faults().probeTimeout();
        Duration maxAge = settings.faults().probeMaxAge();
        List<DriveState> states = AtOnce.each(drives.size(), d -> probe(drives, d, timeout, maxAge));
        List<String> down = states.stream().filter(s -> !s.up()).map(DriveState::why).toList();
        DriveState anyUp = states.stream().filter(DriveState::up).findFirst().orElseThrow(() -> new IOException(
                "planning needs the drives' capabilities and load, and no drive answered: " + String.join("; ", down)));
        int recordSize = tasklet.recordSize(anyUp.info().pageSize());
        for (InputFile f : files) {
            if (f.recordedRecordSize() > 0 && recordSize > 0 && f.recordedRecordSize() != recordSize) {
                throw new IOException(f.path() + " records " + f.recordedRecordSize()
                        + "-byte records, but the job's tasklet was given " + recordSize + "-byte records");
            }
        }

        List<List<ParquetCutter.Unit>> unitsPerFile = new ArrayList<>();
        List<List<BlockCutter.Unit>> blocksPerFile = new ArrayList<>(); // null for a file of rows or Parquet
        for (InputFile f : files) {
            if (f.blocks() != null) {
                List<BlockCutter.Unit> blocks = f.length() == 0 ? List.of() : BlockCutter.cut(f.path(), f.length(),
                        blocks(f), storage.locate(f.path(), f.length()), PlanSources.fields(plan(f)),
                        settings.splitMaxBytes());
                blocksPerFile.add(blocks);
                unitsPerFile.add(blocks.stream().map(b -> new ParquetCutter.Unit(b.pieces(), null, false, true, 0)).toList());
                continue;
            }
            blocksPerFile.add(null);
            unitsPerFile.add(f.length() == 0 ? List.of() : f.parquet() != null
                    ? ParquetCutter.cut(f.path(), f.parquet(), storage.locate(f.path(), f.length()), unitRows(f, recordSize))
                    : SplitCutter.cut(f.path(), f.length(), recordSize, storage.locate(f.path(), f.length()),
                            settings.splitMaxBytes()).stream()
                            .map(p -> new ParquetCutter.Unit(List.of(p), null, false, false, 0)).toList());
        }
        TaskletFactory estimator = factory instanceof WasmTaskletFactory module
                ? ModuleCalibration.calibrate(tasklet, module, storage, files, recordSize,
                        d -> states.get(d).up() ? states.get(d).info() : null)
                : factory;
        List<SplitWork> work = new ArrayList<>();
        for (int f = 0; f < files.size(); f++) {
            List<BlockCutter.Unit> blocks = blocksPerFile.get(f);
            List<ParquetCutter.Unit> units = unitsPerFile.get(f);
            for (int i = 0; i < units.size(); i++) {
                ParquetCutter.Unit u = units.get(i);
                SplitPiece p = u.pieces().get(0);
                List<Integer> replicas = p.replicaDrives();
                String file = files.get(f).path();
                int drive = replicas.stream().filter(d -> states.get(d).up()).findFirst().orElseThrow(() -> new IOException(
                        "bytes " + p.start() + " to " + p.end() + " of " + file + " are on drives " + replicas
                                + ", and none of them answered: " + String.join("; ", down)));
                // a row group's bytes are the column chunks read; its work, its rows judged and its values
                // decoded; blocks' bytes are the columns read, their work their records'
                int pageSize = states.get(drive).info().pageSize();
                Meter predicted = blocks != null
                        ? PlanTasklet.estimate(plan(files.get(f)), u.bytes(), blocks.get(i).records(), pageSize)
                        : u.rowGroup() == null ? estimator.estimate(tasklet.params(), u.bytes(), pageSize)
                        : SplitEstimate.ofRowGroup(estimator, tasklet.params(), u.rowGroup(),
                                files.get(f).parquet().columns(), u.bytes(), pageSize,
                                dictionaryEntries(files.get(f).parquet(), u.rowGroup()));
                work.add(new SplitWork(work.size(), drive, u.bytes(), predicted, replicas));
            }
        }
        List<String> addresses = new ArrayList<>(drives.size());
        for (int d = 0; d < drives.size(); d++) {
            addresses.add(drives.address(d));
        }
        List<Decision> decisions = schedule(states, work, addresses);

        List<PlannedSplit> splits = new ArrayList<>(work.size());
        int first = 0;
        for (int f = 0; f < files.size(); f++) {
            List<ParquetCutter.Unit> units = unitsPerFile.get(f);
            List<Decision> decided = decisions.subList(first, first + units.size());
            first += units.size();
            if (files.get(f).parquet() != null) {
                splits.addAll(parquetSplits(files.get(f), units, decided, states, drives, recordSize));
                continue;
            }
            if (blocksPerFile.get(f) != null) {
                splits.addAll(blockedSplits(files.get(f), blocksPerFile.get(f), decided, states, drives));
                continue;
            }
            List<SplitPiece> cut = new ArrayList<>(decided.size());
            for (int i = 0; i < decided.size(); i++) {
                cut.add(units.get(i).pieces().get(0).on(decided.get(i).drive()));
            }
            for (SplitGrouper.Group<SplitPiece> g : SplitGrouper.group(cut, decided, settings.groupMaxBytes())) {
                int drive = g.decision().drive();
                splits.add(new PlannedSplit(files.get(f).path(), g.pieces(), recordSize, drive,
                        states.get(drive).geometry(drives, drive), g.decision(), 0,
                        replicaAddresses(g.pieces(), drive, states, drives)));
            }
        }
        return splits;
    }

    /**
     * The splits of a Parquet file, their record size 0 (their extents are column chunks): its
     * units (row groups and parts of them) placed on one drive grouped as pieces of records in
     * rows are ({@link SplitGrouper}), so that a drive decodes them in one execution: where pieces
     * are bounded by records ({@code ispd.split.max.bytes}: a scan returning every matching row),
     * as many as fit one result as a unit's rows do ({@link ParquetUnitRows}); else
     * the bytes they read within {@code ispd.split.group.max.bytes}; as many as one execution's
     * runtime parameters hold ({@link #unitsPerExecution}). A unit that straddles a chunk boundary runs on the host whatever the policy
     * chose. The split holding the file's first unit carries the count of row groups and pages its
     * statistics excluded.
     */
    private List<PlannedSplit> parquetSplits(InputFile file, List<ParquetCutter.Unit> units, List<Decision> decided,
                                             List<DriveState> states, DriveDirectory drives, int recordSize) {
        List<Decision> placed = new ArrayList<>(units.size());
        for (int i = 0; i < units.size(); i++) {
            ParquetCutter.Unit u = units.get(i);
            Decision d = decided.get(i);
            if (u.straddles() && d.placement() == Placement.DEVICE) {
                d = new Decision(d.index(), d.drive(), Placement.HOST, d.host(), d.device(), d.policy(),
                        "row group " + u.rowGroup().index() + " straddles a chunk boundary: no drive holds it whole",
                        d.baseline());
                LOG.info("split {} of {}: {}", d.index(), file.path(), d.reason());
            }
            placed.add(d);
        }
        // units bounded by records (their rows, had every one matched, fit one result) are grouped up to that bound
        ParquetUnitRows rows = unitRows(file, recordSize);
        long maxBytes = settings.groupMaxBytes() <= 0 ? 0 : rows.bounded() ? rows.budget() : settings.groupMaxBytes();
        List<Integer> indexes = IntStream.range(0, units.size()).boxed().toList();
        List<PlannedSplit> out = new ArrayList<>();
        for (SplitGrouper.Group<Integer> g : SplitGrouper.group(indexes, i -> placed.get(i).drive(),
                i -> rows.bounded() ? units.get(i).share() : units.get(i).bytes(), placed,
                maxBytes, unitsPerExecution(file, units))) {
            int drive = g.decision().drive();
            List<SplitPiece> pieces = new ArrayList<>();
            List<ParquetRowGroup> rowGroups = new ArrayList<>();
            int started = 0;
            int straddling = 0;
            for (int i : g.pieces()) {
                ParquetCutter.Unit u = units.get(i);
                u.pieces().forEach(p -> pieces.add(p.on(drive)));
                rowGroups.add(u.rowGroup());
                started += u.first() ? 1 : 0;
                straddling += u.first() && u.straddles() ? 1 : 0;
            }
            boolean firstUnit = g.pieces().get(0) == 0;
            ParquetSource source = new ParquetSource(file.path(), file.parquet().columns(), rowGroups);
            out.add(new PlannedSplit(file.path(), pieces, 0, drive, states.get(drive).geometry(drives, drive),
                    g.decision(), 0, replicaAddresses(pieces, drive, states, drives),
                    new ParquetSplit(source, firstUnit ? file.parquet().rowGroupsSkipped() : 0,
                            firstUnit ? file.parquet().pagesSkipped() : 0, started, straddling)));
        }
        return out;
    }

    /**
     * How the units of the Parquet file {@code file} are bounded: by records where pieces are
     * ({@code ispd.split.max.bytes} over {@code recordSize}), each row group's strings as its
     * footer counts them.
     */
    private ParquetUnitRows unitRows(InputFile file, int recordSize) {
        long records = settings.splitMaxBytes() > 0 && recordSize > 0 ? settings.splitMaxBytes() / recordSize : 0;
        return ParquetUnitRows.of(file, factory instanceof PlanTaskletFactory p ? p.plan() : null, records);
    }

    /**
     * How many of {@code units} (of one file: the same columns each) one execution's runtime
     * parameters hold ({@link ParquetSource#maxEncodedBytes}), at least one.
     */
    private static int unitsPerExecution(InputFile file, List<ParquetCutter.Unit> units) {
        if (units.isEmpty()) {
            return 1;
        }
        List<ParquetColumn> columns = file.parquet().columns();
        int none = new ParquetSource(file.path(), columns, List.of()).encode().length;
        int one = new ParquetSource(file.path(), columns, List.of(units.get(0).rowGroup())).encode().length - none;
        return Math.max(1, (ParquetSource.maxEncodedBytes() - none) / one);
    }

    /**
     * The splits of a file of column-blocked records ({@link BlockCutter}): its units placed on one
     * drive grouped as pieces of records in rows are ({@link SplitGrouper}), each split's pieces
     * the columns the plan reads of its blocks, in file order (so a file's last block, which may
     * hold fewer records, comes last), its record size 0 (the pieces are columns, not records),
     * its blocks sent as the executions' runtime parameters ({@link BlockedSplit}).
     */
    private List<PlannedSplit> blockedSplits(InputFile file, List<BlockCutter.Unit> units, List<Decision> decided,
                                             List<DriveState> states, DriveDirectory drives) {
        List<SplitPiece> whole = new ArrayList<>(units.size());
        Map<SplitPiece, BlockCutter.Unit> unitOf = new IdentityHashMap<>();
        for (int i = 0; i < units.size(); i++) {
            SplitPiece blocks = units.get(i).blocks().on(decided.get(i).drive());
            whole.add(blocks);
            unitOf.put(blocks, units.get(i));
        }
        List<PlannedSplit> out = new ArrayList<>();
        for (SplitGrouper.Group<SplitPiece> g : SplitGrouper.group(whole, decided, settings.groupMaxBytes())) {
            int drive = g.decision().drive();
            List<SplitPiece> pieces = new ArrayList<>();
            long records = 0;
            for (SplitPiece blocks : g.pieces()) {
                unitOf.get(blocks).pieces().forEach(p -> pieces.add(p.on(drive)));
                records += unitOf.get(blocks).records();
            }
            out.add(new PlannedSplit(file.path(), pieces, 0, drive, states.get(drive).geometry(drives, drive),
                    g.decision(), 0, replicaAddresses(pieces, drive, states, drives), null,
                    new BlockedSplit(file.blocks().recordsPerBlock(), records)));
        }
        return out;
    }

    /** The bound on each dictionary-coded string column's entries in the row group {@code read} is of. */
    private static Map<String, Long> dictionaryEntries(ParquetInput input, ParquetRowGroup read) {
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            if (g.group().index() == read.index()) {
                return DictionaryEntries.atMost(g, input.columns());
            }
        }
        return Map.of();
    }

    /**
     * The plan the job runs over {@code file}, a file of column-blocked records: only a plan reads
     * them (it names the columns to read); any other tasklet is refused naming the file.
     */
    private Plan plan(InputFile file) throws IOException {
        if (!(factory instanceof PlanTaskletFactory plan)) {
            throw new IOException(file.path() + " stores its records column-blocked (" + file.blocks().recordsPerBlock()
                    + " to a block), which only a plan reads, and " + tasklet.owner() + " runs tasklet '"
                    + tasklet.name() + "' (" + tasklet.form() + ")");
        }
        return plan.plan();
    }

    /**
     * The blocks of {@code file} as its layout stores them. The drive and the host find a plan's
     * columns by the plan's own layout, so each column the plan reads must be one the file stores
     * (same offset and width); a plan whose field cuts across the file's columns is refused naming
     * both, never run over other bytes.
     */
    private BlockLayout blocks(InputFile file) throws IOException {
        Plan plan = plan(file);
        BlockLayout stored = file.blocks();
        BlockLayout read;
        try {
            read = new BlockLayout(plan.layout(), stored.recordsPerBlock());
        } catch (PlanException e) {
            throw new IOException(file.path() + ": " + e.getMessage(), e);
        }
        for (int c : read.columns(PlanSources.fields(plan))) {
            if (stored.columnOffset(c) != c || stored.columnWidth(c) != read.columnWidth(c)) {
                throw new IOException(file.path() + " stores its records column-blocked by layout "
                        + stored.layout().name() + ", whose column at byte " + stored.columnOffset(c) + " is "
                        + stored.columnWidth(c) + " bytes, but the plan reads a column of " + read.columnWidth(c)
                        + " bytes at byte " + c + ": a plan over blocked records reads the file's columns whole");
            }
        }
        return stored;
    }

    /** The drives but {@code drive} that hold replicas of the pieces' chunks and answered, with their addresses. */
    private static Map<Integer, String> replicaAddresses(List<SplitPiece> pieces, int drive, List<DriveState> states,
                                                         DriveDirectory drives) {
        Map<Integer, String> out = new TreeMap<>();
        for (SplitPiece p : pieces) {
            for (ChunkExtent e : p.extents()) {
                for (int d : e.drives()) {
                    if (d != drive && states.get(d).up()) {
                        out.put(d, drives.address(d));
                    }
                }
            }
        }
        return out;
    }

    private List<Decision> schedule(List<DriveState> states, List<SplitWork> work, List<String> addresses) {
        List<Map<String, String>> capabilities = new ArrayList<>(states.size()); // null: down
        states.forEach(s -> capabilities.add(s.up() ? s.info().capabilities() : null));
        long[] backlog = new long[states.size()];
        if (states.stream().anyMatch(s -> s.executions() > 0)) {
            List<Decision> unloaded = scheduler(capabilities, backlog, addresses).plan(work);
            for (int d = 0; d < backlog.length; d++) {
                backlog[d] = states.get(d).executions() * meanDeviceNs(unloaded, d);
            }
        }
        List<Decision> decisions = scheduler(capabilities, backlog, addresses).plan(work);
        if (decisions.size() != work.size()) {
            throw new IllegalStateException("the scheduler placed " + decisions.size() + " of " + work.size()
                    + " splits");
        }
        return decisions;
    }

    private OffloadScheduler scheduler(List<Map<String, String>> capabilities, long[] backlog, List<String> addresses) {
        return OffloadScheduler.create(settings.scheduler(), capabilities, backlog, corrections, tasklet.name(),
                tasklet.shape(),
                addresses);
    }

    /** Mean predicted device time of the splits on drive {@code d} (all splits if it holds none). */
    private static long meanDeviceNs(List<Decision> decisions, int d) {
        List<Decision> on = decisions.stream().filter(x -> x.drive() == d).toList();
        List<Decision> basis = on.isEmpty() ? decisions : on;
        return (long) basis.stream().mapToLong(x -> x.device().timeNs()).average().orElse(0);
    }

    /**
     * A drive's answers to DEVICE_INFO and DEVICE_LOG; {@code info} is null for a drive that did
     * not answer, and {@code why} says what failed.
     */
    private record DriveState(DeviceInfo info, long executions, String why) {
        boolean up() {
            return info != null;
        }

        DriveGeometry geometry(DriveDirectory drives, int d) {
            Map<String, String> caps = info.capabilities();
            return new DriveGeometry(drives.address(d), drives.host(d), info.pageSize(), info.pagesPerBatch(),
                    capability(caps, Capabilities.LINK_BANDWIDTH, d), capability(caps, Capabilities.LINK_COMMAND_LATENCY, d));
        }
    }

    /**
     * Drive {@code d}'s capabilities and load, as it answered at most {@code maxAge} ago in this
     * JVM ({@link DriveProbes}) or asked now; a drive that does not answer within {@code timeout}
     * is down for this plan (logged): its pieces run on another replica.
     */
    private static DriveState probe(DriveDirectory drives, int d, Duration timeout, Duration maxAge) {
        String address = drives.address(d);
        DriveProbes.Answer recent = DriveProbes.recent(address, maxAge);
        if (recent != null) {
            return new DriveState(recent.info(), recent.executions(), null);
        }
        try (Drive drive = drives.open(d)) {
            drive.setTimeout(timeout);
            DeviceInfo info = drive.deviceInfo();
            DeviceLog log = drive.deviceLog();
            DriveProbes.Answer a = DriveProbes.answered(address, info, (long) log.queued() + log.running());
            return new DriveState(a.info(), a.executions(), null);
        } catch (IOException e) {
            DriveProbes.failed(address);
            String why = "drive " + d + " (" + drives.address(d) + ") did not answer: " + e.getMessage();
            LOG.warn("planning without {}", why);
            return new DriveState(null, 0, why);
        }
    }

    private static long capability(Map<String, String> caps, String key, int d) {
        String v = caps.get(key);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalStateException("drive " + d + " reports capability " + key + " = '" + v
                    + "', not an integer");
        }
    }
}
