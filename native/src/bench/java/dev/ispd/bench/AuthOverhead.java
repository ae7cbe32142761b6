package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.builtin.Q1Factory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What authentication costs (docs/security.md): the same work with {@code auth} off and on, in one
 * run, through JNI. With it on, the C library tags every request and verifies every answer, and
 * the drive verifies every request and tags every answer (HMAC-SHA256 over header and payload), so
 * a READ_OBJECT's 8 MiB are hashed twice; a scan inside the drive hashes only its small frames.
 */
@State(Scope.Benchmark)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class AuthOverhead {
    /** Bytes of one READ_OBJECT (ISPD_MAX_IO) and of the object the scan covers. */
    public static final int READ_BYTES = 8 << 20;
    public static final long SCAN_BYTES = 32L << 20;
    private static final int ENTRY_SIZE = 256;
    private static final TaskletRunner.Polling POLLING = new TaskletRunner.Polling(Duration.ofNanos(20_000),
            Duration.ofNanos(200_000), Duration.ofMinutes(1));

    @Param({"off", "on"})
    public String auth;

    private BenchDrive bench;
    private Drive drive;
    private long dataId;
    private ByteBuffer buffer;
    private TaskletRunner runner;
    private long q1Id;
    private List<Extent> extents;

    @Setup(Level.Trial)
    public void start() throws IOException {
        bench = auth.equals("on") ? BenchDrive.startAuthenticated(Binding.JNI) : BenchDrive.start(Binding.JNI);
        drive = bench.client();
        dataId = drive.createObject();
        drive.write(dataId, 0, WorldCupLog.generate((int) (SCAN_BYTES / ENTRY_SIZE), ENTRY_SIZE, 1998));
        buffer = ByteBuffer.allocateDirect(READ_BYTES);
        Params q1Params = Params.of(Q1Factory.ENTRY_SIZE, Integer.toString(ENTRY_SIZE));
        q1Id = drive.createTasklet(TaskletForm.BUILTIN, Q1Factory.NAME, q1Params, null);
        extents = List.of(new Extent(dataId, 0, SCAN_BYTES));
        runner = new TaskletRunner(drive, POLLING);
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        bench.close();
    }

    /** Small requests: STAT_OBJECT back to back. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public ObjectStat stat() throws IOException {
        return drive.stat(dataId);
    }

    /** Bulk data to the host: one READ_OBJECT of {@link #READ_BYTES}. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public ByteBuffer read() throws IOException {
        drive.read(dataId, 0, buffer.clear());
        return buffer;
    }

    /** A scan in the drive: q1 over {@link #SCAN_BYTES}, EXECUTE to RELEASE. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public TaskletResult scan() throws IOException {
        return runner.run(q1Id, 0, Params.EMPTY, extents);
    }
}
