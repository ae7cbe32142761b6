package dev.ispd.spark;

import static dev.ispd.spark.ConnectorErrors.analysis;

import dev.ispd.offload.settings.SettingSource;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.pushdown.SumOverflow;
import dev.ispd.spark.read.InputResolver;
import dev.ispd.spark.read.IspdScanBuilder;
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
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The data at one osd:// path, as Spark sees it for {@code load} and {@code save}. A read scans
 * the input {@code load} resolved (layout, files: {@link InputResolver}), or, given a schema of
 * its own, resolves it when first scanned and checks the schema is the layout's; a write takes any columns
 * ({@code ACCEPT_ANY_SCHEMA}: the connector checks them against the layout itself, naming the
 * column) and appends or, with {@code TRUNCATE}, replaces the data.
 */
public final class IspdPathTable implements SupportsRead, SupportsWrite {
    private final Map<String, String> options;
    private final Configuration sessionConf;
    private final SettingSource session;
    private final StructType schema;
    /** What a read scans: resolved by {@code load}, or when first scanned (null until then). */
    private ScanInput input;

    /**
     * @param schema the layout's for a read (inferred), the user's or the data's for a write
     * @param input  the input {@code load} resolved for {@code schema}, or null: resolved when first scanned
     */
    IspdPathTable(Map<String, String> options, Configuration sessionConf, SettingSource session, StructType schema,
                  ScanInput input) {
        this.options = Map.copyOf(options);
        this.sessionConf = sessionConf;
        this.session = session;
        this.schema = schema;
        this.input = input;
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

    /** A scan of the input, with the offload settings as the session has them now. */
    @Override
    public ScanBuilder newScanBuilder(CaseInsensitiveStringMap scanOptions) {
        return new IspdScanBuilder(input().withSettings(InputResolver.settings(options, sessionConf, session)),
                SumOverflow.of(scanOptions, SQLConf.get().ansiEnabled()));
    }

    /** The input a read scans; one given a schema of its own is resolved once, its schema checked. */
    private synchronized ScanInput input() {
        if (input == null) {
            ScanInput resolved = InputResolver.resolve(options, sessionConf, session);
            if (!resolved.layout().schema().equals(schema)) {
                throw analysis("the schema of " + name() + " is its layout's, " + resolved.layout().schema().simpleString()
                        + ": read it without .schema(...)");
            }
            input = resolved;
        }
        return input;
    }

    @Override
    public WriteBuilder newWriteBuilder(LogicalWriteInfo info) {
        return new IspdWriteBuilder(options, sessionConf, info);
    }
}
