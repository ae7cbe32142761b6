package dev.ispd.sim.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * One state of a file as one {@code stat} tells it: size, change time (ctime: set by the kernel on
 * every change of the contents or the inode, and never settable by a program, unlike the
 * modification time) and which file (device and inode). Any write, truncate or replacement of the
 * file after a stamp was taken gives a different stamp, provided the stamp was {@link #settled}:
 * a change time is only as fine as the file system's timestamps, so a change in the same tick as
 * the last one may leave it as it was.
 */
record FileStamp(long size, FileTime changed, long device, long inode) {
    /**
     * How old a change time must be before the next change surely gives a different one: above
     * the coarsest timestamp granularity of the local file systems a drive may sit on (a jiffy, up
     * to 10 ms, on ext4 and tmpfs without fine-grained timestamps; 1 s on ext3; 2 s on FAT). Since
     * Linux 6.13 ext4, XFS, btrfs and tmpfs give a change that follows a {@code stat} a fine-grained
     * time, so this is margin there.
     */
    static final Duration SETTLE = Duration.ofSeconds(2);
    private static final String ATTRIBUTES = "unix:size,ctime,dev,ino";

    /** The stamp of {@code file} now; null if it does not exist or its file system keeps no change time. */
    static FileStamp of(Path file) throws IOException {
        Map<String, Object> a;
        try {
            a = Files.readAttributes(file, ATTRIBUTES);
        } catch (NoSuchFileException | UnsupportedOperationException e) {
            return null;
        }
        return new FileStamp((Long) a.get("size"), (FileTime) a.get("ctime"), (Long) a.get("dev"), (Long) a.get("ino"));
    }

    /** Whether a change after {@code now} is sure to give a different stamp: the last change is {@link #SETTLE} old. */
    boolean settled(Instant now) {
        return changed.toInstant().plus(SETTLE).isBefore(now);
    }
}
