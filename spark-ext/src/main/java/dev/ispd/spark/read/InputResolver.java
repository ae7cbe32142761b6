package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.offload.settings.SettingSource;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.spark.layout.Layouts;
import dev.ispd.spark.layout.RecordLayout;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Turns the options of a read into a checked {@link ScanInput}: the layout and entry size, the
 * path (on osd://, existing, whole records), the Hadoop configuration (the session's, with every
 * option that is not one of {@link IspdOptions} on top, as Spark's file sources do) and the offload
 * settings ({@link SparkSettings}). Every problem is an AnalysisException naming the option, key or path.
 */
public final class InputResolver {
    /** The option Spark sets from {@code load(path)}. */
    public static final String PATH = "path";
    /** The option Spark sets from {@code load(path, path, ...)}. */
    private static final String PATHS = "paths";

    private InputResolver() {
    }

    /**
     * @param options     the read's options, keys as the user wrote them (connector options match
     *                    case-insensitively; the others go to Hadoop as written)
     * @param sessionConf the session's Hadoop configuration; not modified
     * @param session     the session's Spark configuration, for the {@code spark.ispd.*} offload settings
     */
    public static ScanInput resolve(Map<String, String> options, Configuration sessionConf, SettingSource session) {
        RecordLayout layout = layout(options);
        String path = IspdOptions.find(options, PATH);
        if (IspdOptions.find(options, PATHS) != null) {
            throw analysis("one path per read, got " + IspdOptions.find(options, PATHS) + ": load a directory to read its files");
        }
        if (path == null || path.isBlank()) {
            throw analysis("no path: load the data with load(\"osd:///path\")");
        }
        Path p = new Path(path);
        if (!OsdFileSystem.SCHEME.equals(p.toUri().getScheme())) {
            throw analysis("path " + path + " is not on osd:// (the drives' file system); write it as osd:///"
                    + p.toUri().getPath().replaceFirst("^/", ""));
        }
        Configuration conf = new Configuration(sessionConf);
        options.forEach((k, v) -> {
            if (!isConnectorOption(k)) {
                conf.set(k, v);
            }
        });
        SparkSettings settings;
        try {
            settings = SparkSettings.resolve(options, session, sessionConf::get);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage(), e);
        }
        return new ScanInput(path, layout, files(p, layout, conf), new HadoopConf(conf), settings);
    }

    /** The layout the options name ({@code layout}, {@code entrySize}); an AnalysisException naming a bad one. */
    public static RecordLayout layout(Map<String, String> options) {
        String name = IspdOptions.find(options, IspdOptions.LAYOUT.name());
        if (name == null || name.isBlank()) {
            throw analysis("option " + IspdOptions.LAYOUT.name() + " is required: one of " + Layouts.NAMES);
        }
        String size = IspdOptions.find(options, IspdOptions.ENTRY_SIZE.name());
        int entrySize;
        try {
            entrySize = Integer.parseInt(size == null ? IspdOptions.ENTRY_SIZE.defaultValue() : size.trim());
        } catch (NumberFormatException e) {
            throw analysis("option " + IspdOptions.ENTRY_SIZE.name() + " must be a whole number of bytes, got '"
                    + size + "'");
        }
        try {
            return Layouts.resolve(name, entrySize);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage());
        }
    }

    /** The file at {@code path}, or the visible files directly in the directory it names, in name order. */
    private static List<FileStatus> files(Path path, RecordLayout layout, Configuration conf) {
        List<FileStatus> files = new ArrayList<>();
        try {
            FileSystem fs = path.getFileSystem(conf);
            for (FileStatus s : fs.listStatus(path)) {
                String name = s.getPath().getName();
                if (s.isFile() && !name.startsWith("_") && !name.startsWith(".")) {
                    files.add(s);
                }
            }
        } catch (FileNotFoundException e) {
            throw analysis("path " + path + " does not exist", e);
        } catch (IOException e) {
            throw analysis("cannot list " + path + ": " + e.getMessage(), e);
        }
        files.sort(Comparator.comparing(s -> s.getPath().toString()));
        for (FileStatus f : files) {
            if (f.getLen() % layout.entrySize() != 0) {
                throw analysis(f.getPath() + " is " + f.getLen() + " bytes, not a whole number of "
                        + layout.entrySize() + "-byte " + layout.name() + " records (option "
                        + IspdOptions.ENTRY_SIZE.name() + ")");
            }
        }
        return files;
    }

    private static boolean isConnectorOption(String key) {
        return key.equalsIgnoreCase(PATH) || key.equalsIgnoreCase(PATHS) || IspdOptions.ALL.stream().anyMatch(k -> k.name().equalsIgnoreCase(key));
    }
}
