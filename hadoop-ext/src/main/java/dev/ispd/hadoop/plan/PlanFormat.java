package dev.ispd.hadoop.plan;

import dev.ispd.hadoop.mapreduce.DeviceMapperFormat;
import dev.ispd.hadoop.mapreduce.KeyValueSink;
import dev.ispd.hadoop.mapreduce.Results;
import dev.ispd.offload.execute.ResultOrigin;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanResult;
import java.io.IOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * A plan's result ({@link PlanResult}) as map output: for an aggregate plan, each group as
 * (its GROUP BY values, its partial aggregates), which {@link PlanAggregateReducer} merges; for a
 * row plan, each row as (the row, an empty row). The job's plan ({@link PlanDeviceMapper#jobPlan})
 * says how many leading words are the group key ({@link Plan#keyWords}: a string or computed
 * group column takes several, {@link dev.ispd.plan.ColumnValues}).
 */
public class PlanFormat implements DeviceMapperFormat<PlanRow, PlanRow>, Configurable {
    private static final PlanRow NO_VALUES = new PlanRow();

    private Configuration conf;
    private int keyColumns;
    private boolean aggregating;

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        Plan plan = PlanDeviceMapper.jobPlan(conf);
        aggregating = plan.aggregating();
        keyColumns = plan.keyWords();
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public Class<PlanRow> keyClass() {
        return PlanRow.class;
    }

    @Override
    public Class<PlanRow> valueClass() {
        return PlanRow.class;
    }

    @Override
    public void convert(byte[] result, ResultOrigin origin, KeyValueSink<PlanRow, PlanRow> out) throws IOException {
        PlanResult decoded = Results.decode(() -> PlanResult.decode(result), origin);
        for (long[] row : decoded.rows()) {
            if (aggregating) {
                out.add(new PlanRow(Arrays.copyOf(row, keyColumns)), new PlanRow(Arrays.copyOfRange(row, keyColumns,
                        row.length)));
            } else {
                out.add(new PlanRow(row), NO_VALUES);
            }
        }
    }
}
