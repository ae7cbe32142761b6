package dev.ispd.hadoop.mapreduce;

import dev.ispd.client.DeviceInfo;
import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.schedule.CorrectionBook;
import dev.ispd.hadoop.schedule.Decision;
import dev.ispd.hadoop.schedule.OffloadScheduler;
import dev.ispd.hadoop.schedule.SplitWork;
import dev.ispd.profile.Capabilities;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletFactory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Split planning of a DeviceJob (DESIGN.md, "The path of one job", step 2): resolves the input
 * files to chunk extents on drives, cuts them into pieces of whole records, asks every drive for
 * its capabilities (DEVICE_INFO) and load (DEVICE_LOG), estimates each piece's work with the
 * tasklet's factory, lets the {@link OffloadScheduler} place each piece (it logs every decision
 * with its predicted costs), with the corrections earlier jobs left ({@link CorrectionStore}),
 * and groups the pieces placed on one drive into splits ({@link SplitGrouper}).
 *
 * <p>Load: DEVICE_LOG counts the executions queued and running on a drive but not their size. A
 * drive's backlog is taken as that count times the device time the scheduler predicts for one of
 * this job's splits on that drive; when some drive is busy, planning therefore runs twice (once
 * without backlog to learn those times).
 */
final class SplitPlanner {
    private final Configuration conf;
    private final DeviceMapper mapper;
    private final TaskletFactory factory;
    private final Params params;

    SplitPlanner(Configuration conf) {
        this.conf = conf;
        this.mapper = JobSettings.mapper(conf);
        this.factory = mapper.factory(conf);
        this.params = mapper.params(conf);
    }

    /** The planned splits of {@code files}, which must all be on one osd:// file system. */
    List<DeviceInputSplit> plan(List<FileStatus> files) throws IOException {
        if (files.isEmpty()) {
            return List.of();
        }
        OsdFileSystem fs = osd(files);
        DriveSet drives = fs.drives();
        List<DriveState> states = new ArrayList<>(drives.size());
        for (int d = 0; d < drives.size(); d++) {
            states.add(probe(drives, d));
        }
        int recordSize = mapper.recordSize(conf, states.get(0).info().pageSize());
        long maxSplit = conf.getLong(IspdKeys.SPLIT_MAX_BYTES.name(),
                Long.parseLong(IspdKeys.SPLIT_MAX_BYTES.defaultValue()));

        long maxGroup = conf.getLong(IspdKeys.SPLIT_GROUP_MAX_BYTES.name(),
                Long.parseLong(IspdKeys.SPLIT_GROUP_MAX_BYTES.defaultValue()));

        List<List<SplitPiece>> piecesPerFile = new ArrayList<>();
        List<SplitPiece> pieces = new ArrayList<>();
        for (FileStatus f : files) {
            List<SplitPiece> cut = f.getLen() == 0 ? List.of() : SplitCutter.cut(f.getPath().toString(), f.getLen(),
                    recordSize, fs.locate(f.getPath(), 0, f.getLen()), maxSplit);
            piecesPerFile.add(cut);
            pieces.addAll(cut);
        }
        List<SplitWork> work = new ArrayList<>(pieces.size());
        for (int i = 0; i < pieces.size(); i++) {
            SplitPiece p = pieces.get(i);
            work.add(new SplitWork(i, p.drive(), p.length(),
                    factory.estimate(params, p.length(), states.get(p.drive()).info().pageSize())));
        }
        CorrectionBook corrections = CorrectionStore.enabled(conf)
                ? CorrectionStore.forInput(conf, files.get(0).getPath()).load() : new CorrectionBook();
        List<String> addresses = new ArrayList<>(drives.size());
        for (int d = 0; d < drives.size(); d++) {
            addresses.add(drives.address(d));
        }
        List<Decision> decisions = schedule(states, work, corrections, addresses);

        List<DeviceInputSplit> splits = new ArrayList<>(pieces.size());
        int first = 0;
        for (int f = 0; f < files.size(); f++) {
            List<SplitPiece> cut = piecesPerFile.get(f);
            List<Decision> decided = decisions.subList(first, first + cut.size());
            first += cut.size();
            for (SplitGrouper.Group g : SplitGrouper.group(cut, decided, maxGroup)) {
                int drive = g.decision().drive();
                splits.add(new DeviceInputSplit(files.get(f).getPath(), g.pieces(), recordSize, drive,
                        states.get(drive).geometry(drives, drive), g.decision()));
            }
        }
        return splits;
    }

