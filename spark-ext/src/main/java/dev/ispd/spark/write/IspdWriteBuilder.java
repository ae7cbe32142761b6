package dev.ispd.spark.write;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.layout.LayoutResolver;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.read.InputResolver;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.connector.write.BatchWrite;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.SupportsTruncate;
import org.apache.spark.sql.connector.write.Write;
import org.apache.spark.sql.connector.write.WriteBuilder;

/**
 * {@code df.write.format("ispd").mode("overwrite"|"append").save("osd:///dir")}: checks the
 * write on the driver (the path on osd://, the layout, the columns against it) and builds the
 * batch write. The layout is the options' ({@code layout}, {@code layoutFile}, {@code entrySize}),
 * else the one the target's files record; an append must write the layout the target records.
 */
public final class IspdWriteBuilder implements WriteBuilder, SupportsTruncate {
    private final Map<String, String> options;
    private final Configuration sessionConf;
    private final LogicalWriteInfo info;
    private boolean overwrite;

    public IspdWriteBuilder(Map<String, String> options, Configuration sessionConf, LogicalWriteInfo info) {
        this.options = options;
        this.sessionConf = sessionConf;
        this.info = info;
    }

    @Override
    public WriteBuilder truncate() {
        overwrite = true;
        return this;
    }

    @Override
    public Write build() {
        String path = IspdOptions.find(options, IspdOptions.PATH);
        Path target = InputResolver.osdPath(path);
        Configuration conf = IspdOptions.hadoopConf(options, sessionConf);
        FileSystem fs = InputResolver.fileSystem(target, conf);
        Optional<LayoutAttribute.Recorded> recorded = overwrite ? Optional.empty() : recorded(fs, target);
        if (recorded.isPresent() && recorded.get().recordsPerBlock() > 0) {
            throw analysis(recorded.get().file() + " stores its records " + LayoutAttribute.storage(
                    recorded.get().recordsPerBlock()) + ", and this writer writes records in rows: an append would mix "
                    + "the two in one table; overwrite (mode \"overwrite\") or write another directory");
        }
        RecordLayout layout = LayoutResolver.resolve(options, recorded, conf);
        RecordEncoder encoder = new RecordEncoder(layout, info.schema());
        WriteTarget where = new WriteTarget(path, info.queryId(), layout, new HadoopConf(conf));
        boolean replace = overwrite;
        return new Write() {
            @Override
            public String description() {
                return "IspdWrite " + layout.name() + " entrySize " + layout.entrySize() + (replace ? " overwrite " : " append ")
                        + path;
            }

            @Override
            public BatchWrite toBatch() {
                return new RecordBatchWrite(where, encoder, replace);
            }
        };
    }

    /** The layout the files of an existing target record; an append into a file is refused. */
    private static Optional<LayoutAttribute.Recorded> recorded(FileSystem fs, Path target) {
        try {
            if (!fs.exists(target)) {
                return Optional.empty();
            }
            if (fs.getFileStatus(target).isFile()) {
                throw analysis("path " + target + " is a file; an append adds files to a directory: "
                        + "write to a directory, or overwrite (mode \"overwrite\")");
            }
        } catch (IOException e) {
            throw analysis("cannot reach " + target + ": " + e.getMessage(), e);
        }
        return LayoutResolver.recorded(fs, InputResolver.files(target, fs).stream().map(FileStatus::getPath).toList());
    }
}
