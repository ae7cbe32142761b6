package dev.ispd.spark.tpch.bench;

import dev.ispd.spark.tpch.TpchQueries;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * One source's tables as Spark reads them: each read once, when a query first needs it, and
 * reused after, as a user keeps a DataFrame; a query's views are exactly the tables it reads.
 */
final class SourceTables {
    private final Function<String, Dataset<Row>> read;
    private final Map<String, Dataset<Row>> tables = new HashMap<>();

    SourceTables(Function<String, Dataset<Row>> read) {
        this.read = read;
    }

    /** Makes the views of the tables query {@code n} reads this source's, and drops the others. */
    void register(SparkSession spark, int n) {
        TpchQueries.TABLES.forEach(t -> spark.catalog().dropTempView(t));
        for (String t : TpchQueries.tables(n)) {
            tables.computeIfAbsent(t, read).createOrReplaceTempView(t);
        }
    }
}
