package dev.ispd.sim.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Failure G of issue 10 on a real drive behind a real socket: without a valid tag nothing is
 * served, a tampered or replayed frame is refused and ends its connection, and each identity may
 * do only what its grants allow; every refusal has its own status and changes nothing.
 */
class AuthenticatedDriveTest {
    private static final byte[] DATA = "sixteen byte rec".repeat(64).getBytes();

    @TempDir
    static Path dir;
    private static EmbeddedDrives drives;
    private static String address;
    private static long object;

    @BeforeAll
    static void start() throws IOException {
        // on TCP, where no peer maps to an identity: every request must be tagged
        drives = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir))).start();
        address = drives.address(0);
        try (TestClient owner = as(AuthFixture.OWNER)) {
            object = owner.create(0);
            owner.write(object, 0, DATA);
        }
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private static TestClient as(long identity) throws IOException {
        return AuthFixture.connect(address, identity);
    }

    private static void assertRefused(TestClient.Reply r, Status status, String... fragments) {
        r.assertRefused(status, fragments);
    }

    /** The object written at start is still there, whole, as the owner reads it. */
    private static void assertUnchanged() throws IOException {
        try (TestClient owner = as(AuthFixture.OWNER)) {
            assertArrayEquals(DATA, owner.read(object, 0, DATA.length));
        }
    }

    @Test
    void anUntaggedRequestIsAuthRequiredAndChangesNothing() throws IOException {
        try (TestClient anonymous = TestClient.connect(drives.address(0))) {
            assertRefused(anonymous.call(new Requests.DeleteObject(object)), Status.AUTH_REQUIRED, "authentication");
            assertRefused(anonymous.call(new Requests.WriteObject(object, 0, ByteBuffer.wrap(new byte[4]))),
                    Status.AUTH_REQUIRED);
            assertRefused(anonymous.call(new Requests.ReadObject(object, 0, 16)), Status.AUTH_REQUIRED);
        }
        assertUnchanged();
    }

    @Test
    void answersCarryTheDrivesTagAndEchoTheSequence() throws IOException {
        try (TestClient owner = as(AuthFixture.OWNER)) {
            long sequence = owner.sequence();
            TestClient.Reply r = owner.call(new Requests.StatObject(object)); // the client verifies the tag
            assertTrue(r.header().isAuthenticated());
            assertEquals(AuthFixture.OWNER, r.header().identity());
            assertEquals(sequence, r.header().sequence());
        }
    }

    @Test
    void aWrongKeyOrUnknownIdentityIsAuthFailedAndEndsTheConnection() throws IOException {
        try (TestClient c = TestClient.connect(address)) {
            assertRefused(c.authenticate(AuthFixture.OWNER, AuthFixture.key(AuthFixture.READER)), Status.AUTH_FAILED,
                    "does not verify", "identity 1 (owner)");
            assertTrue(c.closedByDrive());
        }
        try (TestClient c = TestClient.connect(address)) {
            assertRefused(c.authenticate(77, AuthFixture.key(77)), Status.AUTH_FAILED, "identity 77 is not known");
        }
    }

    @Test
    void aTamperedFrameIsAuthFailedAndChangesNothing() throws IOException {
        try (TestClient owner = as(AuthFixture.OWNER)) {
            ByteBuffer frame = TestClient.signedFrame(new Requests.WriteObject(object, 0, ByteBuffer.wrap(new byte[16])),
                    50, AuthFixture.OWNER, owner.sequence(), AuthFixture.key(AuthFixture.OWNER));
            frame.put(frame.limit() - 1, (byte) 1); // the last data byte, after the tag was computed
            assertRefused(owner.sendRaw(frame), Status.AUTH_FAILED, "WRITE_OBJECT", "does not verify");
            assertTrue(owner.closedByDrive());
        }
        assertUnchanged();
    }

    @Test
    void aReplayedFrameIsAuthFailedOnItsConnectionAndOnANewOne() throws IOException {
        byte[] first = "first".getBytes();
        byte[] second = "SECOND".getBytes();
        long victim;
        ByteBuffer recorded;
        try (TestClient owner = as(AuthFixture.OWNER)) {
            victim = owner.create(0);
            recorded = TestClient.signedFrame(new Requests.WriteObject(victim, 0, ByteBuffer.wrap(first)), 70,
                    AuthFixture.OWNER, owner.sequence(), AuthFixture.key(AuthFixture.OWNER));
            assertEquals(Status.OK, owner.sendRaw(recorded.duplicate()).status());
        }
        try (TestClient owner = as(AuthFixture.OWNER)) {
            owner.write(victim, 0, second);
            assertRefused(owner.sendRaw(recorded.duplicate()), Status.AUTH_FAILED, "sequence");
        }
        try (TestClient owner = as(AuthFixture.OWNER)) {
            owner.stat(victim);
            assertRefused(owner.sendRaw(recorded.duplicate()), Status.AUTH_FAILED, "replayed");
            assertTrue(owner.closedByDrive());
        }
        try (TestClient owner = as(AuthFixture.OWNER)) {
            assertArrayEquals(second, owner.read(victim, 0, second.length));
        }
    }

    @Test
    void aCommandOutsideTheGrantsIsForbiddenAndChangesNothing() throws IOException {
        try (TestClient reader = as(AuthFixture.READER)) {
            assertArrayEquals(Arrays.copyOf(DATA, 16), reader.read(object, 0, 16));
            assertRefused(reader.call(new Requests.WriteObject(object, 0, ByteBuffer.wrap(new byte[16]))),
                    Status.FORBIDDEN, "identity 2 (reader) lacks write on object " + Long.toUnsignedString(object),
                    "WRITE_OBJECT");
            assertRefused(reader.call(new Requests.DeleteObject(object)), Status.FORBIDDEN, "lacks delete");
            assertRefused(reader.call(new Requests.CreateObject(0)), Status.FORBIDDEN, "has no ids of its own",
                    "gives it write");
            assertEquals(Status.OK, reader.call(new Requests.StatObject(object)).status(),
                    "a refusal leaves the connection usable");
        }
        assertUnchanged();
    }

    @Test
    void listObjectsListsOnlyTheObjectsTheIdentityMayRead() throws IOException {
        long before = AuthFixture.TENANT_FIRST - 1;
        long[] tenants = {AuthFixture.TENANT_FIRST, AuthFixture.TENANT_FIRST + 1, AuthFixture.TENANT_LAST};
        long after = AuthFixture.TENANT_LAST + 1;
        try (TestClient owner = as(AuthFixture.OWNER)) {
            for (long id : new long[] {before, tenants[0], tenants[1], tenants[2], after}) {
                owner.create(id);
            }
        }
        try (TestClient tenant = as(AuthFixture.TENANT)) {
            Responses.ListObjects first = tenant.list(0, 2);
            assertEquals(List.of(tenants[0], tenants[1]), ids(first), "the first page skips the objects before its range");
            assertTrue(first.more(), "a readable object follows");
            Responses.ListObjects second = tenant.list(tenants[1], 2);
            assertEquals(List.of(tenants[2]), ids(second));
            assertFalse(second.more(), "the objects after its range are none of its business");
            assertRefused(tenant.call(new Requests.StatObject(after)), Status.FORBIDDEN, "lacks read");
        }
        try (TestClient reader = as(AuthFixture.READER)) {
            List<Long> all = ids(reader.list(0, Limits.MAX_LIST));
            assertTrue(all.containsAll(List.of(object, before, tenants[0], tenants[1], tenants[2], after)),
                    "an identity that may read every ordinary object lists them all: " + all);
        }
        try (TestClient journal = as(AuthFixture.JOURNAL)) {
            List<Long> listed = ids(journal.list(0, Limits.MAX_LIST));
            assertTrue(listed.stream().allMatch(ObjectRange.NAMESPACE::contains),
                    "an identity granted only the namespace lists nothing else: " + listed);
        }
    }

    private static List<Long> ids(Responses.ListObjects page) {
        return page.entries().stream().map(Responses.ObjectStat::id).toList();
    }

    @Test
    void theNamespaceJournalIsWritableOnlyByIdentitiesGrantedIt() throws IOException {
        long journal = ReservedValues.WELL_KNOWN_ID_FIRST;
        try (TestClient owner = as(AuthFixture.OWNER)) {
            assertRefused(owner.call(new Requests.CreateObject(journal)), Status.FORBIDDEN, "lacks write");
        }
        try (TestClient j = as(AuthFixture.JOURNAL)) {
            assertEquals(journal, j.create(journal));
            j.write(journal, 0, new byte[] {1, 2, 3});
            assertRefused(j.call(new Requests.WriteObject(object, 0, ByteBuffer.wrap(new byte[1]))), Status.FORBIDDEN);
        }
        try (TestClient owner = as(AuthFixture.OWNER)) {
            assertRefused(owner.call(new Requests.WriteObject(journal, ReservedValues.APPEND,
                    ByteBuffer.wrap(new byte[] {9}))), Status.FORBIDDEN, "lacks write");
            assertRefused(owner.call(new Requests.DeleteObject(journal)), Status.FORBIDDEN, "lacks delete");
        }
        try (TestClient j = as(AuthFixture.JOURNAL)) {
            assertArrayEquals(new byte[] {1, 2, 3}, j.read(journal, 0, 3));
        }
    }

    @Test
    void anotherIdentitysExecutionIsForbiddenButAnAdminMayActOnIt() throws IOException {
        long exec;
        try (TestClient owner = as(AuthFixture.OWNER)) {
            long tasklet = owner.createTasklet("noop", Params.EMPTY);
            exec = owner.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, DATA.length)));
            assertEquals(ExecutionState.DONE, owner.await(exec).state());
        }
        try (TestClient reader = as(AuthFixture.READER)) {
            assertRefused(reader.call(new Requests.Poll(exec)), Status.FORBIDDEN, "identity 1 submitted it");
            assertRefused(reader.call(new Requests.ReadResult(exec, 0, 16)), Status.FORBIDDEN);
            assertRefused(reader.call(new Requests.Cancel(exec)), Status.FORBIDDEN);
            assertRefused(reader.call(new Requests.Release(exec)), Status.FORBIDDEN);
        }
        try (TestClient admin = as(AuthFixture.ADMIN)) {
            assertEquals(ExecutionState.DONE, admin.poll(exec).state());
            admin.release(exec);
        }
    }

    @Test
    void theLocalUserOfAUnixSocketIsItsMappedIdentityWithoutTags() throws IOException {
        try (EmbeddedDrives unix = EmbeddedDrives.builder().auth(AuthConfig.load(dir.resolve("auth.json"))).start()) {
            long id;
            try (TestClient owner = TestClient.connect(unix.address(0))) {
                owner.authenticate(AuthFixture.OWNER, AuthFixture.key(AuthFixture.OWNER));
                id = owner.create(0);
                owner.write(id, 0, DATA);
            }
            try (TestClient local = TestClient.connect(unix.address(0))) {
                assertArrayEquals(Arrays.copyOf(DATA, 16), local.read(id, 0, 16));
                assertRefused(local.call(new Requests.DeleteObject(id)), Status.FORBIDDEN, "identity 5 (local)");
                assertArrayEquals(DATA, local.read(id, 0, DATA.length));
            }
        }
    }

    @Test
    void theFlagsOfATaggedAnswerAreResponseAndAuth() throws IOException {
        try (TestClient owner = as(AuthFixture.OWNER)) {
            assertEquals(FrameFormat.FLAG_RESPONSE | FrameFormat.FLAG_AUTH,
                    owner.call(new Requests.StatObject(object)).header().flags());
        }
    }
}
