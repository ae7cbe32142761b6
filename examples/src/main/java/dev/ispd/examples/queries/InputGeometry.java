package dev.ispd.examples.queries;

import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.profile.Capabilities;
import dev.ispd.profile.LinkSpec;
import dev.ispd.profile.Power;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the host jobs need to know about an osd:// input and the drives it lives on: the page
 * size and chunk size (to name a page as the device filter does) and the host link (to price the
 * bytes the host-optimized mappers read, as a DeviceJob prices its host splits). Probed once by
 * the job driver and passed to the tasks in the job configuration. One geometry for the whole
 * input, which is why it is not the offload core's per-drive
 * {@link dev.ispd.offload.plan.DriveGeometry} (a planned split's drive: its address, host and
 * batch size too).
 *
 * @param pageSize          the drives' flash page size
 * @param chunkSize         the file's chunk size: every chunk but the last is this long
 * @param linkBytesPerSec   the drives' host link bandwidth
 * @param linkLatencyNs     the drives' host link command latency
 */
public record InputGeometry(int pageSize, long chunkSize, long linkBytesPerSec, long linkLatencyNs) {
    private static final Logger LOG = LoggerFactory.getLogger(InputGeometry.class);

    public InputGeometry {
        if (pageSize <= 0 || chunkSize <= 0 || linkBytesPerSec <= 0 || linkLatencyNs < 0) {
            throw new IllegalArgumentException("drive geometry needs positive page size, chunk size and link bandwidth, "
                    + "got " + pageSize + ", " + chunkSize + ", " + linkBytesPerSec + ", latency " + linkLatencyNs);
        }
    }

    /**
     * Asks every drive of {@code conf} ({@link dev.ispd.hadoop.conf.IspdKeys#FS_DRIVES}) for its page size and
     * link, and {@code input}'s file system for its chunk size (a directory's files', such as
     * the part files a Spark job writes, are the file system's default). The drives must agree:
     * one geometry describes the whole input. A drive that does not answer within
     * {@code ispd.device.probe.timeout.ms} is left out (logged at WARN): the jobs read its bytes from
     * replicas; an IOException naming every drive if none answers.
     */
    public static InputGeometry probe(Configuration conf, Path input) throws IOException {
        FileSystem fs = input.getFileSystem(conf);
        FileStatus status = fs.getFileStatus(input);
        long chunkSize = status.isDirectory() ? fs.getDefaultBlockSize(input) : status.getBlockSize();
        // the one key it needs: the job's other settings are the job's to check and report
        Duration timeout = Duration.ofMillis(conf.getLong(OffloadKeys.DEVICE_PROBE_TIMEOUT_MS.name(),
                Long.parseLong(OffloadKeys.DEVICE_PROBE_TIMEOUT_MS.defaultValue())));
        InputGeometry first = null;
        String firstAddress = null;
        List<String> down = new ArrayList<>();
        try (DriveSet drives = DriveSet.fromConfiguration(conf)) {
            for (int d = 0; d < drives.size(); d++) {
                DeviceInfo info;
                try (Drive drive = drives.open(d)) {
                    drive.setTimeout(timeout);
                    info = drive.deviceInfo();
                } catch (IOException e) {
                    String why = "drive " + d + " (" + drives.address(d) + ") did not answer: " + e.getMessage();
                    LOG.warn("the host jobs' geometry without {}", why);
                    down.add(why);
                    continue;
                }
                Map<String, String> caps = info.capabilities();
                InputGeometry g = new InputGeometry(info.pageSize(), chunkSize,
                        capability(caps, Capabilities.LINK_BANDWIDTH, drives.address(d)),
                        capability(caps, Capabilities.LINK_COMMAND_LATENCY, drives.address(d)));
                if (first != null && !first.equals(g)) {
                    throw new IOException("the drives differ: " + firstAddress + " has " + first + ", "
                            + drives.address(d) + " has " + g + "; the host jobs price one link and name pages one way");
                }
                if (first == null) {
                    firstAddress = drives.address(d);
                }
                first = g;
            }
        }
        if (first == null) {
            throw new IOException(down.isEmpty() ? "no drives configured; the host jobs need the drives' page size and link"
                    : "the host jobs need the drives' page size and link, and no drive answered: " + String.join("; ", down));
        }
        return first;
    }

    /** Writes this geometry into a job configuration. */
    public void store(Configuration conf) {
        conf.setInt(QueryKeys.PAGE_SIZE.name(), pageSize);
        conf.setLong(QueryKeys.CHUNK_SIZE.name(), chunkSize);
        conf.setLong(QueryKeys.LINK_BANDWIDTH.name(), linkBytesPerSec);
        conf.setLong(QueryKeys.LINK_LATENCY.name(), linkLatencyNs);
    }

    /** The geometry {@link #store} wrote. */
    public static InputGeometry load(Configuration conf) {
        if (conf.get(QueryKeys.PAGE_SIZE.name()) == null) {
            throw new IllegalStateException("the job configuration has no " + QueryKeys.PAGE_SIZE.name()
                    + "; build query jobs through QueryJobs, which probes the drives");
        }
        return new InputGeometry(conf.getInt(QueryKeys.PAGE_SIZE.name(), 0), conf.getLong(QueryKeys.CHUNK_SIZE.name(), 0),
                conf.getLong(QueryKeys.LINK_BANDWIDTH.name(), 0), conf.getLong(QueryKeys.LINK_LATENCY.name(), -1));
    }

    /** The host link; its power is not the host's concern (the host profile prices the whole system). */
    public LinkSpec link() {
        return new LinkSpec(linkBytesPerSec, linkLatencyNs, new Power(0, 0));
    }

    /**
     * The address of the page a record starting at {@code fileOffset} belongs to, as the device
     * filter names it: the file offset of the page's start, pages counted from the start of the
     * record's chunk.
     */
    public long pageAddress(long fileOffset) {
        long chunkStart = fileOffset - fileOffset % chunkSize;
        return chunkStart + (fileOffset - chunkStart) / pageSize * pageSize;
    }

    /**
     * The largest chunk size not above {@code target} that holds whole entries and whole pages
     * (a multiple of both), so no record straddles a chunk and every variant names filter pages
     * alike; at least one such multiple.
     */
    public static long wholePageChunkSize(long target, int entrySize, int pageSize) {
        long unit = (long) entrySize / gcd(entrySize, pageSize) * pageSize;
        return Math.max(unit, target - target % unit);
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }

    private static long capability(Map<String, String> caps, String key, String address) throws IOException {
        String v = caps.get(key);
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IOException("drive " + address + " reports capability " + key + " = '" + v + "', not an integer", e);
        }
    }
}
