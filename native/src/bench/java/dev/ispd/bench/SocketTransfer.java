package dev.ispd.bench;

import dev.ispd.client.Binding;
import dev.ispd.client.Drive;
import dev.ispd.protocol.Limits;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Bulk transfer over the socket through JNI: {@link #OBJECT_BYTES} per operation, in chunks of
 * {@link Drive#MAX_IO} from one direct buffer, written over (or read from) one object. The
 * baseline writes and reads the same bytes with a plain FileChannel to a file in the drive's own
 * directory: the work the drive must do with the bytes once they arrive. A second diagnostic
 * sends the bytes through a bare Unix socket: the kernel's share of the drive's path.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(value = 1, jvmArgs = {"-Xms512m", "-Xmx512m"})
public class SocketTransfer {
    /** Bytes moved per operation. */
    public static final long OBJECT_BYTES = 256L << 20;
    /** Bytes per command: the protocol's largest transfer. */
    public static final int CHUNK = Limits.MAX_IO;
    private static final int CHUNKS = (int) (OBJECT_BYTES / CHUNK);

    private BenchDrive bench;
    private Drive drive;
    private long objectId;
    private FileChannel file;
    private SocketSink socket;
    private ByteBuffer chunk;

    @Setup(Level.Trial)
    public void start() throws IOException {
        chunk = ByteBuffer.allocateDirect(CHUNK);
        SplittableRandom random = new SplittableRandom(98);
        while (chunk.remaining() >= Long.BYTES) {
            chunk.putLong(random.nextLong());
        }
        bench = BenchDrive.start(Binding.JNI);
        drive = bench.client();
        objectId = drive.createObject();
        file = FileChannel.open(bench.directory().resolve("baseline.bin"), StandardOpenOption.CREATE_NEW,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        // Both hold all their bytes before the first operation, so every write overwrites in place.
        driveWrite();
        fileWrite();
        socket = new SocketSink(bench.directory().resolve("sink.sock"), OBJECT_BYTES, CHUNK);
    }

    @TearDown(Level.Trial)
    public void stop() throws IOException {
        try {
            socket.close();
        } finally {
            try {
                file.close();
            } finally {
                bench.close();
            }
        }
    }

    @Benchmark
    public long driveWrite() throws IOException {
        long size = 0;
        for (int i = 0; i < CHUNKS; i++) {
            size = drive.write(objectId, (long) i * CHUNK, chunk.clear());
        }
        return size;
    }

    @Benchmark
    public int driveRead() throws IOException {
        for (int i = 0; i < CHUNKS; i++) {
            drive.read(objectId, (long) i * CHUNK, chunk.clear());
        }
        return chunk.get(0);
    }

    /** Diagnostic: the same bytes through a bare Unix socket to a thread that drops them. */
    @Benchmark
    public void socketOnly() throws IOException {
        for (int i = 0; i < CHUNKS; i++) {
            socket.send(chunk.clear());
        }
        socket.awaitRound();
    }

    @Benchmark
    public long fileWrite() throws IOException {
        for (int i = 0; i < CHUNKS; i++) {
            long at = (long) i * CHUNK;
            chunk.clear();
            while (chunk.hasRemaining()) {
                at += file.write(chunk, at);
            }
        }
        return file.size();
    }

    @Benchmark
    public int fileRead() throws IOException {
        for (int i = 0; i < CHUNKS; i++) {
            long at = (long) i * CHUNK;
            chunk.clear();
            while (chunk.hasRemaining()) {
                int n = file.read(chunk, at);
                if (n < 0) {
                    throw new IOException("baseline file ended at offset " + at + " of " + OBJECT_BYTES);
                }
                at += n;
            }
        }
        return chunk.get(0);
    }
}
