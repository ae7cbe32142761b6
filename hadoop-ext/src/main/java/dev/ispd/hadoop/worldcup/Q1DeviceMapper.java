package dev.ispd.hadoop.worldcup;

import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.Q1Factory;
import org.apache.hadoop.conf.Configuration;

/** WorldCup98 Q1, accesses per region: tasklet {@code q1}, entry size from the input's layout
 * ({@link WorldCupDeviceMapper}). */
public class Q1DeviceMapper extends WorldCupDeviceMapper {
    @Override
    public String tasklet() {
        return Q1Factory.NAME;
    }

    @Override
    public Params params(Configuration conf) {
        return Params.of(WorldCupParams.ENTRY_SIZE, WorldCupParams.entrySize(conf));
    }
}
