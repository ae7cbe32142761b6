package dev.ispd.sim.daemon;

import dev.ispd.tasklet.wasm.WasmLimits;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A drive's resource limits as DEVICE_INFO capabilities ({@code limit.<name>}), so that
 * {@code drive-cli info} and any client can read them (docs/drive.md "Limits").
 */
final class DriveLimits {
    /** The prefix of every limit's capability key. */
    static final String PREFIX = "limit.";

    private DriveLimits() {
    }

    static Map<String, String> advertised(DriveOptions o) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(PREFIX + "max_connections", Integer.toString(o.server().maxConnections()));
        m.put(PREFIX + "idle_timeout_ms", Long.toString(o.server().idleTimeout().toMillis()));
        m.put(PREFIX + "header_timeout_ms", Long.toString(o.server().headerTimeout().toMillis()));
        m.put(PREFIX + "admission_wait_ms", Long.toString(o.server().admissionWait().toMillis()));
        m.put(PREFIX + "min_payload_rate", Long.toString(o.server().minPayloadRate()));
        m.put(PREFIX + "hello_timeout_ms", Long.toString(o.server().helloTimeout().toMillis()));
        m.put(PREFIX + "max_unauthenticated", Integer.toString(o.server().maxUnauthenticated()));
        m.put(PREFIX + "receive_memory", Long.toString(o.server().receiveMemory()));
        m.put(PREFIX + "max_inflight", Integer.toString(o.maxInflight()));
        m.put(PREFIX + "max_executions_per_connection", Integer.toString(o.maxExecutionsPerConnection()));
        m.put(PREFIX + "max_extents_per_execute", Integer.toString(o.maxExtentsPerExecute()));
        m.put(PREFIX + "max_open_files", Integer.toString(o.maxOpenFiles()));
        WasmLimits modules = o.modules().limits();
        m.put(PREFIX + "modules", o.modules().enabled() ? "on" : "off");
        m.put(PREFIX + "module_fuel", Long.toString(modules.instructions()));
        m.put(PREFIX + "module_memory", Long.toString(modules.memoryBytes()));
        m.put(PREFIX + "module_result", Integer.toString(modules.resultBytes()));
        m.put(PREFIX + "module_wall_time_ms", Long.toString(modules.wallTime().toMillis()));
        return m;
    }
}
