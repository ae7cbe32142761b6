/**
 * The osd:// file system's metadata service, free of Hadoop: the namespace ({@link
 * dev.ispd.hadoop.fs.metadata.Namespace}: directories, files and their chunks, writers' leases),
 * the journal of its changes that every client replays ({@link dev.ispd.hadoop.fs.metadata.Journal},
 * its records and their codec), the stores it lives in (segments on a drive, {@link
 * dev.ispd.hadoop.fs.metadata.DriveJournalStore}, or ZooKeeper, {@link
 * dev.ispd.hadoop.fs.metadata.ZooKeeperJournalStore}), its checkpoints, and a writer's lease.
 * {@code dev.ispd.hadoop.fs} builds the Hadoop FileSystem, its streams and fsck on it
 * (docs/hadoop.md, "Object file system").
 */
package dev.ispd.hadoop.fs.metadata;
