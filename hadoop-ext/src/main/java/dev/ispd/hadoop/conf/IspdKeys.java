package dev.ispd.hadoop.conf;

import dev.ispd.offload.settings.ConfigKey;
import dev.ispd.offload.settings.OffloadKeys;
import java.util.List;

/**
 * The Hadoop layer's configuration keys (the osd:// file system, DeviceJob), with their defaults and what they do; the offload core owns the rest
 * ({@link OffloadKeys}) and the WorldCup98 DeviceMappers theirs ({@code WorldCupKeys}). Set them cluster-wide in core-site.xml / mapred-site.xml or per job on
 * the job's Configuration (the job's value wins, as usual in Hadoop). docs/hadoop.md's table of
 * keys is checked against {@link #ALL} by a test.
 */
public final class IspdKeys {
    private IspdKeys() {
    }

    // ---- object file system ----
    public static final ConfigKey FS_DRIVES = new ConfigKey("ispd.fs.drives", "",
            "The drives of the osd:// file system, comma-separated host=address pairs, e.g. "
                    + "node1=tcp:10.0.0.1:7070,node2=tcp:10.0.0.2:7070; host names the node for locality.");
    public static final ConfigKey FS_CHUNK_SIZE = new ConfigKey("ispd.fs.chunk.size", "67108864",
            "Bytes per chunk: a file is cut into chunks, each an object on one drive (also the default split size).");
    public static final ConfigKey FS_REPLICATION = new ConfigKey("ispd.fs.replication", "1",
            "Replicas of each new chunk, on distinct drives (on distinct hosts while there are hosts left); "
                    + "1 keeps one copy, 2 or 3 let a cluster lose drives without losing data.");
    public static final ConfigKey FS_NAMESPACE_DRIVE = new ConfigKey("ispd.fs.namespace.drive", "0",
            "Index (in ispd.fs.drives) of the drive that holds the namespace journal (unless it is in ZooKeeper).");
    public static final ConfigKey FS_NAMESPACE_ZOOKEEPER = new ConfigKey("ispd.fs.namespace.zookeeper", "",
            "ZooKeeper ensemble (host:port,...) that keeps the namespace journal instead of a drive, for clusters: "
                    + "the namespace then survives the loss of any drive; empty = on ispd.fs.namespace.drive.");
    public static final ConfigKey FS_NAMESPACE_ZNODE = new ConfigKey("ispd.fs.namespace.znode", "/ispd/osd",
            "With ispd.fs.namespace.zookeeper: the znode under which the journal lives, one per osd:// file system.");

    public static final ConfigKey FS_CHECKPOINT_RECORDS = new ConfigKey("ispd.fs.checkpoint.records", "10000",
            "A client that changes the namespace checkpoints it once this many journal records (or a quarter of the "
                    + "namespace's entries, if more) followed the last checkpoint it knows; new clients load the latest "
                    + "checkpoint and replay only what follows. 0 = never.");
    public static final ConfigKey FS_JOURNAL_SEGMENT_BYTES = new ConfigKey("ispd.fs.journal.segment.bytes", "1048576",
            "With the journal on a drive: a client that writes a checkpoint seals the journal's last segment once it "
                    + "holds this many bytes, so that a later cut can delete it; the journal keeps about three "
                    + "checkpoints' worth of records plus a segment.");

    public static final ConfigKey FS_LEASE_MS = new ConfigKey("ispd.fs.lease.ms", "60000",
            "A writer holds a lease on the path it writes for this long after its last renewal (it renews while it "
                    + "writes); another client cannot create the path meanwhile, and a writer whose lease ran out "
                    + "fails. fsck collects the objects of a lease that ran out over its grace period before.");
    public static final ConfigKey FS_FSCK_GRACE_MS = new ConfigKey("ispd.fs.fsck.grace.ms", "3600000",
            "fsck --repair deletes an orphan object only once it has been an orphan this long: listed by an fsck "
                    + "at least this long before, or left by a writer whose lease ran out at least this long before.");
    // ---- authentication (docs/security.md) ----
    public static final ConfigKey AUTH_IDENTITY = new ConfigKey("ispd.auth.identity", "0",
            "The identity (1..4294967295) this client authenticates as to drives that require it; 0 = anonymous.");
    public static final ConfigKey AUTH_KEY = new ConfigKey("ispd.auth.key", "",
            "The identity's secret key in hex, read with Configuration.getPassword: keep it in a credential store "
                    + "(hadoop.security.credential.provider.path) rather than in plain configuration.");

    // ---- DeviceJob ----
    public static final ConfigKey JOB_DEVICE_MAPPER = new ConfigKey("ispd.job.device.mapper", "",
            "The DeviceMapper class of a DeviceJob (set by DeviceJob.setDeviceMapper): which tasklet, with which parameters.");
    public static final ConfigKey JOB_DEVICE_FORMAT = new ConfigKey("ispd.job.device.format", "",
            "The DeviceMapperFormat class of a DeviceJob (set by DeviceJob.setDeviceMapperFormat): tasklet result -> key/values.");
    public static final ConfigKey JOB_PLAN = new ConfigKey("ispd.job.plan", "",
            "The declarative plan a PlanDeviceMapper runs (set by PlanDeviceMapper.setPlan): its binary encoding "
                    + "(docs/protocol.md, \"Plans\") in Base64.");

    /** Every key a Hadoop user sets, the offload core's included, in the order of the docs' table. */
    public static final List<ConfigKey> ALL = List.of(FS_DRIVES, FS_CHUNK_SIZE, FS_REPLICATION, FS_NAMESPACE_DRIVE,
            FS_NAMESPACE_ZOOKEEPER, FS_NAMESPACE_ZNODE, FS_CHECKPOINT_RECORDS, FS_JOURNAL_SEGMENT_BYTES, FS_LEASE_MS, FS_FSCK_GRACE_MS,
            AUTH_IDENTITY, AUTH_KEY,
            OffloadKeys.OFFLOAD_POLICY,
            OffloadKeys.OFFLOAD_WEIGHT, OffloadKeys.OFFLOAD_HOST_PROFILE, OffloadKeys.OFFLOAD_HOST_SLOTS,
            OffloadKeys.OFFLOAD_CORRECTION, OffloadKeys.OFFLOAD_COST_BASIS, OffloadKeys.OFFLOAD_CORRECTION_FILE,
            OffloadKeys.DEVICE_TIMEOUT_MS,
            OffloadKeys.DEVICE_RETRIES, OffloadKeys.DEVICE_AVOID_AFTER, OffloadKeys.DEVICE_DEADLINE_FLOOR_MS,
            OffloadKeys.DEVICE_DEADLINE_FACTOR, OffloadKeys.DEVICE_STRAGGLER_FACTOR,
            OffloadKeys.DEVICE_STRAGGLER_FLOOR_MS, OffloadKeys.DEVICE_PROBE_TIMEOUT_MS, OffloadKeys.DEVICE_PROBE_MAX_AGE_MS,
            OffloadKeys.DEVICE_FAILURES_DIR,
            OffloadKeys.DEVICE_FAILURES_REFRESH_MS,
            JOB_DEVICE_MAPPER, JOB_DEVICE_FORMAT, JOB_PLAN, OffloadKeys.SPLIT_MAX_BYTES, OffloadKeys.SPLIT_GROUP_MAX_BYTES);
}
