package dev.ispd.hadoop.conf;

import java.util.List;

/**
 * Every Hadoop configuration key of ispd, with its default and what it does, in one place. Set
 * them cluster-wide in core-site.xml / mapred-site.xml or per job on the job's Configuration
 * (the job's value wins, as usual in Hadoop). docs/hadoop.md's table of keys is checked against
 * {@link #ALL} by a test.
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

    // ---- offload scheduler ----
    public static final ConfigKey OFFLOAD_POLICY = new ConfigKey("ispd.offload.policy", "fastest",
            "Where splits run: fastest, least-energy, weighted, host-only or device-only.");
    public static final ConfigKey OFFLOAD_WEIGHT = new ConfigKey("ispd.offload.weight", "0.5",
            "With policy weighted: the weight of time against energy, 1 = time only, 0 = energy only "
                    + "(each normalised by the host's prediction).");
    public static final ConfigKey OFFLOAD_HOST_PROFILE = new ConfigKey("ispd.offload.host.profile", "host-i5-2500",
            "Host profile that prices host-side splits (a shipped name or a path to a profile file).");
    public static final ConfigKey OFFLOAD_HOST_SLOTS = new ConfigKey("ispd.offload.host.slots", "4",
            "Map slots (cores) the host side has for this job: host splits queue behind each other on them.");
    public static final ConfigKey OFFLOAD_CORRECTION = new ConfigKey("ispd.offload.correction", "true",
            "Correct predictions online by the ratio of observed to predicted cost of finished splits.");
    public static final ConfigKey OFFLOAD_CORRECTION_FILE = new ConfigKey("ispd.offload.correction.file", "",
            "Where the corrections persist across jobs (a JSON file, any Hadoop path the client and the tasks reach); "
                    + "empty = /.ispd/offload-correction.json on the osd:// file system of the job's input.");
    public static final ConfigKey DEVICE_TIMEOUT_MS = new ConfigKey("ispd.device.timeout.ms", "600000",
            "A device split not done after this long is cancelled and run on the host instead.");

    // ---- DeviceJob ----
    public static final ConfigKey JOB_DEVICE_MAPPER = new ConfigKey("ispd.job.device.mapper", "",
            "The DeviceMapper class of a DeviceJob (set by DeviceJob.setDeviceMapper): which tasklet, with which parameters.");
    public static final ConfigKey JOB_DEVICE_FORMAT = new ConfigKey("ispd.job.device.format", "",
            "The DeviceMapperFormat class of a DeviceJob (set by DeviceJob.setDeviceMapperFormat): tasklet result -> key/values.");
    public static final ConfigKey SPLIT_MAX_BYTES = new ConfigKey("ispd.split.max.bytes", "0",
            "Largest piece of a DeviceJob split in bytes (cut down to whole records); 0 = one piece per chunk.");
    public static final ConfigKey SPLIT_GROUP_MAX_BYTES = new ConfigKey("ispd.split.group.max.bytes", "1073741824",
            "Pieces of one file placed on the same drive run as one split (one map task, one execution) of up to this "
                    + "many bytes; 0 = a split per piece. Pieces placed on the host are never grouped.");
    public static final ConfigKey WORLDCUP_ENTRY_SIZE = new ConfigKey("ispd.worldcup.entry.size", "20",
            "Bytes per WorldCup98 entry (20, 32, 64, 128 or 256) for the built-in Q1, Q2 and filter DeviceMappers.");
    public static final ConfigKey FILTER_PREDICATE = new ConfigKey("ispd.filter.predicate", "",
            "The filter DeviceMapper's predicate 'field op value', e.g. 'type eq 0' (fields and ops: docs/tasklets.md).");

    /** Every key, in the order of the docs' table. */
    public static final List<ConfigKey> ALL = List.of(FS_DRIVES, FS_CHUNK_SIZE, FS_REPLICATION, FS_NAMESPACE_DRIVE,
            FS_NAMESPACE_ZOOKEEPER, FS_NAMESPACE_ZNODE, FS_CHECKPOINT_RECORDS, OFFLOAD_POLICY,
            OFFLOAD_WEIGHT, OFFLOAD_HOST_PROFILE, OFFLOAD_HOST_SLOTS, OFFLOAD_CORRECTION, OFFLOAD_CORRECTION_FILE,
            DEVICE_TIMEOUT_MS, JOB_DEVICE_MAPPER, JOB_DEVICE_FORMAT, SPLIT_MAX_BYTES,
            SPLIT_GROUP_MAX_BYTES, WORLDCUP_ENTRY_SIZE, FILTER_PREDICATE);
}
