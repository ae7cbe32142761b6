package dev.ispd.it;

import dev.ispd.hadoop.mapreduce.ModuleDeviceMapper;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.builtin.Q1Factory;
import org.apache.hadoop.conf.Configuration;

/** WorldCup98 Q1 as the C-to-wasm module {@code wasm/examples/q1.wasm}, shipped in the job's resources. */
public class Q1WasmMapper extends ModuleDeviceMapper {
    @Override
    public String moduleResource() {
        return "/wasm/q1.wasm";
    }

    @Override
    public String moduleName() {
        return "q1c";
    }

    @Override
    public int moduleVersion() {
        return 1;
    }

    @Override
    public Params params(Configuration conf) {
        return Params.of(Q1Factory.ENTRY_SIZE, conf.getTrimmed(WorldCupKeys.ENTRY_SIZE.name(),
                WorldCupKeys.ENTRY_SIZE.defaultValue()));
    }
}
