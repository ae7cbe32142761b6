package dev.ispd.sim.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.DriveAddress;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The soak (issue 10, point 6): {@code -Dsoak.frames} (default 1,000,000) mutated frames sent to
 * a live drive by several connections at once, while well-behaved clients write objects of their
 * own (random 64-bit ids, which mutants do not hit) and verify every byte they read back. Passes
 * if no good client ever gets a wrong answer or an error, and the drive still serves at the end.
 * Opt-in: {@code mvn -B -Psoak -pl device-sim verify} (README, "Tests").
 */
@Tag("soak")
class FrameSoakTest {
    private static final int SENDERS = 6;
    private static final int GOOD_CLIENTS = 4;

    @Test
    void mutatedFramesNeverDisturbWellBehavedClients() throws Exception {
        long frames = Long.getLong("soak.frames", 1_000_000L);
        long seed = Long.getLong("soak.seed", 20_261_124L);
        List<byte[]> seeds = FrameMutator.seedFrames();
        AtomicLong sent = new AtomicLong();
        AtomicLong goodOps = new AtomicLong();
        AtomicBoolean fuzzing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(SENDERS + GOOD_CLIENTS);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().start()) {
            DriveAddress address = drives.drive(0).address();
            List<Future<?>> senders = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < SENDERS; i++) {
                FrameMutator mutator = new FrameMutator(seeds, seed + i);
                long share = frames / SENDERS + (i < frames % SENDERS ? 1 : 0); // all of them, not a multiple of SENDERS
                senders.add(pool.submit(() -> sendMutants(address, mutator, share, sent)));
            }
            List<Future<?>> good = new ArrayList<>();
            for (int i = 0; i < GOOD_CLIENTS; i++) {
                long clientSeed = seed * 31 + i;
                good.add(pool.submit(() -> verifyOwnData(address.text(), clientSeed, fuzzing, goodOps)));
            }
            for (Future<?> f : senders) {
                f.get();
            }
            fuzzing.set(false);
            for (Future<?> f : good) {
                f.get();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            try (TestClient c = TestClient.connect(address.text())) {
                assertEquals("drive0", c.info().driveName(), "the drive still serves");
            }
            assertEquals(frames, sent.get(), "mutated frames sent");
            System.out.printf("soak: %,d mutated frames in %.1f s (%.0f frames/s) from %d connections at once; "
                            + "%,d verified operations of %d well-behaved clients, 0 wrong answers, 0 errors%n",
                    sent.get(), seconds, sent.get() / seconds, SENDERS, goodOps.get(), GOOD_CLIENTS);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /**
     * Sends mutants: one whose {@code payload_len} matches its length on a kept connection,
     * reading the answer (a new connection when the drive ended the last); any other on a
     * connection of its own, half-closed after it, reading until the drive closes.
     */
    private static Void sendMutants(DriveAddress address, FrameMutator mutator, long count, AtomicLong sent)
            throws IOException {
        SocketChannel kept = null;
        ByteBuffer sink = ByteBuffer.allocateDirect(1 << 16);
        try {
            for (long i = 0; i < count; i++) {
                byte[] frame = mutator.next();
                if (lengthMatches(frame)) {
                    if (kept == null) {
                        kept = open(address);
                    }
                    if (!exchange(kept, frame)) {
                        kept.close();
                        kept = null;
                    }
                } else {
                    try (SocketChannel once = open(address)) {
                        writeQuietly(once, frame);
                        once.shutdownOutput();
                        while (once.read(sink.clear()) >= 0) {
                            // drain the answer until the drive closes
                        }
                    } catch (IOException e) {
                        // the drive closed first: fine
                    }
                }
                sent.incrementAndGet();
            }
        } finally {
            if (kept != null) {
                kept.close();
            }
        }
        return null;
    }

    private static boolean lengthMatches(byte[] frame) {
        return frame.length >= FrameFormat.HEADER_SIZE && ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN)
                .getInt(16) == frame.length - FrameFormat.HEADER_SIZE;
    }

    /** Sends one frame and reads one answer; false if the drive ended the connection. */
    private static boolean exchange(SocketChannel ch, byte[] frame) {
        try {
            if (!writeQuietly(ch, frame)) {
                return false;
            }
            ByteBuffer header = ByteBuffer.allocate(FrameFormat.HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
            if (!readFully(ch, header)) {
                return false;
            }
            Status status = Status.ofCode(header.getShort(20) & 0xFFFF);
            return readFully(ch, ByteBuffer.allocate(header.getInt(16))) && status != null
                    && !status.endsConnection();
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean writeQuietly(SocketChannel ch, byte[] frame) {
        try {
            ByteBuffer b = ByteBuffer.wrap(frame);
            while (b.hasRemaining()) {
                ch.write(b);
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean readFully(SocketChannel ch, ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            if (ch.read(b) < 0) {
                return false;
            }
        }
        b.flip();
        return true;
    }

    private static SocketChannel open(DriveAddress address) throws IOException {
        SocketChannel ch = SocketChannel.open(address.unixPath() != null ? StandardProtocolFamily.UNIX
                : StandardProtocolFamily.INET);
        ch.connect(address.socketAddress());
        return ch;
    }

    /** Writes, overwrites and reads back objects with random ids until the fuzzing ends; fails on any difference. */
    private static Void verifyOwnData(String address, long seed, AtomicBoolean fuzzing, AtomicLong ops)
            throws IOException {
        Random random = new Random(seed);
        try (TestClient c = TestClient.connect(address)) {
            List<Long> ids = new ArrayList<>();
            List<byte[]> contents = new ArrayList<>();
            while (fuzzing.get()) {
                if (ids.size() < 32) {
                    long id = random.nextLong() | (1L << 62); // far from the small ids mutants name
                    ids.add(c.create(id));
                    contents.add(new byte[0]);
                }
                int k = random.nextInt(ids.size());
                byte[] data = new byte[1 + random.nextInt(64 * 1024)];
                random.nextBytes(data);
                c.write(ids.get(k), 0, data);
                byte[] old = contents.get(k);
                byte[] now = old.length > data.length ? old.clone() : data.clone();
                System.arraycopy(data, 0, now, 0, data.length);
                contents.set(k, now);
                int j = random.nextInt(ids.size());
                byte[] expected = contents.get(j);
                byte[] got = c.read(ids.get(j), 0, expected.length);
                if (!Arrays.equals(expected, got)) {
                    throw new AssertionError("object " + ids.get(j) + " read back different bytes");
                }
                ops.addAndGet(2);
            }
        }
        return null;
    }
}
