package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.ReservedValues;
import dev.ispd.protocol.Status;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.auth.AuthFixture;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.store.IdRange;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 22, points 1 to 3, tried as a second tenant would on a real drive behind a real socket:
 * ids the drive picks are the requester's own, never in a range granted to another identity and
 * never a deleted object's; module commands need the module right on the name; SCRUB obeys the
 * ACLs. Each drive is fresh, so no other test's ids move the ones picked here.
 */
class TenantIsolationTest {
    @TempDir
    Path dir;
    private EmbeddedDrives drives;

    @BeforeEach
    void start() throws IOException {
        drives = EmbeddedDrives.builder().tcp(true).auth(AuthConfig.load(AuthFixture.write(dir))).start();
    }

    @AfterEach
    void stop() throws IOException {
        drives.close();
    }

    private TestClient as(long identity) throws IOException {
        return AuthFixture.connect(drives.address(0), identity);
    }

    private static void assertRefused(TestClient.Reply r, Status status, String... fragments) {
        r.assertRefused(status, fragments);
    }

    private static final List<IdRange> NARROW_GRANTS = List.of(new IdRange(AuthFixture.TENANT_FIRST,
            AuthFixture.TENANT_LAST), AuthFixture.TENANT_B, AuthFixture.TENANT_C, AuthFixture.SMALL);

    @Test
    void idsPickedForOneIdentityNeverLandInAnothersRange() throws IOException {
        long owners;
        long ownersTasklet;
        try (TestClient b = as(AuthFixture.B); TestClient owner = as(AuthFixture.OWNER)) {
            b.create(AuthFixture.TENANT_B.last() - 15); // a drive picking above the highest id named would land in B
            owners = owner.create(0);
            ownersTasklet = owner.createTasklet("noop", Params.EMPTY);
            for (long id : new long[] {owners, ownersTasklet}) {
                assertTrue(NARROW_GRANTS.stream().noneMatch(r -> r.contains(id)), Long.toHexString(id)
                        + " is inside a range granted to another identity");
            }
        }
        try (TestClient b = as(AuthFixture.B)) {
            assertTrue(b.list(0, Limits.MAX_LIST).entries().stream().allMatch(e -> AuthFixture.TENANT_B.contains(e.id())));
            assertRefused(b.call(new Requests.StatObject(owners)), Status.FORBIDDEN, "lacks read");
            assertRefused(b.call(new Requests.DeleteObject(owners)), Status.FORBIDDEN, "lacks delete");
            assertRefused(b.call(new Requests.DeleteObject(ownersTasklet)), Status.FORBIDDEN, "lacks delete");
        }
    }

    @Test
    void anIdentityScopedToARangeGetsPickedIdsInsideIt() throws IOException {
        long bObject;
        long cTasklet;
        try (TestClient b = as(AuthFixture.B); TestClient c = as(AuthFixture.C)) {
            bObject = b.create(0);
            cTasklet = c.createTasklet("noop", Params.EMPTY);
            assertTrue(AuthFixture.TENANT_B.contains(bObject), Long.toHexString(bObject));
            assertTrue(AuthFixture.TENANT_C.contains(cTasklet), Long.toHexString(cTasklet));
            assertEquals(cTasklet, c.stat(cTasklet).id(), "the owner of a tasklet may STAT it");
            assertRefused(b.call(new Requests.DeleteObject(cTasklet)), Status.FORBIDDEN, "lacks delete");
            assertRefused(c.call(new Requests.ReadObject(bObject, 0, 0)), Status.FORBIDDEN, "lacks read");
        }
        try (TestClient reader = as(AuthFixture.READER)) {
            long tasklet = reader.createTasklet("noop", Params.EMPTY);
            assertTrue(NARROW_GRANTS.stream().noneMatch(r -> r.contains(tasklet)), Long.toHexString(tasklet));
        }
    }

