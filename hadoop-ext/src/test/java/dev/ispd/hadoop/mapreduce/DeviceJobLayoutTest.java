package dev.ispd.hadoop.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.plan.Field;
import dev.ispd.plan.Layout;
import dev.ispd.sim.testing.WorldCupSamples;
import dev.ispd.worldcup.WorldCup98;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DeviceJob over WorldCup98 entries takes the entry size from its input's recorded layout;
 * {@code ispd.worldcup.entry.size} is the explicit override, which must agree with the layout and
 * is required for an input that records none. A job that declares its output's layout records it
 * on its output files.
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
        data = WorldCupSamples.generate(2026, 4_000, 64);
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

        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 64)), JobRunner.runForOutput(job));
        assertEquals("64", job.getConfiguration().get(WorldCupKeys.ENTRY_SIZE.name()),
                "the tasks read the entry size the layout gave");
    }

    @Test
    void anExplicitEntrySizeThatAgreesRunsAsBefore() throws Exception {
        DeviceJob job = q1(runner.conf("host-only", 64), "agreeing-key", recorded);

        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 64)), JobRunner.runForOutput(job));
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
        assertEquals(WorldCupSamples.asOutput(WorldCupSamples.q1(data, 64)), JobRunner.runForOutput(with));
    }

    @Test
    void inputsOfDifferentEntrySizesAreRefusedNamingBoth() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path other = new Path(OSD.uri().resolve("/wc20/recorded"));
        JobRunner.write(fs, other, WorldCupSamples.generate(1, 100, 20));
        LayoutAttribute.record(fs, other, Layout.worldCup98(20));
        DeviceJob job = q1(runner.conf("device-only"), "two-layouts", recorded).addInputPath(other);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, job::plan);
        assertTrue(e.getMessage().contains("/wc64/recorded") && e.getMessage().contains("/wc20/recorded")
                && e.getMessage().contains("64 B") && e.getMessage().contains("20 B"), e.getMessage());
    }

    /** Q1's answer as fixed-width records: region number (1 byte), 7 bytes of zeros, accesses (8 bytes). */
    private static final Layout REGION_COUNTS = new Layout("regioncounts", 16,
            List.of(Field.unsigned("region", 0, 1), Field.unsigned("accesses", 8, 8)));

    /** Writes each region's summed accesses as one {@link #REGION_COUNTS} record. */
    public static class RegionCountRecords extends Reducer<Text, LongWritable, NullWritable, BytesWritable> {
        @Override
        protected void reduce(Text region, Iterable<LongWritable> counts, Context context)
                throws IOException, InterruptedException {
            long sum = 0;
            for (LongWritable c : counts) {
                sum += c.get();
            }
            int number = IntStream.range(0, WorldCup98.REGIONS)
                    .filter(r -> WorldCup98.regionName(r).equals(region.toString())).findFirst().orElseThrow();
            ByteBuffer record = ByteBuffer.allocate(16).put(0, (byte) number).putLong(8, sum);
            context.write(NullWritable.get(), new BytesWritable(record.array()));
        }
    }

    /** Each value's bytes as they are, one after the other: fixed-width records when the values are. */
    public static class RawValuesOutputFormat extends FileOutputFormat<NullWritable, BytesWritable> {
        @Override
        public RecordWriter<NullWritable, BytesWritable> getRecordWriter(TaskAttemptContext context) throws IOException {
            Path file = getDefaultWorkFile(context, "");
            DataOutputStream out = file.getFileSystem(context.getConfiguration()).create(file, false);
            return new RecordWriter<>() {
                @Override
                public void write(NullWritable key, BytesWritable value) throws IOException {
                    out.write(value.getBytes(), 0, value.getLength());
                }

                @Override
                public void close(TaskAttemptContext c) throws IOException {
                    out.close();
                }
            };
        }
    }

    private DeviceJob regionCountRecords(String name, Path output) throws Exception {
        DeviceJob job = DeviceJob.getInstance(runner.conf("device-only"), name).setDeviceMapper(Q1DeviceMapper.class)
                .setDeviceMapperFormat(Q1Format.class).setReducerClass(RegionCountRecords.class)
                .setOutputKeyClass(NullWritable.class).setOutputValueClass(BytesWritable.class).setNumReduceTasks(2)
                .addInputPath(recorded).setOutputPath(output);
        job.job().setOutputFormatClass(RawValuesOutputFormat.class);
        return job;
    }

    @Test
    void aJobThatDeclaresItsOutputLayoutRecordsItOnEveryOutputFile() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path output = new Path(OSD.uri().resolve("/out/region-counts"));
        DeviceJob job = regionCountRecords("declared-output", output).setOutputLayout(REGION_COUNTS);

        assertTrue(job.waitForCompletion(false));

        FileStatus[] parts = fs.listStatus(output, p -> p.getName().startsWith("part-"));
        assertEquals(2, parts.length);
        long records = 0;
        for (FileStatus part : parts) {
            assertEquals(Optional.of("regioncounts/16"), LayoutAttribute.read(fs, part.getPath()), part.getPath().toString());
            records += part.getLen() / 16;
        }
        assertEquals(WorldCupSamples.q1(data, 64).size(), records, "one record per region");
        assertEquals(Optional.empty(), LayoutAttribute.read(fs, new Path(output, "_SUCCESS")), "not on the marker");
    }

    @Test
    void aJobThatDeclaresNoOutputLayoutRecordsNone() throws Exception {
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        Path output = new Path(OSD.uri().resolve("/out/undeclared"));

        assertTrue(regionCountRecords("undeclared-output", output).waitForCompletion(false));

        for (FileStatus part : fs.listStatus(output, p -> p.getName().startsWith("part-"))) {
            assertEquals(Optional.empty(), LayoutAttribute.read(fs, part.getPath()));
        }
    }

    @Test
    void anOutputThatIsNotWholeRecordsOfTheDeclaredLayoutFailsNamingTheFile() throws Exception {
        Path output = new Path(OSD.uri().resolve("/out/not-whole"));
        DeviceJob job = regionCountRecords("not-whole-records", output)
                .setOutputLayout(new Layout("wide", 24, List.of(Field.unsigned("x", 0, 8))));

        IOException e = assertThrows(IOException.class, () -> job.waitForCompletion(false));
        assertTrue(e.getMessage().contains("/out/not-whole/part-r-0000") && e.getMessage().contains("24-byte records"),
                e.getMessage());
    }
}
