package dev.ispd.sim.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.profile.Units;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.sim.testing.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The drive's one lock: connection threads and an execution worker share the real model safely. */
class SerialModelTest {
    private static final DeviceProfile SMART = Profiles.device("smartssd-2013");

    @Test
    void concurrentCallersKeepTheBooksConsistent() throws Exception {
        DriveModel drive = new SerialModel(new ModeledDrive(SMART));
        int threads = 4;
        int reads = 200;
        long bytes = 64 * 1024;
        ExecutorService pool = Executors.newFixedThreadPool(threads + 1);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    long clock = 0;
                    for (int i = 0; i < reads; i++) {
                        clock = drive.hostRead(clock, bytes);
                    }
                }));
            }
            futures.add(pool.submit(() -> Workloads.scan(drive.beginExecution(0), SMART, 12_800, Workloads.q1(32), 0)));
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        long linkBusy = drive.snapshot().components().get(0).busyNs();
        long perRead = SMART.link().commandLatencyNs() + Units.transferNs(bytes, SMART.link().bandwidthBytesPerSec());
        assertEquals((long) threads * reads * perRead, linkBusy);
    }
}
