package dev.ispd.spark.read;

import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.schedule.Placement;
import dev.ispd.plan.parquet.ParquetPlanTasklet;
import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.IspdOptions;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.read.execution.ScanCorrections;
import dev.ispd.spark.read.execution.SplitObservations;
import dev.ispd.spark.read.partition.PartitionPlanner;
import dev.ispd.spark.read.partition.GatheredPartition;
import dev.ispd.spark.read.partition.PlannedPartition;
import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.spark.SparkArithmeticException;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Ships to the executors (with what was pushed, the read's settings and its broadcast Hadoop
 * configuration) and opens a reader per
 * {@link PlannedPartition}, columnar by default: a partition of records placed on the host that
 * returns every matching record streams them ({@link RecordBatchReader}); every other partition runs the
 * scan's plan where it was placed (its groups: {@link PlanResultReader}; its rows:
 * {@link PlanRowsReader}), and a {@link GatheredPartition}
 * runs all its splits' plans at once and merges them ({@link GatheredRun}).
 */
final class IspdReaderFactory implements PartitionReaderFactory {
    @Serial
    private static final long serialVersionUID = 1L;

    private final PushedScan pushed;
    private final Broadcast<HadoopConf> conf;
    /** The read's settings as text (an OffloadSettings holds a parsed host profile, which does not ship). */
    private final SparkSettings settings;
    private final String scope;
    /** Where the partitions that run the plan return what they cost, or null: they record nothing. */
    private final SplitObservations observations;

    IspdReaderFactory(PushedScan pushed, Broadcast<HadoopConf> conf, SparkSettings settings, String scope,
                      SplitObservations observations) {
        this.pushed = pushed;
        this.conf = conf;
        this.settings = settings;
        this.scope = scope;
        this.observations = observations;
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        return open(partition);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        return new RecordRowReader(open(partition));
    }

    /**
     * The partition's reader, which raises an ANSI error of a pushed expression as Spark does
     * ({@link AnsiErrors}), and a Parquet string longer than the read's string width naming the
     * option that sets it.
     */
    private PartitionReader<ColumnarBatch> open(InputPartition partition) {
        try {
            return AnsiErrors.raisedAsSpark(reader(partition));
        } catch (RuntimeException e) {
            SparkArithmeticException spark = AnsiErrors.of(e);
            String wider = ParquetPlanTasklet.namingWidthOption(e.getMessage(),
                    "option " + IspdOptions.STRING_WIDTH.name());
            throw spark != null ? spark : wider != null ? new IllegalArgumentException(wider, e) : e;
        }
    }

    private PartitionReader<ColumnarBatch> reader(InputPartition partition) {
        Configuration c = conf.value().get();
        try {
            if (partition instanceof GatheredPartition gathered) {
                GatheredRun.Merged merged = GatheredRun.run(gathered.splits(), pushed, settings.offload(), c, scope,
                        observations);
                return new PlanResultReader(pushed, merged.rows(), merged.counts());
            }
            PlannedSplit split = ((PlannedPartition) partition).split();
            // blocked records are read by the plan's own run, which un-blocks only the columns it reads
            if (pushed.allRows() && split.decision().placement() == Placement.HOST && split.parquet() == null
                    && split.blocked() == null) {
                return new RecordBatchReader(split, pushed.layout(), pushed.columns(), pushed.where(), c,
                        wallNs -> recordHostRead(split, c, wallNs));
            }
            SplitPlanRun.Result run = new SplitPlanRun(split, pushed, settings.offload(), c, scope).run(observations);
            return pushed.aggregation() != null ? new PlanResultReader(pushed, run.rows(pushed.plan().rowWords()), run.counts())
                    : new PlanRowsReader(pushed, run, split.file());
        } catch (IOException e) {
            // Spark's first line for a failed query quotes this message: it says what failed (the drive, the file)
            throw new UncheckedIOException("ispd: " + e.getMessage() + " (reading " + partition + ")", e);
        }
    }

    /** A host partition read as records returns its wall clock for the measured basis, as a plan's run returns its cost. */
    private void recordHostRead(PlannedSplit split, Configuration c, long wallNs) {
        if (observations != null) {
            ScanCorrections.recordHostRead(observations, settings.offload(), c, scope, PartitionPlanner.tasklet(pushed),
                    split, wallNs);
        }
    }
}
