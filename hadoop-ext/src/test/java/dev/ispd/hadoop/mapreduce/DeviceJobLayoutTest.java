package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.plan.Layout;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DeviceJob over WorldCup98 entries takes the entry size from its input's recorded layout;
 * {@code ispd.worldcup.entry.size} is the explicit override, which must agree with the layout and
 * is required for an input that records none.
 */
class DeviceJobLayoutTest {
    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(1, 256 * 1024);

    @TempDir
    static java.nio.file.Path work;

    private static byte[] data;
    private static Path recorded;
    private static Path unrecorded;
    private static JobRunner runner;

    @BeforeAll
    static void load() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        data = WorldCupData.generate(2026, 4_000, 64);
        recorded = new Path(OSD.uri().resolve("/wc64/recorded"));
        unrecorded = new Path(OSD.uri().resolve("/wc64/unrecorded"));
        JobRunner.write(fs, recorded, data);
        LayoutAttribute.record(fs, recorded, Layout.worldCup98(64));
        JobRunner.write(fs, unrecorded, data);
        runner = new JobRunner(OSD.conf(), work);
    }

    private DeviceJob q1(Configuration conf, String name, Path input) throws Exception {
        return runner.countingJob(conf, name, Q1DeviceMapper.class, Q1Format.class, input);
    }

    @Test
    void theEntrySizeComesFromTheInputsLayoutWhenNoKeySetsIt() throws Exception {
        DeviceJob job = q1(runner.conf("device-only"), "from-layout", recorded);

        assertEquals(WorldCupData.asOutput(WorldCupData.q1(data, 64)), JobRunner.runForOutput(job));
        assertEquals("64", job.getConfiguration().get(WorldCupKeys.ENTRY_SIZE.name()),
                "the tasks read the entry size the layout gave");
    }

    @Test
    void anExplicitEntrySizeThatAgreesRunsAsBefore() throws Exception {
        DeviceJob job = q1(runner.conf("host-only", 64), "agreeing-key", recorded);

        assertEquals(WorldCupData.asOutput(WorldCupData.q1(data, 64)), JobRunner.runForOutput(job));
    }

    @Test
    void anExplicitEntrySizeThatDisagreesIsAnErrorNamingBothAndThePath() throws Exception {
        // 32 divides the file's length: believed, it would give a wrong answer without an error
        DeviceJob job = q1(runner.conf("device-only", 32), "disagreeing-key", recorded);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, job::plan);
        assertTrue(e.getMessage().startsWith("ispd.worldcup.entry.size: "), e.getMessage());
        assertTrue(e.getMessage().contains("/wc64/recorded holds worldcup98 entries of 64 B"), e.getMessage());
        assertTrue(e.getMessage().contains("an entry size of 32 B was given"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> job.waitForCompletion(false), "the run refuses it too");
    }

    @Test
    void anInputWithoutALayoutNeedsTheExplicitKey() throws Exception {
        DeviceJob without = q1(runner.conf("device-only"), "no-layout-no-key", unrecorded);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, without::plan);
        assertTrue(e.getMessage().contains("ispd.worldcup.entry.size"), e.getMessage());
        assertTrue(e.getMessage().contains("/wc64/unrecorded records no layout"), e.getMessage());

        DeviceJob with = q1(runner.conf("device-only", 64), "no-layout-with-key", unrecorded);
        assertEquals(WorldCupData.asOutput(WorldCupData.q1(data, 64)), JobRunner.runForOutput(with));
    }

    @Test
    void inputsOfDifferentEntrySizesAreRefusedNamingBoth() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path other = new Path(OSD.uri().resolve("/wc20/recorded"));
        JobRunner.write(fs, other, WorldCupData.generate(1, 100, 20));
        LayoutAttribute.record(fs, other, Layout.worldCup98(20));
        DeviceJob job = q1(runner.conf("device-only"), "two-layouts", recorded).addInputPath(other);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, job::plan);
        assertTrue(e.getMessage().contains("/wc64/recorded") && e.getMessage().contains("/wc20/recorded")
                && e.getMessage().contains("64 B") && e.getMessage().contains("20 B"), e.getMessage());
    }
}
