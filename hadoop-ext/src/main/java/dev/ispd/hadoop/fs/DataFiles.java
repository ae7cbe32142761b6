package dev.ispd.hadoop.fs;

import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The data files of a path as jobs read them: the file itself, or the files directly in the
 * directory it names, leaving out names that start with {@code _} or {@code .} (Hadoop's hidden
 * files: {@code _SUCCESS}, {@code _temporary}, staging directories), in name order.
 */
public final class DataFiles {
    private DataFiles() {
    }

    /** The data files at {@code path}; FileNotFoundException if it does not exist. */
    public static List<FileStatus> of(FileSystem fs, Path path) throws IOException {
        return Arrays.stream(fs.listStatus(path, DataFiles::isVisible)).filter(FileStatus::isFile)
                .sorted(Comparator.comparing(s -> s.getPath().toString())).toList();
    }

    /** Whether {@code path}'s name is not one of Hadoop's hidden names. */
    public static boolean isVisible(Path path) {
        String name = path.getName();
        return !name.startsWith("_") && !name.startsWith(".");
    }
}
