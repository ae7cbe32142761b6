package dev.ispd.spark.write;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job-level commit and abort of a write, on the driver. A new target, or an overwritten one,
 * appears in one rename of the staging directory (an overwritten target is first moved aside, and
 * moved back if that rename fails), so readers see the old data or all the new, never part of it.
 * An append renames each part file into the existing directory. An abort deletes the staging
 * directory: nothing of a failed write is visible.
 */
final class Publisher {
    private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);

    private final WriteTarget target;

    Publisher(WriteTarget target) {
        this.target = target;
    }

    void publish(boolean overwrite, List<Path> parts) throws IOException {
        FileSystem fs = target.fileSystem();
        Path to = target.targetPath();
        for (Path part : parts) {
            if (!fs.exists(part)) {
                throw new IOException("ispd: a committed task's file " + part + " is missing; the write is not published");
            }
        }
        List<String> names = parts.stream().map(Path::getName).toList();
        for (FileStatus f : fs.listStatus(target.staging())) {
            if (!names.contains(f.getPath().getName())) {
                fs.delete(f.getPath(), false); // a failed attempt's file, left by an executor that died
            }
        }
        if (!fs.exists(to)) {
            rename(fs, target.staging(), to);
        } else if (overwrite) {
            rename(fs, to, target.replaced());
            if (!fs.rename(target.staging(), to)) {
                rename(fs, target.replaced(), to);
                throw new IOException("ispd: cannot rename " + target.staging() + " to " + to + "; " + to
                        + " keeps its previous data");
            }
            fs.delete(target.replaced(), true);
        } else {
            for (Path part : parts) {
                rename(fs, part, new Path(to, part.getName()));
            }
            fs.delete(target.staging(), true);
        }
        LOG.info("ispd: wrote {} part file(s) of layout {} to {}", parts.size(), target.layout().name(), to);
    }

    void abort() {
        try {
            target.fileSystem().delete(target.staging(), true);
        } catch (IOException e) {
            LOG.warn("ispd: could not delete {} of an aborted write (hidden from reads by its name): {}",
                    target.staging(), e.getMessage());
        }
    }

    private static void rename(FileSystem fs, Path from, Path to) throws IOException {
        if (!fs.rename(from, to)) {
            throw new IOException("ispd: cannot rename " + from + " to " + to);
        }
    }
}
