package dev.ispd.bench;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The plain C loop of Q1 (src/bench/c/q1_loop.c, built by the bench profile into
 * target/bench-native), called through JNA direct mapping on a direct buffer in place: what
 * compiled C does with the same bytes, the yardstick of the C-to-wasm module.
 */
final class CLoop {
    static final Path LIBRARY = Path.of("target", "bench-native", "libq1loop.so").toAbsolutePath();

    static {
        if (!Files.isRegularFile(LIBRARY)) {
            throw new IllegalStateException(LIBRARY + " is missing: the bench profile builds it "
                    + "(mvn -B -Pbench -pl native -am verify -DskipTests)");
        }
        Native.register(CLoop.class, NativeLibrary.getInstance(LIBRARY.toString()));
    }

    private final ByteBuffer counts = ByteBuffer.allocateDirect(8 * WorldCup98.REGIONS).order(ByteOrder.nativeOrder());

    /** Q1's counts of the bytes from {@code data}'s position to its limit, {@code entrySize} bytes each. */
    long[] count(ByteBuffer data, int entrySize) {
        for (int i = 0; i < WorldCup98.REGIONS; i++) {
            counts.putLong(8 * i, 0);
        }
        q1_loop(Pointer.nativeValue(Native.getDirectBufferPointer(data)) + data.position(), data.remaining(),
                entrySize, Pointer.nativeValue(Native.getDirectBufferPointer(counts)));
        long[] out = new long[WorldCup98.REGIONS];
        for (int i = 0; i < out.length; i++) {
            out[i] = counts.getLong(8 * i);
        }
        return out;
    }

    private static native void q1_loop(long data, long len, int entrySize, long counts);
}
