package dev.ispd.spark.example;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * A Spark application over the connector, for {@code spark-submit}: Q1 (accesses per region) as
 * Spark SQL over WorldCup98 records on osd://, printed as {@code region<TAB>count} lines.
 *
 * <pre>{@code
 * spark-submit --class dev.ispd.spark.example.RegionCounts --jars DEPENDENCY_JARS \
 *     --conf spark.hadoop.ispd.fs.drives=host1=tcp:10.0.0.1:7070,... ispd-spark-ext.jar osd:///worldcup/day6.bin
 * }</pre>
 * The file's recorded layout gives the schema.
 */
public final class RegionCounts {
    private RegionCounts() {
    }

    public static void main(String[] args) {
        if (args.length != 1) {
            System.err.println("usage: RegionCounts osd:///PATH (WorldCup98 records that record their layout)");
            System.exit(2);
        }
        SparkSession spark = SparkSession.builder().appName("ispd region counts").getOrCreate();
        try {
            spark.read().format("ispd").load(args[0]).createOrReplaceTempView("wc");
            for (Row r : spark.sql("SELECT region, COUNT(*) FROM wc GROUP BY region ORDER BY region").collectAsList()) {
                System.out.println(r.getInt(0) + "\t" + r.getLong(1));
            }
        } finally {
            spark.stop();
        }
    }
}