    @Test
    void pickedIdsNeverWrapOntoADeletedObjectsId() throws IOException {
        try (TestClient small = as(AuthFixture.SMALL_ID)) {
            for (long id = AuthFixture.SMALL.first(); id <= AuthFixture.SMALL.last(); id++) {
                assertEquals(id, small.create(0));
            }
            small.delete(AuthFixture.SMALL.first() + 1);
            assertRefused(small.call(new Requests.CreateObject(0)), Status.LIMIT_EXCEEDED,
                    "no id left to pick in 0x400000-0x400003", "never gives an id twice");
            assertRefused(small.call(new Requests.StatObject(AuthFixture.SMALL.first() + 1)), Status.NO_SUCH_OBJECT);
        }
    }

    @Test
    void anAnonymousDrivePicksNoDeletedIdWhenItsIdsRunUpToTheWellKnownOnes() throws IOException {
        try (EmbeddedDrives open = EmbeddedDrives.builder().tcp(true).start();
             TestClient c = TestClient.connect(open.address(0))) {
            long first = c.create(0);
            c.delete(first);
            c.create(ReservedValues.WELL_KNOWN_ID_FIRST - 1);
            long next = c.create(0);
            assertNotEquals(first, next, "the drive gave out a deleted object's id again");
        }
    }

    @Test
    void moduleCommandsNeedTheModuleRightOnTheName() throws IOException {
        byte[] q1 = ModuleLoadingTest.wasm("examples/q1.wasm");
        byte[] other = ModuleLoadingTest.wasm("examples/q1_rust.wasm");
        try (TestClient reader = as(AuthFixture.READER)) {
            assertRefused(ModuleLoadingTest.load(reader, "q1", q1, 1 << 20), Status.FORBIDDEN,
                    "identity 2 (reader) lacks module", "\"q1\"", "LOAD_MODULE");
        }
        try (TestClient b = as(AuthFixture.B)) {
            assertEquals(Status.OK, ModuleLoadingTest.load(b, "b.q1", q1, 1 << 20).status());
        }
        try (TestClient c = as(AuthFixture.C)) {
            assertRefused(c.call(new Requests.UnloadModule("b.q1", 1)), Status.FORBIDDEN, "tenant-c", "\"b.q1\"");
            assertRefused(ModuleLoadingTest.load(c, "b.q1", other, 1 << 20), Status.FORBIDDEN, "lacks module");
            assertEquals(Status.OK, ModuleLoadingTest.load(c, "c.q1", other, 1 << 20).status());
            List<Responses.ModuleEntry> listed = c.call(new Requests.ListModules()).<Responses.ListModules>body()
                    .modules();
            assertEquals(List.of("b.q1", "c.q1"), listed.stream().map(Responses.ModuleEntry::name).toList());
            assertEquals(q1.length, listed.get(0).size(), "tenant-b's module is still its own bytes");
        }
        try (TestClient admin = as(AuthFixture.ADMIN)) {
            assertEquals(Status.OK, admin.call(new Requests.UnloadModule("b.q1", 1)).status(),
                    "an admin may unload any module");
        }
    }

    @Test
    void scrubNeedsReadOnTheObjectAndAdminForTheWholeDrive() throws IOException {
        long owners;
        try (TestClient owner = as(AuthFixture.OWNER)) {
            owners = owner.create(0);
            owner.write(owners, 0, new byte[8192]);
            Responses.Scrub own = owner.call(new Requests.Scrub(owners)).body();
            assertEquals(8192, own.bytes());
            assertRefused(owner.call(new Requests.Scrub(0)), Status.FORBIDDEN, "only an identity granted admin");
        }
        try (TestClient b = as(AuthFixture.B)) {
            assertRefused(b.call(new Requests.Scrub(owners)), Status.FORBIDDEN, "lacks read", "SCRUB");
            assertRefused(b.call(new Requests.Scrub(owners + 1_000)), Status.FORBIDDEN, "lacks read");
            assertRefused(b.call(new Requests.Scrub(0)), Status.FORBIDDEN, "admin");
        }
        try (TestClient admin = as(AuthFixture.ADMIN)) {
            Responses.Scrub all = admin.call(new Requests.Scrub(0)).body();
            assertTrue(all.objects() >= 1);
            assertEquals(0, all.damaged());
        }
    }
}
