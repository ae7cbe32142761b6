package dev.ispd.it;

import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.worldcup.Q1DeviceMapper;
import dev.ispd.hadoop.worldcup.Q1Format;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * Q1 as a device-only DeviceJob for Hadoop's local runner, over generated WorldCup98 records
 * written to osd:// on the drives: for the tests that watch the drives while a job runs. Closing
 * it closes the file system it wrote through.
 *
 * @param fs the osd:// file system ({@code osd://<name>/}) the input was written through
 * @param job the job, not yet submitted
 */
public record DeviceOnlyQ1(FileSystem fs, DeviceJob job) implements AutoCloseable {

    /** Writes {@code entries} records (seed {@code seed}) in {@code chunk}-byte chunks and makes the job {@code q1-<name>}. */
    public static DeviceOnlyQ1 prepare(EmbeddedDrives drives, String name, int entries, long seed, int chunk,
                                       java.nio.file.Path work) throws IOException {
        Configuration conf = WorldCupDrives.configuration(drives, chunk, WorldCup98.RECORD_SIZE, "host-i5-2500");
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        conf.set(OffloadKeys.OFFLOAD_POLICY.name(), "device-only");
        URI root = URI.create("osd://" + name + "/");
        Path input = new Path(root.resolve("/wc98/day"));
        ByteBuffer records = ByteBuffer.allocate(entries * WorldCup98.RECORD_SIZE);
        WorldCupGenerator.withDefaults(seed, entries).fill(records, entries, WorldCup98.RECORD_SIZE);
        FileSystem fs = FileSystem.newInstance(root, conf);
        try {
            try (OutputStream out = fs.create(input, true)) {
                out.write(records.array());
            }
            DeviceJob job = DeviceJob.getInstance(conf, "q1-" + name).setDeviceMapper(Q1DeviceMapper.class)
                    .setDeviceMapperFormat(Q1Format.class).setCombinerClass(LongSumReducer.class)
                    .setReducerClass(LongSumReducer.class).setOutputKeyClass(Text.class)
                    .setOutputValueClass(LongWritable.class).setNumReduceTasks(1).addInputPath(input)
                    .setOutputPath(new Path(work.resolve("out").toUri()));
            return new DeviceOnlyQ1(fs, job);
        } catch (IOException | RuntimeException e) {
            fs.close();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        fs.close();
    }
}
