package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.mapreduce.builtin.Q1DeviceMapper;
import dev.ispd.hadoop.mapreduce.builtin.Q1Format;
import dev.ispd.hadoop.mapreduce.builtin.Q2DeviceMapper;
import dev.ispd.hadoop.mapreduce.builtin.Q2Format;
import dev.ispd.worldcup.WorldCup98;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Q2 (and Q1) over the real WorldCup98 sample (200,000 requests, imported by {@link WorldCupSample}
 * with its documented fixed choices: every request in region 0) on two drives: host-only,
 * device-only and cost-based runs write identical outputs, equal to counts taken straight from
 * the CSV lines.
 */
class WorldCupSampleJobTest {
    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(2, 1 << 20);

    @TempDir
    static java.nio.file.Path work;

    private static List<WorldCupSample.Request> requests;
    private static Path input;
    private static JobRunner runner;

    @BeforeAll
    static void load() throws Exception {
        requests = WorldCupSample.read(WorldCupSample.locate());
        assertEquals(200_000, requests.size());
        input = new Path(OSD.uri().resolve("/wc98/wc_day6_1"));
        JobRunner.write(FileSystem.get(OSD.uri(), OSD.conf()), input, WorldCupSample.records(requests));
        runner = new JobRunner(OSD.conf(), work);
    }

    @Test
    void q2ByTypeIsTheSameOnHostDeviceAndCostBasedRunsAndMatchesTheCsv() throws Exception {
        Map<String, Long> expected = new TreeMap<>();
        for (WorldCupSample.Request r : requests) {
            expected.merge(WorldCup98.regionName(0) + "\t" + WorldCup98.typeName(WorldCupSample.type(r.url())), 1L,
                    Long::sum);
        }
        String csvCounts = WorldCupData.asOutput(expected);
        for (String policy : List.of("host-only", "device-only", "fastest")) {
            DeviceJob job = runner.countingJob(runner.conf(policy, 20), "sample-q2-" + policy, Q2DeviceMapper.class,
                    Q2Format.class, input);
            assertEquals(csvCounts, JobRunner.runForOutput(job), policy);
        }
    }

    @Test
    void q1CountsEveryRequest() throws Exception {
        DeviceJob job = runner.countingJob(runner.conf("device-only", 20), "sample-q1", Q1DeviceMapper.class,
                Q1Format.class, input);
        assertEquals(WorldCup98.regionName(0) + "\t200000\n", JobRunner.runForOutput(job));
        assertEquals(2, job.counter(IspdCounter.SPLITS_ON_DEVICE), "4 chunks' pieces grouped per drive");
    }
}
