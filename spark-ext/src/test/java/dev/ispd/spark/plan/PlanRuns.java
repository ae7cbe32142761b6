package dev.ispd.spark.plan;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/** What the plan-level tests against Spark SQL share: a plan run over records in two splits, and rows as comparable text. */
final class PlanRuns {
    private PlanRuns() {
    }

    /** The plan's result rows over {@code records} of {@code entry} bytes, run as two splits (an aggregate plan's partials unmerged). */
    static List<long[]> inTwoSplits(Plan plan, byte[] records, int entry) throws IOException {
        int half = records.length / entry / 2 * entry;
        List<long[]> rows = new ArrayList<>();
        for (byte[] part : List.of(Arrays.copyOfRange(records, 0, half), Arrays.copyOfRange(records, half,
                records.length))) {
            HostRunner.Result r = new HostRunner(entry * 64, 1).run(new PlanTasklet(plan, PlanLimits.DRIVE),
                    List.of(new Extent(1, 0, part.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(part))));
            rows.addAll(PlanResult.decode(r.bytes()).rows());
        }
        return rows;
    }

    /** Spark SQL's rows of {@code sql}, each as {@link #text}. */
    static List<String> sparkRows(SparkSession spark, String sql) {
        List<String> rows = new ArrayList<>();
        for (Row r : spark.sql(sql).collectAsList()) {
            List<Object> cells = new ArrayList<>();
            for (int i = 0; i < r.size(); i++) {
                cells.add(r.get(i));
            }
            rows.add(text(cells));
        }
        return rows;
    }

    /** One row as text: numbers by value (an int and a long alike), decimals at their scale, NULL as NULL. */
    static String text(List<Object> cells) {
        List<String> out = new ArrayList<>();
        for (Object c : cells) {
            out.add(c == null ? "NULL" : c instanceof BigDecimal d ? d.toPlainString()
                    : c instanceof Integer i ? Long.toString(i) : c.toString());
        }
        return String.join("|", out);
    }

    static List<String> sorted(List<String> rows) {
        return rows.stream().sorted().toList();
    }
}
