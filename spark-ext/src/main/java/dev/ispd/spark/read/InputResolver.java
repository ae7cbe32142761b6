package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.LayoutAttribute;
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
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Turns the options of a read into a checked {@link ScanInput}: the layout and entry size (the
 * ones the files record, {@link LayoutAttribute}, which options must agree with; the options' for
 * files that record none), the path (on osd://, existing, whole records), the Hadoop
 * configuration (the session's, with every option that is not one of {@link IspdOptions} on top,
 * as Spark's file sources do) and the offload settings ({@link SparkSettings}). Every problem is
 * an AnalysisException naming the option, key or path.
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
        FileSystem fs = fileSystem(p, conf);
        List<FileStatus> files = files(fs, p);
        RecordLayout layout = layout(options, recorded(fs, files), path);
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
     * The layout both options name ({@code layout}, {@code entrySize}), as for files that record
     * none; an AnalysisException naming a missing or bad one.
     */
    public static RecordLayout layout(Map<String, String> options) {
        return layout(options, Optional.empty(), "the input");
    }

    /**
     * The layout {@code recorded} on the files of {@code path} (its attribute's text), which the
     * options must agree with, or without one the layout the options name.
     */
    private static RecordLayout layout(Map<String, String> options, Optional<String> recorded, String path) {
        String name = IspdOptions.find(options, IspdOptions.LAYOUT.name());
        String size = IspdOptions.find(options, IspdOptions.ENTRY_SIZE.name());
        Integer entrySize = size == null ? null : entrySize(size);
        if (recorded.isPresent()) {
            String text = recorded.get();
            RecordLayout fromFile = known(LayoutAttribute.layoutName(text), recordSize(text, path));
            if (name != null && !name.equalsIgnoreCase(fromFile.name())
                    || entrySize != null && entrySize != fromFile.entrySize()) {
                String given = name != null && !name.equalsIgnoreCase(fromFile.name())
                        ? IspdOptions.LAYOUT.name() + " " + name : IspdOptions.ENTRY_SIZE.name() + " " + entrySize;
                throw analysis(path + " holds " + text + " (its layout " + LayoutAttribute.NAME + "), but option "
                        + given + " was given");
            }
            return fromFile;
        }
        String none = path + " records no layout (" + LayoutAttribute.NAME + ")";
        if (name == null || name.isBlank()) {
            throw analysis("option " + IspdOptions.LAYOUT.name() + " is required: " + none + "; one of "
                    + Layouts.NAMES);
        }
        if (entrySize == null) {
            throw analysis("option " + IspdOptions.ENTRY_SIZE.name() + " is required: " + none);
        }
        return known(name, entrySize);
    }

    private static int entrySize(String size) {
        try {
            return Integer.parseInt(size.trim());
        } catch (NumberFormatException e) {
            throw analysis("option " + IspdOptions.ENTRY_SIZE.name() + " must be a whole number of bytes, got '"
                    + size + "'");
        }
    }

    private static int recordSize(String text, String path) {
        try {
            return LayoutAttribute.recordSize(text);
        } catch (IllegalArgumentException e) {
            throw analysis(path + " has a " + e.getMessage(), e);
        }
    }

    private static RecordLayout known(String name, int entrySize) {
        try {
            return Layouts.resolve(name, entrySize);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage());
        }
    }

    /** The one layout text {@code files} record, empty if none records one; files that disagree are an error naming two. */
    private static Optional<String> recorded(FileSystem fs, List<FileStatus> files) {
        Optional<String> found = Optional.empty();
        Path foundOn = null;
        for (FileStatus f : files) {
            Optional<String> text;
            try {
                text = LayoutAttribute.read(fs, f.getPath());
            } catch (IOException e) {
                throw analysis("cannot read the layout of " + f.getPath() + ": " + e.getMessage(), e);
            }
            if (text.isPresent() && found.isPresent() && !text.equals(found)) {
                throw analysis(foundOn + " holds " + found.get() + " but " + f.getPath() + " holds " + text.get()
                        + " (their layouts " + LayoutAttribute.NAME + "): a read takes one layout");
            }
            if (text.isPresent()) {
                found = text;
                foundOn = f.getPath();
            }
        }
        return found;
    }

    private static FileSystem fileSystem(Path path, Configuration conf) {
        try {
            return path.getFileSystem(conf);
        } catch (IOException e) {
            throw analysis("cannot reach " + path + ": " + e.getMessage(), e);
        }
    }

    /** The file at {@code path}, or the visible files directly in the directory it names, in name order. */
    private static List<FileStatus> files(FileSystem fs, Path path) {
        List<FileStatus> files = new ArrayList<>();
        try {
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
        return files;
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

    private static boolean isConnectorOption(String key) {
        return key.equalsIgnoreCase(PATH) || key.equalsIgnoreCase(PATHS) || IspdOptions.ALL.stream().anyMatch(k -> k.name().equalsIgnoreCase(key));
    }
}
