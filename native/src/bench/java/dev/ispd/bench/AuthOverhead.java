package dev.ispd.bench;

import dev.ispd.client.Binding;
import java.io.IOException;
import java.nio.ByteBuffer;
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
public class AuthOverhead extends DriveWorkload {
    /** Bytes of one READ_OBJECT (ISPD_MAX_IO). */
    public static final int READ_BYTES = 8 << 20;

    @Param({"off", "on"})
    public String auth;

    private BenchDrive bench;
    private ByteBuffer buffer;

    @Setup(Level.Trial)
    public void start() throws IOException {
        bench = auth.equals("on") ? BenchDrive.startAuthenticated(Binding.JNI) : BenchDrive.start(Binding.JNI);
        prepare(bench);
        buffer = ByteBuffer.allocateDirect(READ_BYTES);
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        bench.close();
    }

    /** Bulk data to the host: one READ_OBJECT of {@link #READ_BYTES}. */
    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public ByteBuffer read() throws IOException {
        drive.read(dataId, 0, buffer.clear());
        return buffer;
    }
}
