package dev.ispd.spark;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.offload.settings.SettingSource;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.read.InputResolver;
import dev.ispd.spark.read.IspdTable;
import dev.ispd.spark.read.ScanInput;
import dev.ispd.spark.write.IspdWriteBuilder;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.connector.catalog.SupportsRead;
import org.apache.spark.sql.connector.catalog.SupportsWrite;
import org.apache.spark.sql.connector.catalog.TableCapability;
import org.apache.spark.sql.connector.read.ScanBuilder;
import org.apache.spark.sql.connector.write.LogicalWriteInfo;
import org.apache.spark.sql.connector.write.WriteBuilder;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The data at one osd:// path, as Spark sees it for {@code load} and {@code save}. A read lists
 * the path's files and their layout when first scanned and keeps them, as Spark's file sources
 * keep their listing (load the path again to see files written since), resolves its input per
 * scan with the session's settings of the moment, and scans it as {@link IspdTable}; a write
 * takes any columns ({@code ACCEPT_ANY_SCHEMA}: the connector checks them against the layout
 * itself, naming the column) and appends or, with {@code TRUNCATE}, replaces the data.
 */
public final class IspdPathTable implements SupportsRead, SupportsWrite {
    private final Map<String, String> options;
    private final Configuration sessionConf;
    private final SettingSource session;
    private final StructType schema;
    /** What a read scans, listed once: null until first scanned. */
    private InputResolver.Listing listing;

    /** @param schema the layout's for a read (inferred), the data's for a write */
    IspdPathTable(Map<String, String> options, Configuration sessionConf, SettingSource session, StructType schema) {
        this.options = Map.copyOf(options);
        this.sessionConf = sessionConf;
        this.session = session;
        this.schema = schema;
    }

    @Override
    public String name() {
        return IspdOptions.find(options, IspdOptions.PATH);
    }

    @Override
    public StructType schema() {
        return schema;
    }

    @Override
    public Set<TableCapability> capabilities() {
        return Set.of(TableCapability.BATCH_READ, TableCapability.BATCH_WRITE, TableCapability.TRUNCATE,
                TableCapability.ACCEPT_ANY_SCHEMA);
    }

    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        ScanInput input = InputResolver.resolve(options, sessionConf, session, listing());
        if (!input.layout().schema().equals(schema)) {
            throw analysis("the schema of " + name() + " is its layout's, " + input.layout().schema().simpleString()
                    + ": read it without .schema(...)");
        }
        return new IspdTable(input).newScanBuilder(scanOptions);
    }

    /** The path's files and layout, listed when the table is first scanned and kept, as file sources keep theirs. */
    private synchronized InputResolver.Listing listing() {
        if (listing == null) {
            listing = InputResolver.list(options, sessionConf);
        }
        return listing;
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new IspdWriteBuilder(options, sessionConf, info);
    }
}
