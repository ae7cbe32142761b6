package dev.ispd.hadoop.plan;

import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * The sort order of a top-N plan's rows: by its order field (a selected column, at its word), in its
 * direction and in the field's order (signed, unsigned, unsigned 64-bit), then by the whole row,
 * so the reducer sees the best rows first and equal rows together.
 */
public class PlanRowComparator extends WritableComparator implements Configurable {
    private Configuration conf;
    private Field field;
    private int column;
    private boolean descending;

    public PlanRowComparator() {
        super(PlanRow.class, true);
    }

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        Plan plan = PlanDeviceMapper.jobPlan(conf);
        Plan.OrderBy order = plan.orderBy();
        field = plan.layout().field(order.field(), "orderBy");
        column = plan.selectWord(plan.select().indexOf(Expr.field(order.field())));
        descending = order.descending();
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public int compare(WritableComparable a, WritableComparable b) {
        long[] x = ((PlanRow) a).values();
        long[] y = ((PlanRow) b).values();
        int c = field.compare(x[column], y[column]);
        if (c != 0) {
            return descending ? -c : c;
        }
        return Arrays.compare(x, y);
    }
}
