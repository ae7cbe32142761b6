package dev.ispd.spark;

import dev.ispd.offload.schedule.Policy;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One table as the views the Spark tests compare: a {@code format("ispd")} view per offload policy
 * ({@link #POLICIES}) and a Parquet view of the same rows. A query names its table {@code t};
 * {@link #rows} runs it over one of the views, with the rows sorted as text.
 */
public final class PolicyViews {
    public static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");
    /** Every offload policy ({@link Policy}): the Parquet tests', whose claim is the same answer under each. */
    public static final List<String> EVERY_POLICY = Arrays.stream(Policy.values()).map(Policy::key).toList();
    /** The name {@link #rows} takes for the Parquet view. */
    public static final String PARQUET = "parquet";

    private final SparkSession spark;
    private final String name;

    private PolicyViews(SparkSession spark, String name) {
        this.spark = spark;
        this.name = name;
    }

    /**
     * Views {@code name_<policy>} of the records at {@code uri}, read with {@code options}, and
     * {@code name_parquet} of {@code rows} written as Parquet under {@code parquet}.
     */
    public static PolicyViews of(SparkSession spark, String name, String uri, Map<String, String> options,
                                 Dataset<Row> rows, Path parquet) {
        PolicyViews views = new PolicyViews(spark, name);
        for (String policy : POLICIES) {
            spark.read().format("ispd").options(options).option("ispd.offload.policy", policy).load(uri)
                    .createOrReplaceTempView(views.view(policy));
        }
        String dir = parquet.resolve(name).toUri().toString();
        rows.write().parquet(dir);
        spark.read().parquet(dir).createOrReplaceTempView(views.view(PARQUET));
        return views;
    }

    /** {@link #of} for {@code n} rows of {@link TypedRows}, their records written to the drives at {@code /name/records.bin}. */
    public static PolicyViews typedRows(SparkDrives drives, String name, int n, Path parquet) throws IOException {
        List<Row> rows = TypedRows.rows(n, 20);
        String uri = drives.write("/" + name + "/records.bin", TypedRows.records(rows, 21));
        SparkSession spark = drives.spark();
        return of(spark, name, uri, Map.of("layout", TypedRows.LAYOUT, "entrySize", Integer.toString(TypedRows.ENTRY)),
                spark.createDataFrame(rows, TypedRows.SCHEMA), parquet);
    }

    /** {@link #of} for {@code rows} of {@link WideDecimalRows}, their records written to the drives at {@code /name/decimals.bin}. */
    public static PolicyViews wideDecimals(SparkDrives drives, String name, List<Row> rows, Path parquet)
            throws IOException {
        String uri = drives.write("/" + name + "/decimals.bin", WideDecimalRows.records(rows));
        SparkSession spark = drives.spark();
        return of(spark, name, uri, Map.of("layout", WideDecimalRows.LAYOUT, "entrySize",
                Integer.toString(WideDecimalRows.ENTRY)), spark.createDataFrame(rows, WideDecimalRows.SCHEMA), parquet);
    }

    /**
     * {@link #of} for {@code rows} written with {@code format("ispd")} in records of {@code layout}
     * ({@code entrySize} bytes) to the drives at {@code /name/records}.
     */
    public static PolicyViews written(SparkDrives drives, String name, Dataset<Row> rows, String layout, int entrySize,
                                      Path parquet) {
        String uri = drives.uri("/" + name + "/records");
        rows.write().format("ispd").option("layout", layout).option("entrySize", entrySize).mode("overwrite").save(uri);
        return of(drives.spark(), name, uri, Map.of(), rows, parquet);
    }

    /** The view of {@code policy}, or of the Parquet rows for {@link #PARQUET}. */
    public String view(String policy) {
        return name + "_" + policy.replace('-', '_');
    }

    /** {@code query} over the view of {@code policy} (or {@link #PARQUET}): its table {@code t} is the view. */
    public Dataset<Row> sql(String query, String policy) {
        return spark.sql(query.replaceAll("FROM t\\b", "FROM " + view(policy)));
    }

    /** The rows of {@link #sql}, as {@link #sorted}. */
    public List<String> rows(String query, String policy) {
        return sorted(sql(query, policy));
    }

    /** Each row as text ({@code Row.toString}: a float's and a decimal's digits, NaN, -0.0, NULL), sorted. */
    public static List<String> sorted(Dataset<Row> df) {
        return df.collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
