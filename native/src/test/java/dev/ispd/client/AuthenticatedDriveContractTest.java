package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Opcode;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.auth.FrameTag;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.FrameHeader;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The C library's authentication (docs/security.md), run once per binding against a real drive
 * that authenticates: tagged requests and verified answers, and each refusal as its status.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class AuthenticatedDriveContractTest {
    private EmbeddedDrives simulated;
    private String address;

    abstract Binding binding();

    @BeforeAll
    void startDrive(@TempDir Path dir) throws Exception {
        simulated = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir))).start();
        address = simulated.address(0);
    }

    @AfterAll
    void stopDrive() throws Exception {
        simulated.close();
    }

    private Drive as(long identity) throws DriveException {
        Drive d = Drive.connect(address, binding());
        d.authenticate(new Credentials(identity, AuthFixture.key(identity)));
        return d;
    }

    @Test
    void anAuthenticatedConnectionServesEveryCallWithVerifiedAnswers() throws DriveException {
        byte[] data = new byte[3 * 1024 * 1024 + 17];
        new java.util.Random(5).nextBytes(data);
        try (Drive d = as(AuthFixture.OWNER)) {
            long id = d.createObject();
            d.write(id, 0, data);
            assertArrayEquals(data, d.read(id, 0, data.length));
            assertEquals(data.length, d.stat(id).size());
            d.delete(id);
        }
    }

    @Test
    void eachRefusalHasItsOwnStatus() throws DriveException {
        try (Drive anonymous = Drive.connect(address, binding())) {
            assertEquals(Status.AUTH_REQUIRED, assertThrows(DriveException.class, anonymous::createObject).status());
        }
        try (Drive d = Drive.connect(address, binding())) {
            DriveException e = assertThrows(DriveException.class,
                    () -> d.authenticate(new Credentials(AuthFixture.OWNER, AuthFixture.key(AuthFixture.READER))));
            assertEquals(Status.AUTH_FAILED, e.status(), e.getMessage());
        }
        try (Drive owner = as(AuthFixture.OWNER); Drive reader = as(AuthFixture.READER)) {
            long id = owner.createObject();
            DriveException e = assertThrows(DriveException.class, () -> reader.write(id, 0, new byte[8]));
            assertEquals(Status.FORBIDDEN, e.status(), e.getMessage());
            assertTrue(e.getMessage().contains("lacks write"), e.getMessage());
            assertEquals(0, reader.stat(id).size(), "the connection stays usable and nothing changed");
        }
    }

    @Test
    void anAnswerTaggedWithAnotherKeyFailsTheCall() throws Exception {
        try (ServerSocketChannel fake = ServerSocketChannel.open().bind(new InetSocketAddress("127.0.0.1", 0))) {
            Thread drive = new Thread(() -> answerWithWrongKey(fake));
            drive.start();
            int port = ((InetSocketAddress) fake.getLocalAddress()).getPort();
            try (Drive d = Drive.connect("tcp:127.0.0.1:" + port, binding())) {
                DriveException e = assertThrows(DriveException.class,
                        () -> d.authenticate(new Credentials(AuthFixture.OWNER, AuthFixture.key(AuthFixture.OWNER))));
                assertEquals(Status.PROTOCOL.code(), e.status().code());
                assertTrue(e.getMessage().contains("does not verify"), e.getMessage());
            }
            drive.join();
        }
    }

    /** A drive in the middle: answers the hello with an empty OK tagged under another identity's key. */
    private static void answerWithWrongKey(ServerSocketChannel fake) {
        try (SocketChannel ch = fake.accept()) {
            ByteBuffer request = ByteBuffer.allocate(FrameFormat.HEADER_SIZE);
            while (request.hasRemaining() && ch.read(request) >= 0) {
                // the hello has no payload
            }
            FrameHeader hello = FrameHeader.decode(request.flip());
            FrameHeader answer = FrameTag.keyed(AuthFixture.key(AuthFixture.READER)).sign(
                    FrameHeader.response(Opcode.DEVICE_INFO.code(), hello.requestId(), 0, Status.OK),
                    AuthFixture.OWNER, 7, ByteBuffer.allocate(0));
            ByteBuffer out = ByteBuffer.allocate(FrameFormat.HEADER_SIZE);
            answer.encode(out);
            ch.write(out.flip());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
