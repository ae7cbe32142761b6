package dev.ispd.hadoop.worldcup;

import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.Q2Factory;
import org.apache.hadoop.conf.Configuration;

/**
 * WorldCup98 Q2, accesses per file type per region: tasklet {@code q2}, entry size from
 * the input's layout ({@link WorldCupDeviceMapper}). The tasklet returns its whole (region, type) table; the
 * top N per region is a step after the reduce (Q2Result.topPerRegion), since per-split top Ns do
 * not merge.
 */
public class Q2DeviceMapper extends WorldCupDeviceMapper {
    @Override
    public String tasklet() {
        return Q2Factory.NAME;
    }

    @Override
    public Params params(Configuration conf) {
        return Params.of(WorldCupParams.ENTRY_SIZE, WorldCupParams.entrySize(conf));
    }
}
