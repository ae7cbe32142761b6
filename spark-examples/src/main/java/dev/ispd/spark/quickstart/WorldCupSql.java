package dev.ispd.spark.quickstart;

import dev.ispd.worldcup.WorldCup98;
import java.util.function.Function;
import org.apache.spark.sql.Row;

/**
 * The paper's WorldCup98 questions (docs/queries.md) as Spark SQL over a view {@code wc} of the
 * records, with how to print a row of the answer.
 *
 * @param title what the query asks
 * @param sql the statement, over the view {@code wc}
 * @param line one answer row as a line of the report
 */
public record WorldCupSql(String title, String sql, Function<Row, String> line) {
    /** The view the statements read. */
    public static final String VIEW = "wc";

    /** Q1: accesses per region. */
    public static WorldCupSql q1() {
        return new WorldCupSql("Q1: accesses per region",
                "SELECT region, count(*) AS accesses FROM wc GROUP BY region ORDER BY region",
                r -> String.format("  %-12s %,12d", WorldCup98.regionName(r.getInt(0)), r.getLong(1)));
    }

    /**
     * Q2: accesses per file type per region and the top {@code n} types of each region, ties by
     * type byte ascending (as the MapReduce Q2's answer ranks them). The drives count the
     * (region, type) groups; Spark merges them and ranks.
     */
    public static WorldCupSql q2(int n) {
        return new WorldCupSql("Q2: top " + n + " file types per region",
                "SELECT region, type, accesses FROM (SELECT region, type, count(*) AS accesses, "
                        + "row_number() OVER (PARTITION BY region ORDER BY count(*) DESC, type) AS rank "
                        + "FROM wc GROUP BY region, type) WHERE rank <= " + n + " ORDER BY region, rank",
                r -> String.format("  %-12s %-8s %,12d", WorldCup98.regionName(r.getInt(0)),
                        WorldCup98.typeName(r.getInt(1)), r.getLong(2)));
    }
}
