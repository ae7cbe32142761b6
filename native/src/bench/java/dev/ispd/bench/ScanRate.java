package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.builtin.Q1Factory;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.tasklet.wasm.ModuleRejectedException;
import dev.ispd.tasklet.wasm.TaskletModule;
import dev.ispd.tasklet.wasm.WasmLimits;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * The wall-clock rate at which the drive scans with {@code q1} ({@link #SCAN_BYTES} of
 * WorldCup98 entries of {@link #entrySize} bytes, from EXECUTE to DONE and the result read), and with
 * the same Q1 written in C and compiled to WebAssembly ({@code wasm/examples/q1.wasm}, loaded
 * into the drive as a user tasklet), against a plain C loop over the same bytes ({@link CLoop}) and
 * the same region count run three ways on the host over the same bytes: a plain loop over a
 * direct buffer (the baseline of the ratio), {@link HostRunner} (the host-side path of a split:
 * ExtentScanner over the bytes in memory), and a FileChannel read of a copy of the bytes in
 * batches plus the plain loop (the least a drive must do if it copies each batch out of its file;
 * the drive scans its backing file mapped in place instead).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class ScanRate {
    /** Bytes one scan covers. */
    public static final long SCAN_BYTES = 128L << 20;
    /** The paper's largest entry (papers/smart-ssd-kang-2013.txt V-C): the least compute per byte. */
    public static final int ENTRY_SIZE = 256;
    /** A small entry: the most records per byte, where a module's cost per record shows. */
    public static final int SMALL_ENTRY_SIZE = 32;
    private static final long SEED = 1998;
    /** The C-to-wasm Q1, from the repository's wasm/ folder (the benchmark runs in native/). */
    private static final Path MODULE = Path.of("..", "wasm", "examples", "q1.wasm");
    private static final String MODULE_NAME = "q1c";
    /** Poll every 20-200 us: at most 0.2 ms late on a scan of ~100 ms, whatever the drive's (modeled) hint. */
    private static final TaskletRunner.Polling POLLING = new TaskletRunner.Polling(Duration.ofNanos(20_000),
            Duration.ofNanos(200_000), Duration.ofMinutes(1));

    /** Bytes per entry: {@link #ENTRY_SIZE} and {@link #SMALL_ENTRY_SIZE}. */
    @Param({"256", "32"})
    public int entrySize;

    private ByteBuffer data;
    private BenchDrive bench;
    private TaskletRunner runner;
    private long q1Id;
    private long moduleId;
    private CLoop cLoop;
    private List<Extent> extents;
    private HostRunner hostRunner;
    private Params q1Params;
    private InMemoryPageSource hostSource;
    private FileChannel file;
    private ByteBuffer batch;

    @Setup(Level.Trial)
    public void start() throws IOException, BadParameterException, ModuleRejectedException {
        data = WorldCupLog.generate((int) (SCAN_BYTES / entrySize), entrySize, SEED);
        bench = BenchDrive.start(Binding.JNI);
        Drive drive = bench.client();
        DeviceInfo info = bench.info();
        long dataId = drive.createObject();
        drive.write(dataId, 0, data.duplicate());
        extents = List.of(new Extent(dataId, 0, SCAN_BYTES));
        q1Params = Params.of(Q1Factory.ENTRY_SIZE, Integer.toString(entrySize));
        q1Id = drive.createTasklet(TaskletForm.BUILTIN, Q1Factory.NAME, q1Params, null);
        drive.loadModule(MODULE_NAME, 1, Files.readAllBytes(MODULE));
        moduleId = drive.createTasklet(TaskletForm.MODULE, MODULE_NAME + "@1", q1Params, null);
        cLoop = new CLoop();
        runner = new TaskletRunner(drive, POLLING);

        hostRunner = new HostRunner(TaskletRegistry.builtins().with(new WasmTaskletFactory(
                TaskletModule.load(MODULE_NAME, 1, Files.readAllBytes(MODULE), WasmLimits.DEFAULT))),
                info.pageSize(), info.pagesPerBatch());
        hostSource = InMemoryPageSource.of(dataId, data);

        file = FileChannel.open(bench.directory().resolve("scan-baseline.bin"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        ByteBuffer all = data.duplicate();
        while (all.hasRemaining()) {
            file.write(all, all.position());
        }
        batch = ByteBuffer.allocateDirect(info.pageSize() * info.pagesPerBatch());
        checkAllAgree();
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        try {
            file.close();
        } finally {
            bench.close();
        }
    }

    /** The drive's scan: EXECUTE, POLL until DONE, READ_RESULT, RELEASE. */
    @Benchmark
    public TaskletResult driveQ1() throws IOException {
        return runner.run(q1Id, 0, Params.EMPTY, extents);
    }

    /** The C-to-wasm Q1 module in the drive, as {@link #driveQ1} runs the built-in. */
    @Benchmark
    public TaskletResult driveQ1Module() throws IOException {
        return runner.run(moduleId, 0, Params.EMPTY, extents);
    }

    /** Q1's loop in plain C over the same bytes in memory (through JNA, in place). */
    @Benchmark
    public long[] plainCLoop() {
        return cLoop.count(data.clear(), entrySize);
    }

    /** The baseline: Q1's loop over the bytes, already in memory, with nothing around it. */
    @Benchmark
    public long[] plainLoop() {
        long[] counts = new long[WorldCup98.REGIONS];
        WorldCupLog.countRegions(data.clear(), entrySize, counts);
        return counts;
    }

    /** The host-side path of a split: the q1 tasklet through ExtentScanner over the bytes in memory. */
    @Benchmark
    public HostRunner.Result hostRunner() throws IOException, BadParameterException {
        return hostRunner.run(Q1Factory.NAME, q1Params, Params.EMPTY, extents, hostSource);
    }

    /** The host-side path of a module split: the same q1.wasm through ExtentScanner over the bytes in memory. */
    @Benchmark
    public HostRunner.Result hostRunnerModule() throws IOException, BadParameterException {
        return hostRunner.run(MODULE_NAME + "@1", q1Params, Params.EMPTY, extents, hostSource);
    }

    /** FileChannel reads of a batch of pages at a time, each counted by the plain loop. */
    @Benchmark
    public long[] fileReadLoop() throws IOException {
        long[] counts = new long[WorldCup98.REGIONS];
        for (long at = 0; at < SCAN_BYTES; at += batch.capacity()) {
            batch.clear();
            while (batch.hasRemaining()) {
                if (file.read(batch, at + batch.position()) < 0) {
                    throw new IOException("baseline file ended at offset " + (at + batch.position()));
                }
            }
            WorldCupLog.countRegions(batch.flip(), entrySize, counts);
        }
        return counts;
    }

    /** The four ways must count the same, or the rates compare different work. */
    private void checkAllAgree() throws IOException, BadParameterException {
        Q1Result expected = new Q1Result(plainLoop());
        check("drive q1", expected, Q1Result.decode(driveQ1().result()));
        check("drive q1 module", expected, Q1Result.decode(driveQ1Module().result()));
        check("plain C loop", expected, new Q1Result(plainCLoop()));
        check("HostRunner q1", expected, Q1Result.decode(hostRunner().bytes()));
        check("HostRunner q1 module", expected, Q1Result.decode(hostRunnerModule().bytes()));
        check("FileChannel loop", expected, new Q1Result(fileReadLoop()));
        if (expected.total() != SCAN_BYTES / entrySize) {
            throw new IllegalStateException("the plain loop counted " + expected.total() + " entries, expected "
                    + SCAN_BYTES / entrySize);
        }
    }

    private static void check(String what, Q1Result expected, Q1Result got) {
        if (!expected.equals(got)) {
            throw new IllegalStateException(what + " counted " + got + ", the plain loop " + expected);
        }
    }
}
