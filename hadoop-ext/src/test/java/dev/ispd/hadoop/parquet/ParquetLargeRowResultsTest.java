package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.hadoop.mapreduce.DeviceJob;
import dev.ispd.hadoop.mapreduce.IspdCounter;
import dev.ispd.hadoop.plan.PlanJobs;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.Predicate;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan DeviceJob returning the rows of one Parquet row group that make more than a drive's
 * 64 MiB result (320,000 rows of a 240-byte string): the real in-JVM drive refuses the row group
 * (LIMIT_EXCEEDED, result bytes) once, and the host's run returns them all, as host-only does.
 */
@Tag("heavy")
class ParquetLargeRowResultsTest {
    private static final long CHUNK = 32L << 20;
    private static final int ROWS = 320_000;
    private static final int STRING_BYTES = 240;
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType(
            "message t { required int64 id; required binary s (STRING); }");

    @RegisterExtension
    static final OsdDrives OSD = new OsdDrives(1, CHUNK);

    @TempDir
    static java.nio.file.Path work;
    private static PlanJobs jobs;
    private static Path file;
    private static Plan plan;

    @BeforeAll
    static void write() throws IOException {
        jobs = new PlanJobs(OSD, work);
        file = new Path(OSD.uri().resolve("/pq/wide.parquet"));
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(OSD.conf()).withType(SCHEMA)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.SNAPPY)
                .withDictionaryEncoding(false).withRowGroupSize(CHUNK / 8 * 7).build()) {
            for (int i = 0; i < ROWS; i++) {
                out.write(groups.newGroup().append("id", (long) i).append("s", string(i)));
            }
        }
        FileSystem fs = FileSystem.get(OSD.uri(), OSD.conf());
        FileStatus status = fs.getFileStatus(file);
        assertEquals(1, ParquetFooters.read(fs, status).getBlocks().size(), "one row group");
        plan = Plan.rows(ParquetInputs.table(fs, status).layout(), Predicate.compare("id", CompareOp.GE, 0),
                List.of("id", "s"));
    }

    /** Row {@code i}'s string: {@link #STRING_BYTES} bytes, its number at both ends. */
    private static String string(int i) {
        String n = Integer.toString(i);
        return n + "-" + "x".repeat(STRING_BYTES - 2 * n.length() - 2) + "-" + n;
    }

    @Test
    void rowsOverADrivesResultComeBackWholeFromTheHost() throws Exception {
        String expected = jobs.run(jobs.job("host-only", plan, file));
        List<String> lines = expected.lines().toList();
        assertEquals(ROWS, lines.size());
        long bytes = lines.stream().mapToLong(String::length).sum();
        assertTrue(bytes > PlanLimits.DRIVE.maxResultBytes(), "more than a drive result: " + bytes);
        assertEquals(ROWS, lines.stream().map(l -> l.substring(0, l.indexOf('\t'))).distinct().count(), "every id once");
        DeviceJob job = jobs.job("device-only", plan, file);
        assertEquals(expected, jobs.run(job));
        assertEquals(1, job.counter(IspdCounter.DEVICE_REFUSALS), "the drive refused the row group once");
        assertEquals(0, job.counter(IspdCounter.DEVICE_RETRIES), "not retried");
        assertEquals(1, job.counter(IspdCounter.SPLITS_ON_HOST), "the host answered it");
    }
}
