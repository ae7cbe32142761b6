package dev.ispd.spark;

import dev.ispd.spark.read.IspdScan;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import scala.runtime.BoxedUnit;

/**
 * Where a query's ispd scans would run their partitions, without running it (docs/spark.md,
 * "Explain a placement"): the Spark side of {@code DeviceJob.explain()} and {@code bin/ispd explain}.
 */
public final class IspdExplain {
    private IspdExplain() {
    }

    /**
     * For each ispd scan of {@code query}'s physical plan, in plan order, a line naming it
     * ({@link IspdScan#description()}) and its placement table ({@link IspdScan#placementTable()}):
     * per split its drive and placement, both sides' predicted cost, their basis and the reason.
     * Plans the scans' partitions (asking the drives for their capabilities and load); runs nothing.
     *
     * @throws IllegalArgumentException the query reads no ispd table
     */
    public static String placement(Dataset<?> query) {
        List<IspdScan> scans = new ArrayList<>();
        query.queryExecution().sparkPlan().foreach(node -> {
            if (node instanceof BatchScanExec b && b.scan() instanceof IspdScan s) {
                scans.add(s);
            }
            return BoxedUnit.UNIT;
        });
        if (scans.isEmpty()) {
            throw new IllegalArgumentException("the query reads no ispd table: nothing to place");
        }
        StringBuilder out = new StringBuilder();
        for (IspdScan s : scans) {
            out.append(s.description()).append(System.lineSeparator()).append(s.placementTable());
        }
        return out.toString();
    }
}
