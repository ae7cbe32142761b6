package dev.ispd.examples.queries;

import dev.ispd.hadoop.worldcup.FilterDeviceMapper;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.FilterFactory;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The built-in filter DeviceMapper with the predicate's mode (firstMatch or full) passed on to
 * the tasklet; the built-in takes only {@code field op value} and leaves the tasklet's default.
 */
public class ModedFilterDeviceMapper extends FilterDeviceMapper {
    @Override
    public Params params(Configuration conf) {
        Map<String, String> params = new HashMap<>(super.params(conf).asMap());
        params.put(FilterFactory.MODE, QueryConf.predicate(conf).mode().word());
        return new Params(params);
    }
}
