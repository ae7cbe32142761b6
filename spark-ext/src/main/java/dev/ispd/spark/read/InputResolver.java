package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.DataFiles;
import dev.ispd.hadoop.fs.LayoutAttribute.Recorded;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.settings.SettingSource;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.spark.layout.LayoutResolver;
import dev.ispd.spark.layout.RecordLayout;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Turns the options of a read into a checked {@link ScanInput}: the layout (the options' or the
 * one the files record: {@link LayoutResolver}), the path (on osd://, existing, whole records),
 * the Hadoop configuration (the session's, with every option that is not one of
 * {@link IspdOptions} on top, as Spark's file sources do) and the offload settings
 * ({@link SparkSettings}). Every problem is an AnalysisException naming the option, key or path.
 */
public final class InputResolver {
    private InputResolver() {
    }

    /**
     * @param options     the read's options, keys as the user wrote them (connector options match
     *                    case-insensitively; the others go to Hadoop as written)
     * @param sessionConf the session's Hadoop configuration; not modified
     * @param session     the session's Spark configuration, for the {@code spark.ispd.*} offload settings
     */
    public static ScanInput resolve(Map<String, String> options, Configuration sessionConf, SettingSource session) {
        return resolve(options, sessionConf, session, list(options, sessionConf));
    }

    /** As {@link #resolve(Map, Configuration, SettingSource)}, with the path's files and layout as {@code listed}. */
    public static ScanInput resolve(Map<String, String> options, Configuration sessionConf, SettingSource session,
                                    Listing listed) {
        String path = IspdOptions.find(options, IspdOptions.PATH);
        Configuration conf = IspdOptions.hadoopConf(options, sessionConf);
        List<FileStatus> files = listed.files();
        RecordLayout layout = LayoutResolver.resolve(options, listed.recorded(), conf);
        checkWholeRecords(files, layout);
        SparkSettings settings;
        try {
            settings = SparkSettings.resolve(options, session, sessionConf::get);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage(), e);
        }
        return new ScanInput(path, layout, files, new HadoopConf(conf), settings);
    }

    /**
     * What the path of a read holds: its files (the path itself, or the visible files directly in
     * the directory it names) and the layout they record, if any. A table lists them once, when
     * first scanned, as Spark's file sources list theirs: the drive calls are not repeated per query.
     */
    public record Listing(List<FileStatus> files, Optional<Recorded> recorded) {
        public Listing {
            files = List.copyOf(files);
        }
    }

    /** The files and recorded layout of the read's path, over the drives of the read's configuration. */
    public static Listing list(Map<String, String> options, Configuration sessionConf) {
        if (IspdOptions.find(options, IspdOptions.PATHS) != null) {
            throw analysis("one path per read, got " + IspdOptions.find(options, IspdOptions.PATHS)
                    + ": load a directory to read its files");
        }
        Path p = osdPath(IspdOptions.find(options, IspdOptions.PATH));
        FileSystem fs = fileSystem(p, IspdOptions.hadoopConf(options, sessionConf));
        List<FileStatus> files = files(p, fs);
        return new Listing(files, LayoutResolver.recorded(fs, files.stream().map(FileStatus::getPath).toList()));
    }

    /** {@code path} (the option Spark sets from load or save), checked to be on osd://. */
    public static Path osdPath(String path) {
        if (path == null || path.isBlank()) {
            throw analysis("no path: name the data with load(\"osd:///path\") or save(\"osd:///path\")");
        }
        Path p = new Path(path);
        if (!OsdFileSystem.SCHEME.equals(p.toUri().getScheme())) {
            throw analysis("path " + path + " is not on osd:// (the drives' file system); write it as osd:///"
                    + p.toUri().getPath().replaceFirst("^/", ""));
        }
        return p;
    }

    /**
     * The file system of {@code path} over the drives {@code conf} names (the session's, or the
     * read's own {@code ispd.fs.drives}: {@link OsdFileSystems}); an AnalysisException naming the
     * path and the drives if it cannot be reached.
     */
    public static FileSystem fileSystem(Path path, Configuration conf) {
        try {
            return OsdFileSystems.get(path, conf);
        } catch (IOException e) {
            throw analysis("cannot reach " + path + " on the drives " + IspdKeys.FS_DRIVES.name() + " names ("
                    + conf.getTrimmed(IspdKeys.FS_DRIVES.name(), "") + "): " + e.getMessage(), e);
        }
    }

    /** The file at {@code path}, or the visible files directly in the directory it names, in name order. */
    public static List<FileStatus> files(Path path, FileSystem fs) {
        try {
            return DataFiles.of(fs, path);
        } catch (FileNotFoundException e) {
            throw analysis("path " + path + " does not exist", e);
        } catch (IOException e) {
            throw analysis("cannot list " + path + ": " + e.getMessage(), e);
        }
    }

    private static void checkWholeRecords(List<FileStatus> files, RecordLayout layout) {
        for (FileStatus f : files) {
            if (f.getLen() % layout.entrySize() != 0) {
                throw analysis(f.getPath() + " is " + f.getLen() + " bytes, not a whole number of "
                        + layout.entrySize() + "-byte " + layout.name() + " records (option "
                        + IspdOptions.ENTRY_SIZE.name() + ")");
            }
        }
    }
}
