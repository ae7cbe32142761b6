package dev.ispd.offload.settings;

import java.util.List;

/**
 * The configuration keys the offload core reads: where splits run, how they are priced, cut,
 * grouped and corrected, and how long a drive may take. An engine adapter passes them through
 * under these names (docs/hadoop.md's table of keys lists them with the engine's own keys).
 */
public final class OffloadKeys {
    private OffloadKeys() {
    }

    public static final ConfigKey OFFLOAD_POLICY = new ConfigKey("ispd.offload.policy", "fastest",
            "Where splits run: fastest, least-energy, weighted, host-only or device-only.");
    public static final ConfigKey OFFLOAD_WEIGHT = new ConfigKey("ispd.offload.weight", "0.5",
            "With policy weighted: the weight of time against energy, 1 = time only, 0 = energy only "
                    + "(each normalised by the host's prediction).");
    public static final ConfigKey OFFLOAD_HOST_PROFILE = new ConfigKey("ispd.offload.host.profile", "host-i5-2500",
            "Host profile that prices host-side splits (a shipped name or a path to a profile file).");
    public static final ConfigKey OFFLOAD_HOST_SLOTS = new ConfigKey("ispd.offload.host.slots", "auto",
            "Map slots (cores) the host side has for this job: host splits queue behind each other on them. auto = "
                    + "on the modeled basis the host profile's cores; on the measured basis the cores a task gets "
                    + "(under Spark one executor's task slots: local[N], spark.executor.cores over spark.task.cpus; "
                    + "else this machine's) less one per drive on this machine (a unix: or loopback address: its "
                    + "executions take a core), at least 1.");
    public static final ConfigKey OFFLOAD_CORRECTION = new ConfigKey("ispd.offload.correction", "true",
            "Correct predictions online by the ratio of observed to predicted cost of finished splits.");
    public static final ConfigKey OFFLOAD_COST_BASIS = new ConfigKey("ispd.offload.cost.basis", "measured",
            "What corrects predicted times: measured (the wall clock finished splits took, per drive, host and plan "
                    + "shape) or modeled (the modeled costs they reported: deterministic, as the workbench and the "
                    + "reproduction use). Both start from the profiles.");
    public static final ConfigKey OFFLOAD_CORRECTION_FILE = new ConfigKey("ispd.offload.correction.file", "",
            "Where the corrections persist across jobs (a JSON file, any Hadoop path the client and the tasks reach); "
                    + "empty = /.ispd/offload-correction.json on the osd:// file system of the job's input.");
    public static final ConfigKey DEVICE_TIMEOUT_MS = new ConfigKey("ispd.device.timeout.ms", "600000",
            "The longest a device split's deadline can be (ispd.device.deadline.*): a split not done by its "
                    + "deadline, or a drive call unanswered that long, fails its device run: it is cancelled and "
                    + "retried on a replica (ispd.device.retries) or run on the host.");
    public static final ConfigKey SPLIT_MAX_BYTES = new ConfigKey("ispd.split.max.bytes", "0",
            "Largest piece of a DeviceJob split in bytes (cut down to whole records); 0 = one piece per chunk.");
    public static final ConfigKey SPLIT_GROUP_MAX_BYTES = new ConfigKey("ispd.split.group.max.bytes", "1073741824",
            "Pieces of one file placed on the same drive run as one split (one map task, one execution) of up to this "
                    + "many bytes; 0 = a split per piece. Pieces placed on the host are never grouped.");

