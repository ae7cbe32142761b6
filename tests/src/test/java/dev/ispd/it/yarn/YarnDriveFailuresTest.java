package dev.ispd.it.yarn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.settings.OffloadKeys;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A drive that keeps failing is avoided by the whole job on YARN, whose maps run in separate
 * container JVMs: Q1 as a DeviceJob over two drives reached over TCP, every chunk on both
 * (replication 2), while the drive that is the first replica of most splits (the victim) crashes
 * every execution. The job avoids a drive
 * after 2 failures and runs one map at a time ({@code mapreduce.job.running.map.limit} = 1),
 * each in a container of its own, so the counters are exact: the victim's first map fails there
 * (the job's first failure) and runs on the other replica; its second, in another JVM, reads that
 * failure from the job's shared record, fails too (the second: the job now avoids the drive) and
 * runs on the replica; its later maps skip the drive without trying it. With each JVM counting
 * only its own failures, as before the shared record, every one of the victim's maps would have
 * failed once there. The output is the fault-free run's, and the job's folder of failures is
 * gone when it ends.
 *
 * <p>With maps running at once instead, maps that fail on the drive before either's record
 * reaches the other each count their failure: the failures before the drive is avoided are then
 * at most the threshold plus the maps running at once, less one (docs/hadoop.md).
 */
@Tag("cluster")
class YarnDriveFailuresTest {
    private static final int NODES = 2;
    private static final int AVOID_AFTER = 2;
    /** 256 KiB chunks of 1024 entries: 5 chunks, whose first replicas alternate over the 2 drives, make 5 splits. */
    private static final long CHUNK = 256 * 1024;
    private static final int ENTRIES = 5 * (int) (CHUNK / Q1Job.ENTRY_SIZE);
    private static final URI OSD = URI.create("osd://yarn-failures/");
    private static final String INPUT = "/worldcup/day2";

    @RegisterExtension
    static final YarnWithDrives YARN = new YarnWithDrives("ispd-yarn-failures", NODES);

    @TempDir
    static java.nio.file.Path work;


    /** The drives, two replicas a chunk, a split a chunk, no correction file, the threshold. */
    private static Configuration ispd(Configuration conf) {
        YARN.osd(conf, CHUNK);
        conf.setInt(IspdKeys.FS_REPLICATION.name(), NODES);
        conf.setLong(OffloadKeys.SPLIT_GROUP_MAX_BYTES.name(), 0);
        conf.setBoolean(OffloadKeys.OFFLOAD_CORRECTION.name(), false);
        conf.setInt(OffloadKeys.DEVICE_AVOID_AFTER.name(), AVOID_AFTER);
        return conf;
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void mapsInOtherJvmsAvoidADriveOnceTheJobsFailuresOnItReachTheThreshold() throws Exception {
        URI input = OSD.resolve(INPUT);
        Q1Job.writeInput(ispd(new Configuration()), input, ENTRIES);
        byte[] faultFree = Q1Job.run(Q1Job.of(ispd(Q1Job.localRunner(work.resolve("local-runner"))), "fault-free",
                input, work.resolve("out-fault-free")));

        Configuration conf = ispd(YARN.cluster().jobConf());
        conf.setInt(MRJobConfig.JOB_RUNNING_MAP_LIMIT, 1);
        DeviceJob job = Q1Job.of(conf, "crashing-drive", input, work.resolve("out-crashing-drive"));
        List<Decision> plan = job.plan();
        Map.Entry<Integer, Long> victim = plan.stream().collect(Collectors.groupingBy(Decision::drive,
                Collectors.counting())).entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow();
        long onVictim = victim.getValue();
        assertTrue(onVictim > AVOID_AFTER, "the victim holds more splits than the threshold: " + plan);
        byte[] output;
        try (Drive d = Drive.connect(YARN.drives().address(victim.getKey()))) {
            d.setFaults("{\"faults\":[{\"kind\":\"crash\"}]}");
            try {
                output = Q1Job.run(job);
            } finally {
                d.clearFaults();
            }
        }

        assertArrayEquals(faultFree, output, "the fault-free run's output");
        assertEquals(plan.size(), job.getCounters().findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue(),
                "one attempt, in a container of its own, per split");
        assertEquals(AVOID_AFTER, job.counter(IspdCounter.DEVICE_FAULTS_CONNECTION), "tried until the job's threshold");
        assertEquals(1, job.counter(IspdCounter.DRIVES_AVOIDED));
        assertEquals(onVictim - AVOID_AFTER, job.counter(IspdCounter.AVOIDED_DRIVE_SKIPS), "its later maps");
        assertEquals(AVOID_AFTER, job.counter(IspdCounter.DEVICE_RETRIES));
        assertEquals(onVictim, job.counter(IspdCounter.REPLICA_RUNS), "every split of the victim, on the replica");
        assertEquals(0, job.counter(IspdCounter.FALLBACKS));
        assertEquals(plan.size(), job.counter(IspdCounter.SPLITS_ON_DEVICE));
        Path record = new Path(OSD.resolve("/.ispd/drive-failures/" + job.job().getJobID()));
        assertFalse(FileSystem.get(OSD, ispd(new Configuration())).exists(record), "deleted at the job's end");
    }
}
