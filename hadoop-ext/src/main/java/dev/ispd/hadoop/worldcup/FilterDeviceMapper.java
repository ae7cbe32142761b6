package dev.ispd.hadoop.worldcup;

import dev.ispd.plan.Comparison;
import dev.ispd.plan.PlanException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.FilterFactory;
import org.apache.hadoop.conf.Configuration;

/**
 * The Smart SSD's filter: pages holding a WorldCup98 record that matches
 * {@link WorldCupKeys#FILTER_PREDICATE} ({@code field op value}, e.g. {@code type eq 0}, parsed by
 * the shared {@link Comparison}); entry size from the input's layout ({@link WorldCupDeviceMapper}).
 */
public class FilterDeviceMapper extends WorldCupDeviceMapper {
    @Override
    public String tasklet() {
        return FilterFactory.NAME;
    }

    @Override
    public Params params(Configuration conf) {
        String predicate = conf.getTrimmed(WorldCupKeys.FILTER_PREDICATE.name(), WorldCupKeys.FILTER_PREDICATE.defaultValue());
        try {
            return FilterFactory.params(WorldCupParams.entrySize(conf), Comparison.parse(predicate));
        } catch (PlanException e) {
            throw new IllegalArgumentException(WorldCupKeys.FILTER_PREDICATE.name() + ": " + e.getMessage(), e);
        }
    }
}
