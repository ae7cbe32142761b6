package dev.ispd.sim.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.logging.Logger;

/**
 * The folder a recovery moves what it cannot account for into: {@code <dir>/quarantine/<UTC time>/},
 * created on the first file. Files keep their names, so an admin can inspect them or move them back.
 */
final class Quarantine {
    private static final Logger LOG = Logger.getLogger(Quarantine.class.getName());
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path folder;
    private int moved;

    Quarantine(Path storeDir) {
        this.folder = storeDir.resolve("quarantine").resolve(STAMP.format(Instant.now()));
    }

    Path folder() {
        return folder;
    }

    /** Moves {@code file} into the quarantine folder; {@code why} goes to the log. */
    void move(Path file, String why) throws IOException {
        Files.createDirectories(folder);
        Path to = folder.resolve(file.getFileName());
        Files.move(file, to, StandardCopyOption.ATOMIC_MOVE);
        MetadataLog.forceDirectory(folder);
        MetadataLog.forceDirectory(file.toAbsolutePath().getParent());
        moved++;
        LOG.warning("recovery: moved " + file + " to " + to + ": " + why);
    }

    /** Copies {@code file} (a damaged log, kept whole as evidence) into the quarantine folder. */
    void copy(Path file, String why) throws IOException {
        Files.createDirectories(folder);
        Path to = folder.resolve(file.getFileName());
        Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
        moved++;
        LOG.warning("recovery: copied " + file + " to " + to + ": " + why);
    }

    /** Files moved or copied so far. */
    int count() {
        return moved;
    }
}
