package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.mapreduce.ModuleDeviceMapper;
import dev.ispd.protocol.Params;
import org.apache.hadoop.conf.Configuration;

/**
 * WorldCup98 Q1 as the C-to-wasm module {@code wasm/examples/q1.wasm}, shipped in the job's
 * resources (the build copies the example modules into the test resources' {@code wasm/}).
 */
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
        return Params.of(WorldCupParams.ENTRY_SIZE, WorldCupParams.entrySize(conf));
    }
}
