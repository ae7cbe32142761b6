package dev.ispd.sim.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.DriveAddress;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
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
import org.junit.jupiter.api.io.TempDir;

/**
 * The soak (issue 10, point 6): {@code -Dsoak.frames} (default 1,000,000) mutated frames sent to
 * a live drive by several connections at once, while well-behaved clients write objects of their
 * own (random 64-bit ids, which mutants do not hit) and verify every byte they read back. Passes
 * if no good client ever gets a wrong answer or an error, and the drive still serves at the end.
 * The signed run (issue 22) does the same on a drive that authenticates, every mutant whose
 * length holds tagged as its sender's next request, so the mutants reach the decoders past the
 * tag check: every answer to them must be tagged and echo their sequence number, or the signed
 * session breaks. Opt-in: {@code mvn -B -Psoak -pl device-sim verify} (README, "Tests").
 */
@Tag("soak")
class FrameSoakTest {
    private static final int SENDERS = 6;
    private static final int GOOD_CLIENTS = 4;

    @TempDir
    Path dir;

    @Test
    void mutatedFramesNeverDisturbWellBehavedClients() throws Exception {
        soak(false);
    }

    @Test
    void signedMutatedFramesNeverDisturbWellBehavedClientsNorBreakTheirSessions() throws Exception {
        soak(true);
    }

    private void soak(boolean signed) throws Exception {
        long frames = Long.getLong("soak.frames", 1_000_000L);
        long seed = Long.getLong("soak.seed", 20_261_124L);
        List<byte[]> seeds = FrameMutator.seedFrames();
        AtomicLong sent = new AtomicLong();
        AtomicLong goodOps = new AtomicLong();
        AtomicBoolean fuzzing = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(SENDERS + GOOD_CLIENTS);
        EmbeddedDrives.Builder builder = EmbeddedDrives.builder();
        if (signed) {
            builder.auth(AuthConfig.load(AuthFixture.write(dir)));
        }
        try (EmbeddedDrives drives = builder.start()) {
            DriveAddress address = drives.drive(0).address();
            List<Future<?>> senders = new ArrayList<>();
            long t0 = System.nanoTime();
            for (int i = 0; i < SENDERS; i++) {
                FrameMutator mutator = new FrameMutator(seeds, seed + i);
                long share = frames / SENDERS + (i < frames % SENDERS ? 1 : 0); // all of them, not a multiple of SENDERS
                senders.add(pool.submit(() -> sendMutants(address, mutator, share, sent, signed)));
            }
            List<Future<?>> good = new ArrayList<>();
            for (int i = 0; i < GOOD_CLIENTS; i++) {
                long clientSeed = seed * 31 + i;
                good.add(pool.submit(() -> verifyOwnData(address.text(), clientSeed, fuzzing, goodOps, signed)));
            }
            for (Future<?> f : senders) {
                f.get();
            }
            fuzzing.set(false);
            for (Future<?> f : good) {
                f.get();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            try (TestClient c = client(address.text(), signed)) {
                assertEquals("drive0", c.info().driveName(), "the drive still serves");
            }
            assertEquals(frames, sent.get(), "mutated frames sent");
            System.out.printf("soak" + (signed ? " (signed sessions)" : "") + ": %,d mutated frames in %.1f s (%.0f frames/s) from %d connections at once; "
                            + "%,d verified operations of %d well-behaved clients, 0 wrong answers, 0 errors%n",
                    sent.get(), seconds, sent.get() / seconds, SENDERS, goodOps.get(), GOOD_CLIENTS);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    /** A connection of a well-behaved client: authenticated as the owner identity on a signed run. */
    private static TestClient client(String address, boolean signed) throws IOException {
        return signed ? AuthFixture.connect(address, AuthFixture.OWNER) : TestClient.connect(address);
    }

    /**
     * Sends mutants: one whose {@code payload_len} matches its length on a kept connection,
     * reading the answer (a new connection when the drive ended the last); any other on a
     * connection of its own, half-closed after it, reading until the drive closes. When
     * {@code signed}, the kept connection is authenticated and each mutant on it is tagged.
     */
    private static Void sendMutants(DriveAddress address, FrameMutator mutator, long count, AtomicLong sent,
                                    boolean signed) throws IOException {
        SocketChannel kept = null;
        TestClient session = null;
        ByteBuffer sink = ByteBuffer.allocateDirect(1 << 16);
        try {
            for (long i = 0; i < count; i++) {
                byte[] frame = mutator.next();
                while (!signed && frame.length > 5 && frame[5] == Opcode.SET_FAULTS.code()) {
                    // on a drive without authentication anyone may set a fault plan, and a hang fault
                    // leaves a request unanswered on purpose (docs/drive.md); a signed run's are FORBIDDEN
                    frame = mutator.next();
                }
                if (signed && lengthMatches(frame)) {
                    if (session == null) {
                        session = client(address.text(), true);
                    }
                    if (!exchangeSigned(session, frame)) {
                        session.close();
                        session = null;
                    }
                } else if (lengthMatches(frame)) {
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
            if (session != null) {
                session.close();
            }
        }
        return null;
    }

    /**
     * Sends one mutant tagged as the session's next request and reads the answer (the client
     * checks its tag and sequence if it is tagged); false if the drive ended the connection.
     * An answer that keeps the connection open must be tagged, else the session would break.
     */
    private static boolean exchangeSigned(TestClient session, byte[] frame) {
        ByteBuffer b = ByteBuffer.wrap(frame);
        FrameHeader h = FrameHeader.decode(b);
        TestClient.Reply r;
        try {
            r = session.call(h, b.slice());
        } catch (IOException e) {
            return false;
        }
        Status status = Status.ofCode(r.header().status());
        if (status == Status.AUTH_FAILED) {
            throw new AssertionError("a correctly tagged mutant was refused AUTH_FAILED: the signed session broke ("
                    + r.message() + ")");
        }
        if (status == null || status.endsConnection()) {
            return false;
        }
        if (!r.header().isAuthenticated()) {
            throw new AssertionError("an answer (" + status + ") on a signed connection that stays open is untagged");
        }
        return true;
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
    private static Void verifyOwnData(String address, long seed, AtomicBoolean fuzzing, AtomicLong ops, boolean signed)
            throws IOException {
        Random random = new Random(seed);
        try (TestClient c = client(address, signed)) {
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
