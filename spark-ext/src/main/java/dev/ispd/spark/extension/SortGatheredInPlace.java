package dev.ispd.spark.extension;

import dev.ispd.spark.read.IspdScan;
import java.util.List;
import org.apache.spark.sql.catalyst.plans.logical.Filter;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.catalyst.plans.logical.Project;
import org.apache.spark.sql.catalyst.plans.logical.Sort;
import org.apache.spark.sql.execution.CoalesceExec;
import org.apache.spark.sql.execution.SortExec;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.SparkStrategy;
import org.apache.spark.sql.execution.datasources.v2.DataSourceV2ScanRelation;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Plans a global ORDER BY over a gathered scan (docs/spark.md, "Aggregates") as a sort of its one
 * partition instead of a range exchange. For a global sort Spark range-partitions the input, and
 * the range partitioner first runs a job that samples it: over a gathered scan, with no shuffle
 * below, that job ran the whole scan, in the drives, a second time for a sample of its few rows.
 * Spark 4.2's scan node reports an unknown partitioning even for one input partition, so the scan
 * cannot say it needs no exchange; this strategy puts a coalesce to one partition between the
 * sort and its input (through projections and filters), whose one partition satisfies the sort.
 * Over one partition the coalesce is a narrow step of the same task; over more it would still be
 * correct, one task sorting them all.
 */
final class SortGatheredInPlace extends SparkStrategy {
    @Override
    public Seq<SparkPlan> apply(LogicalPlan plan) {
        if (plan instanceof Sort s && s.global() && readsGatheredScan(s.child())) {
            SparkPlan input = new CoalesceExec(1, planLater(s.child()));
            return CollectionConverters.asScala(List.<SparkPlan>of(new SortExec(s.order(), true, input,
                    SortExec.apply$default$4()))).toList();
        }
        return CollectionConverters.asScala(List.<SparkPlan>of()).toList();
    }

    /** Whether {@code p} is a gathered ispd scan, under projections and filters only (which keep its partitions). */
    private static boolean readsGatheredScan(LogicalPlan p) {
        while (p instanceof Project || p instanceof Filter) {
            p = p.children().head();
        }
        return p instanceof DataSourceV2ScanRelation r && r.scan() instanceof IspdScan scan && scan.gathered();
    }
}
