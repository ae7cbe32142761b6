package dev.ispd.hadoop.offload;

import dev.ispd.offload.execute.JobFailureRecord;
import dev.ispd.offload.settings.DeviceFaultSettings;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where the task JVMs of a DeviceJob or of a Spark SQL execution share their drive failures
 * ({@link JobFailureRecord}), on a Hadoop file system: {@link OffloadKeys#DEVICE_FAILURES_DIR}, by
 * default {@value #DEFAULT_DIR} on the osd:// file system of the input, one folder per job.
 *
 * <p>Its files are written with {@value #REPLICATION} replicas: on osd:// one per drive, as many
 * as there are drives up to that, and a drive that cannot be reached is passed over when a file
 * is written, so with two drives or more the failing drive never holds the only copy. The folder's
 * names live in the osd:// namespace journal (on drive {@code ispd.fs.namespace.drive}, or in
 * ZooKeeper): if that is the failing drive, the record cannot be read or written, and each JVM
 * goes on with the failures it saw itself (logged).
 */
public final class HadoopDriveFailures {
    private static final Logger LOG = LoggerFactory.getLogger(HadoopDriveFailures.class);
    static final String DEFAULT_DIR = "/.ispd/drive-failures";
    private static final short REPLICATION = 3;

    private final HadoopSharedFiles files;
    private final String root;
    private final DeviceFaultSettings settings;

    private HadoopDriveFailures(HadoopSharedFiles.Located root, DeviceFaultSettings settings) {
        this.files = root.files();
        this.root = root.path();
        this.settings = settings;
    }

    /** The folder of the records of jobs reading {@code input} with {@code settings}. */
    public static HadoopDriveFailures forInput(Configuration conf, DeviceFaultSettings settings, Path input)
            throws IOException {
        return new HadoopDriveFailures(HadoopSharedFiles.locate(conf, settings.failuresDir(), DEFAULT_DIR, input,
                REPLICATION), settings);
    }

    /** The record of {@code job} written as {@code writer}; none if its file system cannot be reached (logged). */
    public static Optional<JobFailureRecord> shared(Configuration conf, DeviceFaultSettings settings, Path input,
                                                    String job, String writer) {
        try {
            return Optional.of(forInput(conf, settings, input).record(job, writer));
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot reach the drive failures of job {} ({}): its tasks avoid drives by the failures each "
                    + "task JVM sees, not by every failure of the job", job, e.toString());
            return Optional.empty();
        }
    }

    JobFailureRecord record(String job, String writer) {
        return new JobFailureRecord(files, root, job, writer, settings.failuresRefresh());
    }

    /**
     * Deletes the record of {@code job}, which read {@code input}, when it has ended; a failure is
     * logged (the folder is left behind).
     */
    public static void deleteJob(Configuration conf, DeviceFaultSettings settings, Path input, String job) {
        try {
            forInput(conf, settings, input).delete(job);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not delete the drive failures of job {}: {}", job, e.toString());
        }
    }

    /** Deletes the record of {@code job}, when it has ended; a failure is logged (the folder is left behind). */
    public void delete(String job) {
        try {
            JobFailureRecord.delete(files, root, job);
        } catch (IOException | RuntimeException e) {
            LOG.warn("could not delete the drive failures of job {} under {}: {}", job, root, e.toString());
        }
    }
}
