package dev.ispd.sim.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.FrameHeader;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, points 4 and 5, on a real drive behind a real socket: the tag covers every header
 * byte as sent (the reserved bytes 22-23 too), and a request with an opcode the drive does not
 * know is answered tagged and consumes its sequence number, so the signed session goes on.
 */
class SignedFramesTest {
    @TempDir
    static Path dir;
    private static EmbeddedDrives drives;
    private static long object;

    @BeforeAll
    static void start() throws IOException {
        drives = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir))).start();
        try (TestClient owner = owner()) {
            object = owner.create(0);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private static TestClient owner() throws IOException {
        return AuthFixture.connect(drives.address(0), AuthFixture.OWNER);
    }

    private static FrameHeader statHeader(int reserved, ByteBuffer payload) {
        FrameHeader h = FrameHeader.request(Opcode.STAT_OBJECT.code(), 9, payload.remaining());
        return new FrameHeader(h.magic(), h.version(), h.opcode(), h.flags(), h.requestId(), h.payloadLen(), h.status(),
                reserved, h.identity(), h.sequence(), h.authTag());
    }

    private static ByteBuffer statPayload() {
        PayloadWriter w = new PayloadWriter(16);
        new Requests.StatObject(object).encode(w);
        return w.payload();
    }

    @Test
    void aFrameTaggedWithNonZeroReservedBytesIsServed() throws IOException {
        try (TestClient owner = owner()) {
            ByteBuffer payload = statPayload();
            TestClient.Reply r = owner.call(statHeader(0xBEEF, payload), payload);
            assertEquals(Status.OK, r.status(), () -> r.message());
            assertEquals(Status.OK, owner.call(new Requests.StatObject(object)).status());
        }
    }

    @Test
    void reservedBytesChangedAfterTaggingAreAuthFailed() throws IOException {
        for (int at : new int[] {22, 23}) {
            try (TestClient owner = owner()) {
                ByteBuffer payload = statPayload();
                ByteBuffer frame = TestClient.signedFrame(new Requests.StatObject(object), 9, AuthFixture.OWNER,
                        owner.sequence(), AuthFixture.key(AuthFixture.OWNER));
                frame.put(at, (byte) (frame.get(at) ^ 1));
                TestClient.Reply r = owner.sendRaw(frame);
                assertEquals(Status.AUTH_FAILED, r.status(), "byte " + at + " flipped after tagging");
                assertTrue(r.message().contains("does not verify"), r.message());
                assertTrue(owner.closedByDrive());
                assertEquals(FrameFormat.HEADER_SIZE + payload.remaining(), frame.limit());
            }
        }
    }

    @Test
    void anUnknownOpcodeIsAnsweredTaggedAndTheSessionGoesOn() throws IOException {
        try (TestClient owner = owner()) {
            long sequence = owner.sequence();
            TestClient.Reply r = owner.call(FrameHeader.request(0x7F, 5, 0), ByteBuffer.allocate(0));
            assertEquals(Status.UNKNOWN_OPCODE, r.status());
            assertTrue(r.message().contains("opcode 0x7f"), r.message());
            assertTrue(r.header().isAuthenticated(), "the answer is tagged (the client checked the tag)");
            assertEquals(sequence, r.header().sequence(), "it echoes the request's sequence number");
            TestClient.Reply next = owner.call(new Requests.StatObject(object));
            assertEquals(Status.OK, next.status(), () -> next.message());
        }
    }
}
