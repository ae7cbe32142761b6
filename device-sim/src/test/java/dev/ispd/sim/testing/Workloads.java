package dev.ispd.sim.testing;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.tasklet.Meter;

/**
 * Synthetic metered scans with the counts the built-in tasklets produce (kang2013 V-B-2, V-C):
 * Q1 = 1 record + 1 DRAM access + 1 hash update per entry; Q2 = 2 DRAM accesses + 1 hash update
 * per entry; the microbenchmark = N DRAM accesses + N compares per page.
 */
public final class Workloads {
    /** Work per batch of {@code pages} pages. */
    public interface PerPage {
        void add(Meter m, long pages);
    }

    private Workloads() {
    }

    public static PerPage q1(long entriesPerPage) {
        return (m, pages) -> {
            m.addRecords(pages * entriesPerPage);
            m.addDramAccesses(pages * entriesPerPage);
            m.addHashUpdates(pages * entriesPerPage);
        };
    }

    public static PerPage q2(long entriesPerPage) {
        return (m, pages) -> {
            m.addDramAccesses(2 * pages * entriesPerPage);
            m.addHashUpdates(pages * entriesPerPage);
        };
    }

    public static PerPage microbench(long accessesPerPage) {
        return (m, pages) -> {
            m.addDramAccesses(pages * accessesPerPage);
            m.addCompares(pages * accessesPerPage);
        };
    }

    /** The whole scan's metered work, as the host would meter it. */
    public static Meter total(long pages, PerPage work) {
        Meter m = new Meter();
        work.add(m, pages);
        return m;
    }

    /** Feeds {@code pages} pages to {@code e} in the profile's batches, then finishes with {@code resultBytes}. */
    public static DriveModel.Execution scan(DriveModel.Execution e, DeviceProfile p, long pages, PerPage work, long resultBytes) {
        long done = 0;
        while (done < pages) {
            long batch = Math.min(p.pagesPerBatch(), pages - done);
            Meter m = new Meter();
            work.add(m, batch);
            e.batch(batch, batch * p.pageSizeBytes(), m);
            done += batch;
        }
        e.finish(resultBytes);
        return e;
    }

    /** Modeled time of a scan alone on a fresh drive. */
    public static long aloneNs(DeviceProfile p, long pages, PerPage work) {
        return scan(new ModeledDrive(p).beginExecution(0), p, pages, work, 0).modeledNs();
    }
}
