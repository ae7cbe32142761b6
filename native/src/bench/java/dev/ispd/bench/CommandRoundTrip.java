package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.Drive;
import dev.ispd.client.ExecutionStatus;
import dev.ispd.client.ObjectStat;
import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.builtin.NoopFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * Command round trips through each binding, against a real drive on a Unix socket: the
 * counterpart of the Smart SSD's 365-595 us per command (papers/smart-ssd-kang-2013.txt V-B-3,
 * Fig. 7). Sampled, so the summary can print the median next to the mean.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class CommandRoundTrip {
    @Param({"JNI", "JNA"})
    public Binding binding;

    private BenchDrive bench;
    private Drive drive;
    private long noopId;
    private long dataId;
    private List<Extent> onePage;
    private long finishedExecId;

    @Setup(Level.Trial)
    public void start() throws IOException {
        bench = BenchDrive.start(binding);
        drive = bench.client();
        int pageSize = bench.info().pageSize();
        dataId = drive.createObject();
        drive.write(dataId, 0, ByteBuffer.allocateDirect(pageSize));
        onePage = List.of(new Extent(dataId, 0, pageSize));
        noopId = drive.createTasklet(TaskletForm.BUILTIN, NoopFactory.NAME, Params.EMPTY, null);
        // An execution kept DONE (never released), for the bare POLL.
        finishedExecId = drive.execute(noopId, 0, Params.EMPTY, onePage);
        awaitDone(finishedExecId);
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        bench.close();
    }

    /** EXECUTE a noop over one page, POLL back to back until DONE, RELEASE: one tasklet call. */
    @Benchmark
    public ExecutionStatus executeNoop() throws IOException {
        long execId = drive.execute(noopId, 0, Params.EMPTY, onePage);
        ExecutionStatus done = awaitDone(execId);
        drive.release(execId);
        return done;
    }

    /** One POLL of a finished execution: the smallest command with an answer. */
    @Benchmark
    public ExecutionStatus poll() throws IOException {
        return drive.poll(finishedExecId);
    }

    /** One STAT_OBJECT. */
    @Benchmark
    public ObjectStat stat() throws IOException {
        return drive.stat(dataId);
    }

    private ExecutionStatus awaitDone(long execId) throws IOException {
        ExecutionStatus s;
        do {
            s = drive.poll(execId);
        } while (!s.state().isFinished());
        if (s.state() != ExecutionState.DONE) {
            throw new IllegalStateException("noop execution " + execId + " ended " + s.state() + ": "
                    + s.errorMessage());
        }
        return s;
    }
}
