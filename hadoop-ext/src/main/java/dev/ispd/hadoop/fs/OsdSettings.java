package dev.ispd.hadoop.fs;

import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;

/**
 * The {@code ispd.fs.*} settings of an osd:// client besides its drives, read and checked in one place; a bad value is
 * an IOException naming the key.
 *
 * @param chunkSize         bytes per chunk of a new file ({@link IspdKeys#FS_CHUNK_SIZE})
 * @param replication       replicas of a new file's chunks ({@link IspdKeys#FS_REPLICATION})
 * @param leaseMs           how long a writer's lease runs between renewals ({@link IspdKeys#FS_LEASE_MS})
 * @param checkpointRecords journal records between checkpoints, 0 for none ({@link IspdKeys#FS_CHECKPOINT_RECORDS})
 * @param zookeeper         the ZooKeeper ensemble that keeps the namespace; empty: a drive keeps it
 * @param znode             the namespace's znode in {@code zookeeper}
 * @param namespaceDrive    the drive that keeps the namespace without ZooKeeper ({@link IspdKeys#FS_NAMESPACE_DRIVE})
 * @param segmentBytes      bytes per journal segment on that drive ({@link IspdKeys#FS_JOURNAL_SEGMENT_BYTES})
 */
record OsdSettings(long chunkSize, int replication, long leaseMs, long checkpointRecords, String zookeeper, String znode,
                   int namespaceDrive, long segmentBytes) {
    /** The journal stores a chunk's replica count in one byte. */
    static final int MAX_REPLICATION = 255;

    /** The settings of {@code conf} for a file system over {@code drives} drives. */
    static OsdSettings of(Configuration conf, int drives) throws IOException {
        long chunkSize = conf.getLongBytes(IspdKeys.FS_CHUNK_SIZE.name(),
                Long.parseLong(IspdKeys.FS_CHUNK_SIZE.defaultValue()));
        if (chunkSize <= 0) {
            throw new IOException(IspdKeys.FS_CHUNK_SIZE.name() + " must be positive, got " + chunkSize);
        }
        int replication = conf.getInt(IspdKeys.FS_REPLICATION.name(),
                Integer.parseInt(IspdKeys.FS_REPLICATION.defaultValue()));
        if (replication < 1 || replication > Math.min(drives, MAX_REPLICATION)) {
            throw new IOException(IspdKeys.FS_REPLICATION.name() + " is " + replication
                    + " but must be from 1 to " + Math.min(drives, MAX_REPLICATION)
                    + ": each replica needs a drive of its own and " + IspdKeys.FS_DRIVES.name() + " lists "
                    + drives);
        }
        long leaseMs = conf.getLong(IspdKeys.FS_LEASE_MS.name(), Long.parseLong(IspdKeys.FS_LEASE_MS.defaultValue()));
        if (leaseMs <= 0) {
            throw new IOException(IspdKeys.FS_LEASE_MS.name() + " must be positive, got " + leaseMs);
        }
        long checkpointRecords = conf.getLong(IspdKeys.FS_CHECKPOINT_RECORDS.name(),
                Long.parseLong(IspdKeys.FS_CHECKPOINT_RECORDS.defaultValue()));
        if (checkpointRecords < 0) {
            throw new IOException(IspdKeys.FS_CHECKPOINT_RECORDS.name() + " is " + checkpointRecords
                    + " but must be 0 (no checkpoints) or more");
        }
        String zookeeper = conf.getTrimmed(IspdKeys.FS_NAMESPACE_ZOOKEEPER.name(),
                IspdKeys.FS_NAMESPACE_ZOOKEEPER.defaultValue());
        String znode = conf.getTrimmed(IspdKeys.FS_NAMESPACE_ZNODE.name(), IspdKeys.FS_NAMESPACE_ZNODE.defaultValue());
        if (!zookeeper.isEmpty() && (!znode.startsWith("/") || (znode.length() > 1 && znode.endsWith("/")))) {
            throw new IOException(IspdKeys.FS_NAMESPACE_ZNODE.name() + " is '" + znode
                    + "' but must be an absolute znode path such as /ispd/osd");
        }
        int namespaceDrive = conf.getInt(IspdKeys.FS_NAMESPACE_DRIVE.name(),
                Integer.parseInt(IspdKeys.FS_NAMESPACE_DRIVE.defaultValue()));
        long segmentBytes = conf.getLong(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.name(),
                Long.parseLong(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.defaultValue()));
        if (zookeeper.isEmpty()) {
            if (namespaceDrive < 0 || namespaceDrive >= drives) {
                throw new IOException(IspdKeys.FS_NAMESPACE_DRIVE.name() + " is " + namespaceDrive + " but "
                        + IspdKeys.FS_DRIVES.name() + " lists " + drives + " drives");
            }
            if (segmentBytes <= 0) {
                throw new IOException(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.name() + " is " + segmentBytes
                        + " but must be positive");
            }
        }
        return new OsdSettings(chunkSize, replication, leaseMs, checkpointRecords, zookeeper, znode, namespaceDrive,
                segmentBytes);
    }
}
