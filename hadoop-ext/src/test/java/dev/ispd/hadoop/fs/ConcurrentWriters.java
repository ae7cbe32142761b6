package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.metadata.JournalOutcomeUnknownException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.Path;

/**
 * Clients writing files into {@code /shared} at once, one thread each, deleting every other file
 * they wrote: which files they were told exist, and the check that a later client sees exactly
 * those (and perhaps files whose outcome a writer could not learn).
 */
final class ConcurrentWriters {
    private static final String DIR = "/shared/";

    private final Set<String> acknowledged = new ConcurrentSkipListSet<>();
    private final Set<String> unknown = new ConcurrentSkipListSet<>();

    /** Each client writes {@code files} files, all clients at once. */
    void run(List<OsdFileSystem> clients, int files) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(clients.size());
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < clients.size(); t++) {
                OsdFileSystem fs = clients.get(t);
                String prefix = "t" + t + "-";
                writers.add(pool.submit(() -> {
                    write(fs, prefix, files);
                    return null;
                }));
            }
            for (Future<?> w : writers) {
                w.get();
            }
        } finally {
            pool.shutdown(); // the others finish before their clients are closed, even when one failed
            pool.awaitTermination(2, TimeUnit.MINUTES);
        }
    }

    private void write(OsdFileSystem fs, String prefix, int files) throws IOException {
        for (int i = 0; i < files; i++) {
            String name = prefix + i;
            try {
                JournalCutTest.write(fs, DIR + name, name);
                if (i % 2 == 0) {
                    acknowledged.add(name);
                } else {
                    assertTrue(fs.delete(new Path(DIR + name), false));
                }
            } catch (JournalOutcomeUnknownException e) {
                unknown.add(name);
            }
        }
    }

    /** Every acknowledged file is there with its bytes, and nothing else but files of unknown outcome. */
    void check(OsdFileSystem fresh) throws IOException {
        Set<String> present = JournalCutTest.names(fresh, DIR);
        Set<String> missing = new java.util.TreeSet<>(acknowledged);
        missing.removeAll(present);
        assertTrue(missing.isEmpty(), "every acknowledged file is there, but not " + missing + " (unknown: " + unknown
                + ")");
        present.removeAll(acknowledged);
        assertTrue(unknown.containsAll(present), "and nothing else but files of unknown outcome: " + present);
        for (String name : acknowledged) {
            assertEquals(name, JournalCutTest.read(fresh, DIR + name));
        }
    }
}
