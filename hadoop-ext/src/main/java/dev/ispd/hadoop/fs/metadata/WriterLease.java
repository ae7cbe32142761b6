package dev.ispd.hadoop.fs.metadata;

import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.util.List;

/**
 * The writer's side of a lease on the path it writes ({@link JournalRecord.Lease}): taken when
 * the file is opened for writing, renewed when half of it has run while the writer writes, and
 * with every chunk the writer starts, whose replicas it records so that fsck never takes them for
 * orphans. A lease another client took in the meantime (ours had run out) fails the renewal, so
 * the writer fails: one writer per path. The file's create record ends the lease, and so does
 * {@link #release} for a writer that gave up.
 */
public final class WriterLease {
    /** Appends a lease record, throwing Hadoop's exception if it is refused. */
    public interface Recorder {
        void record(JournalRecord.Lease lease) throws IOException;
    }

    private final Recorder recorder;
    private final String path;
    private final String holder;
    private final long periodMs;
    private long untilMs;

    private WriterLease(Recorder recorder, String path, String holder, long periodMs) {
        this.recorder = recorder;
        this.path = path;
        this.holder = holder;
        this.periodMs = periodMs;
    }

    /** Takes the lease on {@code path} for {@code holder}, or throws if another writer holds it. */
    public static WriterLease take(Recorder recorder, String path, String holder, long periodMs) throws IOException {
        WriterLease l = new WriterLease(recorder, path, holder, periodMs);
        l.renew(List.of());
        return l;
    }

    /** Records the replicas of a chunk the writer is starting (and renews the lease). */
    public void started(List<Replica> replicas) throws IOException {
        renew(replicas);
    }

    /** Renews the lease if half of it has run. */
    public void keepAlive() throws IOException {
        if (System.currentTimeMillis() >= untilMs - periodMs / 2) {
            renew(List.of());
        }
    }

    /**
     * Ends the lease of a writer that gave up (it deleted its objects): the path is free at once.
     * A failure is added to {@code cause}; the lease then runs out by itself.
     */
    public void release(Exception cause) {
        long now = System.currentTimeMillis();
        try {
            recorder.record(new JournalRecord.Lease(path, holder, now, now, List.of()));
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    private void renew(List<Replica> objects) throws IOException {
        long now = System.currentTimeMillis();
        recorder.record(new JournalRecord.Lease(path, holder, now, now + periodMs, objects));
        untilMs = now + periodMs;
    }
}
