package dev.ispd.hadoop.fs.metadata;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.DriveSet;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * How long a new client takes to open osd:// after N file creates, without and with a
 * checkpoint: N create records (one chunk each, in 1,000 directories) go into the journal of an
 * in-JVM drive with checkpoints off; a new client then opens (median of 5) replaying them all;
 * one more change by a client with checkpoints on writes a checkpoint; a new client opens again.
 * With {@code churn}, each file is deleted after the next one is created (task output that a job
 * moves away, say): the history is 2N records but the namespace holds one file. Then the same
 * history again on a second drive, written as clients write it, with checkpoints on (the default
 * {@code ispd.fs.checkpoint.records} and segment size): the journal is cut as it goes, and the
 * benchmark prints the bytes it keeps on the drive afterwards.
 *
 * <p>Run: {@code mvn -B -Pbench -pl hadoop-ext verify -DskipTests} (1,000,000 creates with churn;
 * {@code -Dbench.args="100000"} for another history). The default build does not compile it.
 */
public final class JournalOpenBenchmark {
    private JournalOpenBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int creates = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        boolean churn = args.length > 1 && args[1].equals("churn");
        try (EmbeddedDrives embedded = EmbeddedDrives.start(2);
             DriveSet drives = DriveSet.parse("h=" + embedded.address(0));
             DriveSet cutDrives = DriveSet.parse("h=" + embedded.address(1))) {
            long started = System.nanoTime();
            history(Journal.open(DriveJournalStore.open(drives.sharedDrive(0)), 1, 0), creates, churn);
            System.out.printf("%,d creates%s in %.1f s; journal %,d bytes%n", creates, churn ? " and deletes" : "",
                    seconds(started), journalBytes(drives));

            Configuration conf = new Configuration();
            conf.set(IspdKeys.FS_DRIVES.name(), "h=" + embedded.address(0));
            conf.setBoolean("fs.osd.impl.disable.cache", true);
            URI uri = URI.create("osd://bench/");
            System.out.printf("open without a checkpoint: %.3f s (median of 5)%n", medianOpen(uri, conf));

            try (FileSystem fs = FileSystem.get(uri, conf)) { // checkpoints on: its change writes one
                fs.mkdirs(new Path("/after"));
            }
            try (Drive d = drives.open(0)) {
                long size = d.stat(DriveJournalStore.CHECKPOINTS).size();
                System.out.printf("checkpoint written: %,d bytes%n",
                        d.stat(ByteBuffer.wrap(d.read(DriveJournalStore.CHECKPOINTS, size - 16, 16))
                                .order(ByteOrder.LITTLE_ENDIAN).getLong()).size());
            }
            System.out.printf("open from the checkpoint:  %.3f s (median of 5)%n", medianOpen(uri, conf));

            started = System.nanoTime();
            history(Journal.open(DriveJournalStore.open(cutDrives.sharedDrive(0)), 1,
                    Long.parseLong(IspdKeys.FS_CHECKPOINT_RECORDS.defaultValue())), creates, churn);
            System.out.printf("the same history with checkpoints on, in %.1f s: journal cut to %,d bytes%n",
                    seconds(started), journalBytes(cutDrives));
        }
    }

    /** Commits the history: {@code creates} file creates, each file deleted after the next one with {@code churn}. */
    private static void history(Journal writer, int creates, boolean churn) throws IOException {
        for (int i = 0; i < creates; i++) {
            writer.commit(new JournalRecord.CreateFile(file(i), false, i, "bench", 1 << 26, 1000,
                    List.of(new Chunk(0, i + 1, 1000)), JournalRecord.Anchor.ROOT));
            if (churn && i > 0) {
                writer.commit(new JournalRecord.Delete(file(i - 1), false, i));
            }
        }
    }

    /** Bytes in the journal's segments on the drive. */
    private static long journalBytes(DriveSet drives) throws IOException {
        try (Drive d = drives.open(0)) {
            return d.list().stream().filter(o -> o.id() == DriveJournalStore.OBJECT_ID
                    || Long.compareUnsigned(o.id(), DriveJournalStore.FIRST_SEGMENT_ID) >= 0)
                    .mapToLong(ObjectStat::size).sum();
        }
    }

    private static String file(int i) {
        return "/bench/d" + (i % 1000) + "/part-" + i;
    }

    private static double medianOpen(URI uri, Configuration conf) throws IOException {
        double[] times = new double[5];
        for (int i = 0; i < times.length; i++) {
            long started = System.nanoTime();
            try (FileSystem fs = FileSystem.get(uri, conf)) {
                fs.getFileStatus(new Path("/bench"));
                times[i] = seconds(started);
            }
        }
        Arrays.sort(times);
        return times[times.length / 2];
    }

    private static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }
}
