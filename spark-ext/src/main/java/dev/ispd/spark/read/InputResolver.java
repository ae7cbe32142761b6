package dev.ispd.spark.read;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.DataFiles;
import dev.ispd.hadoop.fs.LayoutAttribute.Recorded;
import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.hadoop.parquet.ParquetFooters;
import dev.ispd.offload.settings.SettingSource;
import dev.ispd.plan.parquet.ParquetTable;
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
 * one the files record: {@link LayoutResolver}; for Parquet files, their schema's: {@link ParquetFiles}), the path (on osd://, existing, whole records),
 * the Hadoop configuration (the session's, with every option that is not one of
 * {@link IspdOptions} on top, as Spark's file sources do) and the offload settings
 * ({@link SparkSettings}). Every problem is an AnalysisException naming the option, key or path.
 */
public final class InputResolver {
    /** The values of option {@code format}. */
    public static final String PARQUET = "parquet";
    public static final String RECORDS = "records";

    private InputResolver() {
    }

    /**
     * @param options     the read's options, keys as the user wrote them (connector options match
     *                    case-insensitively; the others go to Hadoop as written)
     * @param sessionConf the session's Hadoop configuration; not modified
     * @param session     the session's Spark configuration, for the {@code spark.ispd.*} offload settings
     */
    public static ScanInput resolve(Map<String, String> options, Configuration sessionConf, SettingSource session) {
        String path = IspdOptions.find(options, IspdOptions.PATH);
        if (IspdOptions.find(options, IspdOptions.PATHS) != null) {
            throw analysis("one path per read, got " + IspdOptions.find(options, IspdOptions.PATHS)
                    + ": load a directory to read its files");
        }
        Path p = osdPath(path);
        Configuration conf = IspdOptions.hadoopConf(options, sessionConf);
        FileSystem fs = fileSystem(p, conf);
        List<FileStatus> files = files(p, fs);
        ParquetFiles parquet = null;
        RecordLayout layout;
        ParquetFooters.Ends ends = format(options, fs, files);
        if (ends == ParquetFooters.Ends.PARQUET) {
            parquet = ParquetFiles.read(p.getName(), fs, files, stringWidth(options));
            layout = RecordLayout.ofParquet(parquet.table().layout());
        } else {
            Optional<Recorded> recorded = LayoutResolver.recorded(fs, files.stream().map(FileStatus::getPath).toList());
            if (ends == ParquetFooters.Ends.CUT_SHORT && recorded.isEmpty()) {
                throw analysis(files.get(0).getPath() + " " + ParquetFooters.Ends.CUT_SHORT_TEXT + " (option "
                        + IspdOptions.FORMAT.name() + " " + RECORDS + " reads it as records)");
            }
            layout = LayoutResolver.resolve(options, recorded, conf);
            checkWholeRecords(files, layout);
        }
        return new ScanInput(path, layout, files, new HadoopConf(conf), settings(options, sessionConf, session), parquet);
    }

    /**
     * The offload settings of a read with {@code options}: resolved at load, and again for each
     * scan of its input, so a session's {@code spark.ispd.*} set after the load still applies.
     */
    public static SparkSettings settings(Map<String, String> options, Configuration sessionConf, SettingSource session) {
        try {
            return SparkSettings.resolve(options, session, sessionConf::get);
        } catch (IllegalArgumentException e) {
            throw analysis(e.getMessage(), e);
        }
    }

    /**
     * Whether the read is of Parquet files: option {@code format} ({@link ParquetFooters.Ends#PARQUET}
     * or {@link ParquetFooters.Ends#OTHER}), else what the first file's ends say (a file cut short
     * among them). A layout option with Parquet is an error: the files' schema is the layout.
     */
    private static ParquetFooters.Ends format(Map<String, String> options, FileSystem fs, List<FileStatus> files) {
        String format = IspdOptions.find(options, IspdOptions.FORMAT.name());
        ParquetFooters.Ends ends;
        if (format == null || format.isBlank()) {
            try {
                ends = files.isEmpty() ? ParquetFooters.Ends.OTHER : ParquetFooters.ends(fs, files.get(0));
            } catch (IOException e) {
                throw analysis("cannot read " + files.get(0).getPath() + ": " + e.getMessage(), e);
            }
        } else if (format.trim().equalsIgnoreCase(PARQUET) || format.trim().equalsIgnoreCase(RECORDS)) {
            ends = format.trim().equalsIgnoreCase(PARQUET) ? ParquetFooters.Ends.PARQUET : ParquetFooters.Ends.OTHER;
        } else {
            throw analysis("option " + IspdOptions.FORMAT.name() + " is " + PARQUET + " or " + RECORDS + ", got '"
                    + format + "'");
        }
        if (ends == ParquetFooters.Ends.PARQUET) {
            for (var k : List.of(IspdOptions.LAYOUT, IspdOptions.LAYOUT_FILE, IspdOptions.ENTRY_SIZE)) {
                if (IspdOptions.find(options, k.name()) != null) {
                    throw analysis("option " + k.name() + " does not apply to Parquet files: their schema is the layout");
                }
            }
        }
        return ends;
    }

    /** Option {@code stringWidth}: the bytes of a Parquet string column's field (its default, {@link ParquetTable#STRING_WIDTH}). */
    private static int stringWidth(Map<String, String> options) {
        String width = IspdOptions.find(options, IspdOptions.STRING_WIDTH.name());
        if (width == null) {
            return ParquetTable.STRING_WIDTH;
        }
        try {
            return Integer.parseInt(width.trim());
        } catch (NumberFormatException e) {
            throw analysis("option " + IspdOptions.STRING_WIDTH.name() + " is a number of bytes, got '" + width + "'");
        }
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
