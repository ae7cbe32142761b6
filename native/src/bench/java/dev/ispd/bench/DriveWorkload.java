package dev.ispd.bench;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.builtin.Q1Factory;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;

/**
 * The work the overhead benchmarks compare on two kinds of drive ({@link AuthOverhead},
 * {@link MetricsOverhead}): small requests back to back, and a q1 scan inside the drive. A
 * subclass starts its drive and calls {@link #prepare}; JMH runs these benchmarks for each subclass.
 */
public abstract class DriveWorkload {
    /** Bytes of the object the scan covers. */
    public static final long SCAN_BYTES = 32L << 20;
    private static final int ENTRY_SIZE = 256;
    private static final TaskletRunner.Polling POLLING = new TaskletRunner.Polling(Duration.ofNanos(20_000),
            Duration.ofNanos(200_000), Duration.ofMinutes(1));

    protected Drive drive;
    protected long dataId;
    private TaskletRunner runner;
    private long q1Id;
    private List<Extent> extents;

    /** Writes {@link #SCAN_BYTES} of WorldCup98 entries to a new object on {@code bench}'s drive and makes a q1. */
    protected void prepare(BenchDrive bench) throws IOException {
        drive = bench.client();
        dataId = drive.createObject();
        drive.write(dataId, 0, WorldCupLog.generate((int) (SCAN_BYTES / ENTRY_SIZE), ENTRY_SIZE, 1998));
        q1Id = drive.createTasklet(TaskletForm.BUILTIN, Q1Factory.NAME,
                Params.of(Q1Factory.ENTRY_SIZE, Integer.toString(ENTRY_SIZE)), null);
        extents = List.of(new Extent(dataId, 0, SCAN_BYTES));
        runner = new TaskletRunner(drive, POLLING);
    }

    /** Small requests: STAT_OBJECT back to back. */
    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    @OutputTimeUnit(TimeUnit.SECONDS)
    public ObjectStat stat() throws IOException {
        return drive.stat(dataId);
    }

    /** A scan in the drive: q1 over {@link #SCAN_BYTES}, EXECUTE to RELEASE. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public TaskletResult scan() throws IOException {
        return runner.run(q1Id, 0, Params.EMPTY, extents);
    }
}
