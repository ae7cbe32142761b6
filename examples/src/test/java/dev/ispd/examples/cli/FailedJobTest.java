package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A job whose task fails in Hadoop's local runner ends with the task's reason, not Hadoop's "NA". */
@Tag("heavy")
class FailedJobTest {
    @TempDir
    Path work;

    /** A mapper that refuses its settings, as a mapper given an unknown host profile does. */
    public static class RefusingMapper extends Mapper<LongWritable, Text, Text, LongWritable> {
        @Override
        protected void setup(Context context) {
            throw new IllegalArgumentException("ispd.offload.host.profile: no host profile 'nosuch'");
        }
    }

    @Test
    void theErrorEndsWithTheFailedTasksReason() throws Exception {
        Path input = Files.writeString(work.resolve("in.txt"), "one line\n");
        Configuration conf = new Configuration();
        conf.set("mapreduce.framework.name", "local");
        conf.set("hadoop.tmp.dir", work.resolve("hadoop").toString());
        Job job = Job.getInstance(conf, "refused");
        job.setMapperClass(RefusingMapper.class);
        job.setNumReduceTasks(0);
        FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
        FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(work.resolve("out").toUri()));

        FailedJob.watchLocalRunner();
        assertFalse(job.waitForCompletion(false));
        IOException e = FailedJob.error(job, "job 'refused'");

        assertEquals("job 'refused' failed: ispd.offload.host.profile: no host profile 'nosuch'", e.getMessage());
        assertTrue(e.getCause() instanceof IllegalArgumentException, "--verbose prints the task's trace: " + e.getCause());
    }
}
