package dev.ispd.spark;

import dev.ispd.spark.read.InputResolver;
import dev.ispd.spark.read.IspdTable;
import dev.ispd.spark.read.ScanInput;
import java.util.Map;
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
 * of the layout. Registered under its short name in META-INF/services.
 */
public final class IspdDataSource implements TableProvider, DataSourceRegister {
    public static final String SHORT_NAME = "ispd";

    @Override
    public String shortName() {
        return SHORT_NAME;
    }

    /** The schema of the input's layout, the one its files record or the options name. */
    @Override
    public StructType inferSchema(CaseInsensitiveStringMap options) {
        return resolve(options.asCaseSensitiveMap()).layout().schema();
    }

    @Override
    public Table getTable(StructType schema, Transform[] partitioning, Map<String, String> properties) {
        return new IspdTable(resolve(properties));
    }

    private static ScanInput resolve(Map<String, String> options) {
        SparkSession session = SparkSession.active();
        return InputResolver.resolve(options, session.sessionState().newHadoopConf(), key -> session.conf().get(key, null));
    }
}
