package dev.ispd.spark.write;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.PlanException;
import dev.ispd.plan.layout.StoredLayout;
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
        RecordLayout layout = LayoutResolver.resolve(options, recorded, conf);
        RecordEncoder encoder = new RecordEncoder(layout, info.schema());
        int block = recordsPerBlock(options, recorded, layout, fs.getDefaultBlockSize(target));
        WriteTarget where = new WriteTarget(path, info.queryId(), layout, block, new HadoopConf(conf));
        boolean replace = overwrite;
        return new Write() {
            @Override
            public String description() {
                return "IspdWrite " + layout.name() + " entrySize " + layout.entrySize()
                        + (block == 0 ? "" : " block " + block) + (replace ? " overwrite " : " append ") + path;
            }

            @Override
            public BatchWrite toBatch() {
                return new RecordBatchWrite(where, encoder, replace);
            }
        };
    }

    /**
     * The records a block holds (0: rows): option {@code block}, else as the files appended to are
     * stored or the layout option says ({@code , blocked R}; {@link LayoutResolver#resolve}); an
     * append that would mix rows and blocks, or blocks of two sizes, in one table is refused, as
     * are a {@code block} and a layout that say two sizes, and a block that is not a positive
     * number of records or that does not fit a chunk of {@code chunkSize} bytes (its blocked
     * layout's own refusals too), each naming the option.
     */
    private static int recordsPerBlock(Map<String, String> options, Optional<LayoutAttribute.Recorded> recorded,
                                       RecordLayout layout, long chunkSize) {
        String given = IspdOptions.find(options, IspdOptions.BLOCK.name());
        int stated = layout.recordsPerBlock();
        if (given == null) {
            return recorded.isPresent() || stated == 0 ? stated
                    : fitting(stated, "option " + LayoutResolver.layoutOption(options), layout, chunkSize);
        }
        int block;
        try {
            block = Integer.parseInt(given.trim());
        } catch (NumberFormatException e) {
            throw analysis("option " + IspdOptions.BLOCK.name() + " must be a positive number of records, got '" + given
                    + "'", e);
        }
        if (block < 1) {
            throw analysis("option " + IspdOptions.BLOCK.name() + " must be a positive number of records, got " + block);
        }
        if (recorded.isPresent() && stated != block) {
            throw analysis(recorded.get().file() + " stores its records " + StoredLayout.storage(stated)
                    + ", but option " + IspdOptions.BLOCK.name() + " is " + block + ": an append stores its records as "
                    + "the table's are; overwrite (mode \"overwrite\") or write another directory");
        }
        if (stated != 0 && stated != block) {
            throw analysis("option " + IspdOptions.BLOCK.name() + " is " + block + ", but option "
                    + LayoutResolver.layoutOption(options) + " says " + StoredLayout.storage(stated) + ": give one");
        }
        return fitting(block, "option " + IspdOptions.BLOCK.name(), layout, chunkSize);
    }

    /** {@code block}, which {@code option} gave, once it is known to fit a chunk and the layout's blocks. */
    private static int fitting(int block, String option, RecordLayout layout, long chunkSize) {
        long bytes = (long) block * layout.entrySize();
        if (bytes > chunkSize) {
            throw analysis(option + " " + block + ": a block of " + block + " records of "
                    + layout.entrySize() + " B is " + bytes + " bytes, more than a chunk (" + chunkSize + " bytes, "
                    + "ispd.fs.chunk.size); at most " + chunkSize / layout.entrySize() + " records to a block");
        }
        try {
            new BlockLayout(layout.planLayout(), block);
        } catch (PlanException e) {
            throw analysis(option + ": " + e.getMessage(), e);
        }
        return block;
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
