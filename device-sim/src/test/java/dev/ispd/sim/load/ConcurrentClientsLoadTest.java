package dev.ispd.sim.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.Limits;
import dev.ispd.sim.daemon.EmbeddedDrives;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 10, point 6 (and failure F): many more concurrent clients than the drive's connection
 * cap, all started at once. Every client gets in (waiting for a slot, or honouring a BUSY's retry
 * hint), writes objects of its own and reads them back; afterwards the drive holds exactly the
 * objects the clients created, each once, with their contents. Prints throughput and the p50/p99
 * latency of an operation and of getting in. {@code -Dload.clients=N -Dload.objects=M} scale it
 * (docs/benchmarks.md, "Concurrent clients").
 */
@Timeout(300)
class ConcurrentClientsLoadTest {
    private static final int OBJECT_BYTES = 4096;

    /** One client's work: its objects and the latencies of its operations (ns). */
    private record ClientRun(List<Long> ids, List<Long> opNs, long admitNs, int busyAnswers) { }

    @Test
    void moreClientsThanConnectionSlotsAllGetInAndNothingIsLostOrDuplicated() throws Exception {
        int clients = Integer.getInteger("load.clients", 200);
        int objects = Integer.getInteger("load.objects", 5);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().start()) {
            String address = drives.address(0);
            CountDownLatch start = new CountDownLatch(1);
            List<Future<ClientRun>> runs = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                long seed = i;
                runs.add(pool.submit(() -> {
                    start.await();
                    return runClient(address, seed, objects);
                }));
            }
            long t0 = System.nanoTime();
            start.countDown();
            List<ClientRun> done = new ArrayList<>();
            for (Future<ClientRun> f : runs) {
                done.add(f.get());
            }
            double seconds = (System.nanoTime() - t0) / 1e9;

            Set<Long> created = new HashSet<>();
            List<Long> opNs = new ArrayList<>();
            List<Long> admitNs = new ArrayList<>();
            int busy = 0;
            for (ClientRun r : done) {
                created.addAll(r.ids());
                opNs.addAll(r.opNs());
                admitNs.add(r.admitNs());
                busy += r.busyAnswers();
            }
            assertEquals(clients * objects, created.size(), "object ids are distinct");
            try (TestClient c = TestClient.connect(address)) {
                assertEquals(created, listAll(c), "the drive holds exactly the objects the clients created");
            }
            System.out.printf("load: %d clients x %d objects of %d B (write + read each) in %.2f s: %.0f ops/s; "
                            + "op p50 %.2f ms, p99 %.2f ms; getting in p50 %.1f ms, p99 %.1f ms, %d BUSY answers; "
                            + "lost 0, duplicated 0%n", clients, objects, OBJECT_BYTES, seconds,
                    opNs.size() / seconds, percentile(opNs, 50) / 1e6, percentile(opNs, 99) / 1e6,
                    percentile(admitNs, 50) / 1e6, percentile(admitNs, 99) / 1e6, busy);
        }
    }

    private static ClientRun runClient(String address, long seed, int objects) throws Exception {
        Random random = new Random(seed);
        long t = System.nanoTime();
        PatientClient.Admitted admitted = PatientClient.connect(address, 100);
        long admitNs = System.nanoTime() - t;
        List<Long> ids = new ArrayList<>();
        List<Long> opNs = new ArrayList<>();
        try (TestClient c = admitted.client()) {
            for (int i = 0; i < objects; i++) {
                byte[] data = new byte[OBJECT_BYTES];
                random.nextBytes(data);
                long start = System.nanoTime();
                long id = c.create(0);
                c.write(id, 0, data);
                opNs.add(System.nanoTime() - start);
                start = System.nanoTime();
                assertArrayEquals(data, c.read(id, 0, data.length), "object " + id + " reads back as written");
                opNs.add(System.nanoTime() - start);
                ids.add(id);
            }
        }
        return new ClientRun(ids, opNs, admitNs, admitted.busyAnswers());
    }

    private static Set<Long> listAll(TestClient c) throws Exception {
        Set<Long> ids = new HashSet<>();
        long after = 0;
        while (true) {
            Responses.ListObjects page = c.list(after, Limits.MAX_LIST);
            for (Responses.ObjectStat s : page.entries()) {
                ids.add(s.id());
                after = s.id();
            }
            if (!page.more()) {
                return ids;
            }
        }
    }

    private static double percentile(List<Long> values, int p) {
        List<Long> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}
