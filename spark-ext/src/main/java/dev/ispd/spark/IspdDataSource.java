package dev.ispd.spark;

import dev.ispd.offload.settings.SettingSource;
import dev.ispd.spark.read.InputResolver;
import dev.ispd.spark.read.ScanInput;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.catalog.Table;
import org.apache.spark.sql.connector.catalog.TableProvider;
import org.apache.spark.sql.connector.expressions.Transform;
import org.apache.spark.sql.sources.DataSourceRegister;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The {@code ispd} data source: {@code spark.read.format("ispd").option("layout", "worldcup98")
 * .load("osd:///path")} reads fixed-width records from the drives' file system, with the schema
 * of the layout; {@code df.write.format("ispd")...save("osd:///dir")} writes them. Registered
 * under its short name in META-INF/services.
 */
public final class IspdDataSource implements TableProvider, DataSourceRegister {
    public static final String SHORT_NAME = "ispd";

    /** The input {@link #inferSchema} resolved, and the options it was resolved from (null: none yet). */
    private ScanInput inferred;
    private Map<String, String> inferredOptions;

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    /**
     * Only a read asks: the layout's schema, its input resolved and checked within {@code load}
     * and kept for {@link #getTable}, which Spark calls next on this instance with the same
     * options, so a read lists its files and reads their layouts once.
     */
    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        inferredOptions = options.asCaseSensitiveMap();
        inferred = InputResolver.resolve(inferredOptions, sessionConf(), sessionSettings());
        return inferred.layout().schema();
    }

    /** A write passes its data's schema to {@link #getTable} instead of having one inferred from a path that may not exist. */
    @Override
    public boolean supportsExternalMetadata() {
        return true;
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        ScanInput input = inferred != null && properties.equals(inferredOptions) ? inferred : null;
        return new IspdPathTable(properties, sessionConf(), sessionSettings(), schema, input);
    }

    private static Configuration sessionConf() {
        return SparkSession.active().sessionState().newHadoopConf();
    }

    /** The active session's Spark configuration, where {@code spark.ispd.*} offload settings live. */
    private static SettingSource sessionSettings() {
        SparkSession session = SparkSession.active();
        return key -> session.conf().get(key, null);
    }
}
