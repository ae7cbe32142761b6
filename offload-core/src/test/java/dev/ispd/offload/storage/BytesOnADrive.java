package dev.ispd.offload.storage;

import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.metrics.Scrape;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;

/** A test's bytes as one object on an in-JVM drive of their own, and the same bytes as a host run reads its file. */
public final class BytesOnADrive implements AutoCloseable {
    private final EmbeddedDrives drives;
    private final byte[] data;
    private final long object;

    private BytesOnADrive(EmbeddedDrives drives, byte[] data, long object) {
        this.drives = drives;
        this.data = data;
        this.object = object;
    }

    /** {@code data} on a new drive. */
    public static BytesOnADrive of(byte[] data) throws IOException {
        return on(EmbeddedDrives.builder().start(), data);
    }

    /** {@code data} on a new drive that reports an execution done only after its modeled time x {@code pace}. */
    public static BytesOnADrive paced(byte[] data, double pace) throws IOException {
        return on(EmbeddedDrives.builder().pace(pace).start(), data);
    }

    /**
     * {@code data} on a new drive that slows down mid-run: its executions from the
     * {@code fromExecution}-th on (numbered from 1) are reported done only after their modeled time x {@code pace}.
     */
    public static BytesOnADrive slowingDown(byte[] data, double pace, long fromExecution) throws IOException {
        return on(EmbeddedDrives.builder().pace(pace, fromExecution).start(), data);
    }

    /** {@code data} on a new drive that serves its metrics ({@link Scrape}). */
    public static BytesOnADrive metered(byte[] data) throws IOException {
        return on(EmbeddedDrives.builder().options(o -> o.metrics(Scrape.loopback(null))).start(), data);
    }

    private static BytesOnADrive on(EmbeddedDrives drives, byte[] data) throws IOException {
        return new BytesOnADrive(drives, data, new EmbeddedDriveDirectory(drives).newObject(0, data));
    }

    /** {@code length} random bytes drawn with {@code seed}, on a new drive. */
    public static BytesOnADrive random(int length, long seed) throws IOException {
        byte[] data = new byte[length];
        new Random(seed).nextBytes(data);
        return of(data);
    }

    public EmbeddedDrives drives() {
        return drives;
    }

    public byte[] data() {
        return data;
    }

    /** The object holding the bytes, on drive 0. */
    public long object() {
        return object;
    }

    /** The bytes, read as a host run reads its split's file. */
    public RangeReader reader() {
        return new RangeReader() {
            @Override
            public void readFully(long offset, ByteBuffer dst) {
                dst.put(data, (int) offset, dst.remaining());
            }

            @Override
            public void close() {
            }
        };
    }

    @Override
    public void close() throws IOException {
        drives.close();
    }
}