    public static final ConfigKey DEVICE_RETRIES = new ConfigKey("ispd.device.retries", "1",
            "Device runs a split gets after a failed one (a fault, an error or a timeout), on another drive holding "
                    + "its bytes where there is one, else on the same drive, before it falls back to the host.");
    public static final ConfigKey DEVICE_AVOID_AFTER = new ConfigKey("ispd.device.avoid.after.failures", "3",
            "Failures of one drive in a job after which the job's later splits avoid it (run on another replica or "
                    + "on the host); counted over all of the job's tasks (ispd.device.failures.dir).");
    public static final ConfigKey DEVICE_DEADLINE_FLOOR_MS = new ConfigKey("ispd.device.deadline.floor.ms", "5000",
            "A device split's deadline is ispd.device.deadline.factor times its predicted device time, at least "
                    + "this long and at most ispd.device.timeout.ms; a split (and each drive call) not done by then "
                    + "fails its device run, and the job avoids that drive from then on.");
    public static final ConfigKey DEVICE_DEADLINE_FACTOR = new ConfigKey("ispd.device.deadline.factor", "10",
            "How many times its predicted device time a device split may take before it misses its deadline "
                    + "(within ispd.device.deadline.floor.ms and ispd.device.timeout.ms).");
    public static final ConfigKey DEVICE_STRAGGLER_FACTOR = new ConfigKey("ispd.device.straggler.factor", "2",
            "With a cost-based policy on the measured cost basis, a device split still running after this many times its predicted device "
                    + "time (and at least ispd.device.straggler.floor.ms and its predicted host time) straggles: the "
                    + "host runs the same split "
                    + "beside it and the first to finish gives the result, the other is cancelled; 0 = never.");
    public static final ConfigKey DEVICE_STRAGGLER_FLOOR_MS = new ConfigKey("ispd.device.straggler.floor.ms", "1000",
            "The shortest time a device split runs before it can straggle (ispd.device.straggler.factor).");
    public static final ConfigKey DEVICE_PROBE_TIMEOUT_MS = new ConfigKey("ispd.device.probe.timeout.ms", "5000",
            "How long planning waits for a drive's capabilities and load (DEVICE_INFO, DEVICE_LOG) before it plans "
                    + "without that drive (logged at WARN): its pieces run on a replica's drive.");
    public static final ConfigKey DEVICE_PROBE_MAX_AGE_MS = new ConfigKey("ispd.device.probe.max.age.ms", "1000",
            "How long a JVM plans with a drive's last answers to DEVICE_INFO and DEVICE_LOG before it asks again "
                    + "(the scans of one query plan with one probe of each drive); 0 = ask for every plan. A drive "
                    + "that did not answer, or on which a split's run failed, is asked again at the next plan.");
    public static final ConfigKey DEVICE_FAILURES_DIR = new ConfigKey("ispd.device.failures.dir", "",
            "Where the task JVMs of a job (YARN containers, Spark executors) share the drive failures each saw: a "
                    + "folder per job, a small file per task attempt or executor, any Hadoop path every task reaches, "
                    + "deleted when the job ends; empty = /.ispd/drive-failures on the osd:// file system of the "
                    + "job's input.");
    public static final ConfigKey DEVICE_FAILURES_REFRESH_MS = new ConfigKey("ispd.device.failures.refresh.ms",
            "1000", "How long a task JVM goes by what it last read of its job's shared drive failures before it "
                    + "reads them again.");

    /** Every key the core reads. */
    public static final List<ConfigKey> ALL = List.of(OFFLOAD_POLICY, OFFLOAD_WEIGHT, OFFLOAD_HOST_PROFILE,
            OFFLOAD_HOST_SLOTS, OFFLOAD_CORRECTION, OFFLOAD_COST_BASIS, OFFLOAD_CORRECTION_FILE, DEVICE_TIMEOUT_MS, SPLIT_MAX_BYTES,
            SPLIT_GROUP_MAX_BYTES, DEVICE_RETRIES, DEVICE_AVOID_AFTER, DEVICE_DEADLINE_FLOOR_MS, DEVICE_DEADLINE_FACTOR,
            DEVICE_STRAGGLER_FACTOR, DEVICE_STRAGGLER_FLOOR_MS, DEVICE_PROBE_TIMEOUT_MS, DEVICE_PROBE_MAX_AGE_MS,
            DEVICE_FAILURES_DIR, DEVICE_FAILURES_REFRESH_MS);
}
