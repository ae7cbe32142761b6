package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The executors' observations of a job reach the saved corrections; a bad one is skipped. */
class CorrectionStoreTest {
    private static final String DEVICE_KEY = CorrectionBook.deviceKey("q1", "unix:/tmp/drive0.sock");

    @TempDir
    Path dir;

    /** The store's files on the local disk. */
    private static final class LocalFiles implements CorrectionStore.Files {
        @Override
        public boolean exists(String path) {
            return Files.exists(Path.of(path));
        }

        @Override
        public InputStream open(String path) throws IOException {
            return Files.newInputStream(Path.of(path));
        }

        @Override
        public OutputStream create(String path) throws IOException {
            Files.createDirectories(Path.of(path).getParent());
            return Files.newOutputStream(Path.of(path));
        }

        @Override
        public List<String> list(String dir) throws IOException {
            try (Stream<Path> files = Files.list(Path.of(dir))) {
                return files.map(Path::toString).sorted().toList();
            }
        }

        @Override
        public void deleteDirectory(String dir) throws IOException {
            try (Stream<Path> all = Files.walk(Path.of(dir))) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    @Test
    void theObservationsOfAJobAreFoldedInSkippingABadOne() throws IOException {
        String file = dir.resolve("corrections.json").toString();
        CorrectionStore store = new CorrectionStore(new LocalFiles(), file);
        String job = "job_1_0001";
        store.record(job, 0, DEVICE_KEY, new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(200, 50), true));
        store.record(job, 1, DEVICE_KEY, new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(900, 50), false));
        Path observations = Path.of(file + ".observations", job);
        Files.writeString(observations.resolve("split-2.json"), "{\"key\": \"host q1\", \"predicted\": {\"timeNs\": 1}}",
                StandardCharsets.UTF_8);

        CorrectionStore.Update u = store.absorb(job);
        assertEquals(2, u.observations());
        CorrectionBook.Entry e = store.load().entries().get(DEVICE_KEY);
        // in either order: time learns from the first split only, energy from both (0.5 twice)
        assertEquals(1.3, e.time(), 1e-12, "the split that waited adds energy only");
        assertEquals(1 - 0.15 - 0.3 * 0.35, e.energy(), 1e-12);
        assertEquals(2, e.samples());
        assertFalse(store.load().entries().containsKey(CorrectionBook.hostKey("q1")));
        assertFalse(Files.exists(observations));
    }

    @Test
    void observationsHandedOverFoldInAsRecordedOnes() throws IOException {
        SplitObservation waited = new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(900, 50), false);
        SplitObservation served = new SplitObservation(Placement.DEVICE, new Cost(100, 100), new Cost(200, 50), true);
        CorrectionStore recorded = new CorrectionStore(new LocalFiles(), dir.resolve("recorded.json").toString());
        recorded.record("job_1_0003", 0, DEVICE_KEY, waited);
        recorded.record("job_1_0003", 1, DEVICE_KEY, served);
        recorded.absorb("job_1_0003");
        CorrectionStore handed = new CorrectionStore(new LocalFiles(), dir.resolve("handed.json").toString());

        CorrectionStore.Update u = handed.absorb(List.of(new CorrectionStore.Observed(DEVICE_KEY, waited.predicted(),
                waited.observed(), false), CorrectionStore.Observed.of(served, "q1", "unix:/tmp/drive0.sock")));
        assertEquals(2, u.observations());
        assertEquals(recorded.load().entries(), handed.load().entries());
        assertFalse(Files.exists(Path.of(handed.file() + ".observations")));
    }

    @Test
    void aJobWithoutObservationsLeavesTheBookAsItWas() throws IOException {
        CorrectionStore store = new CorrectionStore(new LocalFiles(), dir.resolve("corrections.json").toString());
        assertEquals(0, store.absorb("job_1_0002").observations());
        assertEquals(0, store.load().entries().size());
    }
}
