package dev.ispd.hadoop.plan;

import dev.ispd.plan.ColumnValues;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;

/**
 * The sort order of a top-N plan's rows: by its sort keys, each a selected field column without
 * NULLs (at its word), in its direction and in the field's order (signed, unsigned, unsigned
 * 64-bit), then by the whole row, so the reducer sees the best rows first and equal rows together.
 */
public class PlanRowComparator extends WritableComparator implements Configurable {
    private Configuration conf;
    private Field[] fields;
    private int[] columns;
    private boolean[] descending;

    public PlanRowComparator() {
        super(PlanRow.class, true);
    }

    @Override
    public void setConf(Configuration conf) {
        this.conf = conf;
        Plan plan = PlanDeviceMapper.jobPlan(conf);
        int k = plan.orderBy().size();
        fields = new Field[k];
        columns = new int[k];
        descending = new boolean[k];
        for (int i = 0; i < k; i++) {
            Plan.SortKey key = plan.orderBy().get(i);
            fields[i] = plan.layout().field(((Expr.Ref) key.key()).name(), "orderBy");
            columns[i] = plan.selectWord(plan.select().indexOf(key.key()));
            descending[i] = key.descending();
        }
    }

    /** Whether rows merge by {@code key} here: a field column of {@code plan} that holds no NULL. */
    static boolean merges(Plan.SortKey key, Plan plan) {
        return ColumnValues.fieldColumn(key.key(), plan.layout())
                && !plan.layout().field(((Expr.Ref) key.key()).name(), "orderBy").nullable();
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
        for (int i = 0; i < fields.length; i++) {
            int c = fields[i].compare(x[columns[i]], y[columns[i]]);
            if (c != 0) {
                return descending[i] ? -c : c;
            }
        }
        return Arrays.compare(x, y);
    }
}