    private List<Decision> schedule(List<DriveState> states, List<SplitWork> work, CorrectionBook corrections,
                                    List<String> addresses) {
        List<Map<String, String>> capabilities = states.stream().map(s -> s.info().capabilities()).toList();
        long[] backlog = new long[states.size()];
        if (states.stream().anyMatch(s -> s.executions() > 0)) {
            List<Decision> unloaded = scheduler(capabilities, backlog, corrections, addresses).plan(work);
            for (int d = 0; d < backlog.length; d++) {
                backlog[d] = states.get(d).executions() * meanDeviceNs(unloaded, d);
            }
        }
        List<Decision> decisions = scheduler(capabilities, backlog, corrections, addresses).plan(work);
        if (decisions.size() != work.size()) {
            throw new IllegalStateException("the scheduler placed " + decisions.size() + " of " + work.size()
                    + " splits");
        }
        return decisions;
    }

    private OffloadScheduler scheduler(List<Map<String, String>> capabilities, long[] backlog,
                                       CorrectionBook corrections, List<String> addresses) {
        return OffloadScheduler.fromConfiguration(conf, capabilities, backlog, corrections, mapper.tasklet(), addresses);
    }

    /** Mean predicted device time of the splits on drive {@code d} (all splits if it holds none). */
    private static long meanDeviceNs(List<Decision> decisions, int d) {
        List<Decision> on = decisions.stream().filter(x -> x.drive() == d).toList();
        List<Decision> basis = on.isEmpty() ? decisions : on;
        return (long) basis.stream().mapToLong(x -> x.device().timeNs()).average().orElse(0);
    }

    private OsdFileSystem osd(List<FileStatus> files) throws IOException {
        OsdFileSystem first = null;
        for (FileStatus f : files) {
            FileSystem fs = f.getPath().getFileSystem(conf);
            if (!(fs instanceof OsdFileSystem osd)) {
                throw new IOException("a DeviceJob reads osd:// files; input " + f.getPath() + " is on " + fs.getUri());
            }
            if (first != null && osd != first) {
                throw new IOException("a DeviceJob reads one osd:// file system; input " + f.getPath() + " is on "
                        + osd.getUri() + ", earlier input on " + first.getUri());
            }
            first = osd;
        }
        return first;
    }

    /** A drive's answers to DEVICE_INFO and DEVICE_LOG. */
    private record DriveState(DeviceInfo info, long executions) {
        DeviceInputSplit.DriveGeometry geometry(DriveSet drives, int d) {
            Map<String, String> caps = info.capabilities();
            return new DeviceInputSplit.DriveGeometry(drives.address(d), drives.host(d), info.pageSize(),
                    info.pagesPerBatch(), capability(caps, Capabilities.LINK_BANDWIDTH, d),
                    capability(caps, Capabilities.LINK_COMMAND_LATENCY, d));
        }
    }

    private static DriveState probe(DriveSet drives, int d) throws IOException {
        try (Drive drive = drives.open(d)) {
            DeviceInfo info = drive.deviceInfo();
            DeviceLog log = drive.deviceLog();
            return new DriveState(info, (long) log.queued() + log.running());
        } catch (IOException e) {
            throw new IOException("planning needs every drive's capabilities and load, and drive " + d + " ("
                    + drives.address(d) + ") did not answer: " + e.getMessage(), e);
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
