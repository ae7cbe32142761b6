package dev.ispd.it.yarn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.offload.schedule.Decision;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Q1 as a DeviceJob on a YARN mini cluster of two node managers, each with its own drive reached
 * over TCP: every map runs in a container on the node whose drive holds its split (data-local),
 * executes its tasklet inside that drive through the native library loaded in the container, and
 * the reducer writes byte for byte what the same job writes in Hadoop's local runner.
 *
 * <p>Locality is what the capacity scheduler's delay scheduling gives, no more: a map that names a
 * node may go to another node of the rack once the scheduler has passed over it more than
 * min(cluster nodes, {@code yarn.scheduler.capacity.node-locality-delay}) = 2 times without a
 * node-local placement ({@link MultiHostYarnCluster} restores that delay, which the mini cluster
 * turns off, and schedules on node heartbeats). Each node has room for all of its maps at once,
 * no attempt is speculative and the reducer is asked for after the last map, so each node's first
 * heartbeat after the maps are asked for places all of its maps there, and no map is passed over
 * 3 times unless a node misses heartbeats for seconds.
 */
@Tag("cluster")
class YarnLocalityTest {
    private static final int NODES = 2;
    /** 256 KiB chunks of 1024 entries: 6 chunks, round robin over the 2 drives, make 6 splits. */
    private static final long CHUNK = 256 * 1024;
    private static final int ENTRIES = 6 * (int) (CHUNK / Q1Job.ENTRY_SIZE);
    private static final URI OSD = URI.create("osd://yarn-locality/");
    private static final String INPUT = "/worldcup/day1";

    @RegisterExtension
    static final YarnWithDrives YARN = new YarnWithDrives("ispd-yarn-locality", NODES);

    @TempDir
    static java.nio.file.Path work;


    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void mapsRunDataLocalInsideTheirNodesDrivesAndWriteTheLocalRunnersOutput() throws Exception {
        Q1Job.writeInput(YARN.osd(new Configuration(), CHUNK), OSD.resolve(INPUT), ENTRIES);
        DeviceJob onYarn = q1(YARN.cluster().jobConf(), "yarn");
        List<Decision> plan = onYarn.plan();
        Map<String, Long> splitsPerHost = plan.stream().collect(Collectors.groupingBy(
                d -> YARN.cluster().hosts().get(d.drive()), TreeMap::new, Collectors.counting()));
        assertEquals(NODES, splitsPerHost.size(), "both nodes' drives hold splits: " + splitsPerHost);

        byte[] yarnOutput = Q1Job.run(onYarn);

        Counters counters = onYarn.getCounters();
        int maps = plan.size();
        assertEquals(maps, counters.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue(), "one attempt per split");
        assertEquals(maps, counters.findCounter(JobCounter.DATA_LOCAL_MAPS).getValue(), "data-local maps");
        assertEquals(0, counters.findCounter(JobCounter.RACK_LOCAL_MAPS).getValue(), "rack-local maps");
        assertEquals(0, counters.findCounter(JobCounter.OTHER_LOCAL_MAPS).getValue(), "off-rack maps");
        assertEquals(splitsPerHost, mapsPerHost(onYarn), "maps per node against splits per node's drive");
        // each container loaded the native library and ran its split inside the node's drive
        assertEquals(maps, onYarn.counter(IspdCounter.SPLITS_ON_DEVICE));
        assertEquals(0, onYarn.counter(IspdCounter.FALLBACKS));
        assertEquals((long) ENTRIES * Q1Job.ENTRY_SIZE, onYarn.counter(IspdCounter.BYTES_READ_IN_DRIVES));

        byte[] localOutput = Q1Job.run(q1(Q1Job.localRunner(work.resolve("local-runner")), "local"));
        assertArrayEquals(localOutput, yarnOutput, "reducer output on YARN against the local runner's");
        assertEquals(ENTRIES, accessesIn(localOutput), "Q1 counts every entry once");
    }

    /** Q1 over the input on the test's drives. */
    private static DeviceJob q1(Configuration conf, String name) throws Exception {
        return Q1Job.of(YARN.osd(conf, CHUNK), name, OSD.resolve(INPUT), work.resolve("out-" + name));
    }

    /** How many maps succeeded on each node, from the job's task completion events. */
    private static Map<String, Long> mapsPerHost(DeviceJob job) throws Exception {
        Map<String, Long> perHost = new TreeMap<>();
        for (int from = 0; ; ) {
            TaskCompletionEvent[] events = job.job().getTaskCompletionEvents(from, 100);
            if (events.length == 0) {
                return perHost;
            }
            for (TaskCompletionEvent e : events) {
                if (e.isMapTask() && e.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
                    perHost.merge(URI.create(e.getTaskTrackerHttp()).getHost(), 1L, Long::sum);
                }
            }
            from += events.length;
        }
    }

    /** The sum of the counts in a "region\tcount" output. */
    private static long accessesIn(byte[] output) {
        return new String(output, StandardCharsets.UTF_8).lines()
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf('\t') + 1))).sum();
    }
}
