package dev.ispd.offload.execute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ispd.client.Drive;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Connections are reused by the splits of one job, one split at a time, and never across jobs. */
class DrivePoolTest {
    private static EmbeddedDrives drives;
    private final List<Drive> opened = new ArrayList<>();
    private final DrivePool pool = new DrivePool(address -> {
        Drive d = Drive.connect(address);
        opened.add(d);
        return d;
    });

    @BeforeAll
    static void start() throws IOException {
        drives = EmbeddedDrives.start(1);
    }

    @AfterAll
    static void stop() throws IOException {
        drives.close();
    }

    private Drive use(String job) throws IOException {
        try (DrivePool.Lease lease = pool.borrow(drives.address(0), job)) {
            lease.drive().deviceLog();
            return lease.drive();
        }
    }

    @Test
    void theSplitsOfAJobShareAConnection() throws IOException {
        Drive first = use("job-1");
        assertSame(first, use("job-1"));
        assertEquals(1, opened.size());
    }

    @Test
    void splitsRunningAtOnceGetAConnectionEach() throws IOException {
        try (DrivePool.Lease a = pool.borrow(drives.address(0), "job-1");
             DrivePool.Lease b = pool.borrow(drives.address(0), "job-1")) {
            assertNotSame(a.drive(), b.drive());
        }
        assertEquals(2, opened.size());
    }

    @Test
    void aNewJobStartsOnANewConnection() throws IOException {
        Drive first = use("job-1");
        assertNotSame(first, use("job-2"));
        assertEquals(2, opened.size());
    }

    @Test
    void aConnectionThatFailedIsNotReused() throws IOException {
        Drive failed;
        try (DrivePool.Lease lease = pool.borrow(drives.address(0), "job-1")) {
            failed = lease.drive();
            lease.fail();
        }
        assertNotSame(failed, use("job-1"));
    }
}
