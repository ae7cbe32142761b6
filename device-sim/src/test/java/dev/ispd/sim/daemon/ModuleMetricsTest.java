package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.sim.metrics.Scrape;
import dev.ispd.tasklet.wasm.WasmLimits;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A drive's module metrics after real LOAD_MODULE and EXECUTE traffic: loads, traps and limit hits. */
class ModuleMetricsTest {

    @Test
    void loadsTrapsAndLimitHitsAreCounted() throws Exception {
        ModulePolicy small = ModulePolicy.DEFAULT.withLimits(WasmLimits.DEFAULT.withInstructions(5_000_000));
        try (EmbeddedDrives drives = EmbeddedDrives.builder().modules(small)
                .options(o -> o.metrics(Scrape.loopback(null))).start();
             TestClient c = TestClient.connect(drives.address(0))) {
            long object = ModuleLoadingTest.data(c, new byte[20 * 4096]);
            List<Extent> all = List.of(new Extent(object, 0, 20 * 4096));
            for (String name : List.of("traps", "loop")) {
                assertEquals(Status.OK, ModuleLoadingTest.load(c, name, ModuleLoadingTest.wasm("tests/" + name + ".wasm"),
                        1 << 20).status());
            }
            long trap = ModuleLoadingTest.createModule(c, "traps@1", Params.of("trap", "divide"))
                    .<Responses.CreateTasklet>body().taskletId();
            long loop = ModuleLoadingTest.createModule(c, "loop@1", Params.EMPTY)
                    .<Responses.CreateTasklet>body().taskletId();
            assertEquals(Status.TASKLET_FAILED.code(), c.await(c.execute(trap, 0, Params.EMPTY, all)).errorStatus());
            assertEquals(Status.LIMIT_EXCEEDED.code(), c.await(c.execute(loop, 0, Params.EMPTY, all)).errorStatus());

            Scrape s = Scrape.of(drives.drive(0).metricsPort());
            assertEquals(2, s.value("ispd_drive_module_loads_total"));
            assertEquals(1, s.value("ispd_drive_module_traps_total"));
            assertEquals(1, s.value("ispd_drive_tasklet_limit_hits_total{limit=\"instructions\"}"));
            assertEquals(2, s.value("ispd_drive_executions_finished_total{outcome=\"failed\"}"));
            assertEquals(1, s.value("ispd_drive_execution_failures_total{status=\"tasklet_failed\"}"));
            assertEquals(1, s.value("ispd_drive_execution_failures_total{status=\"limit_exceeded\"}"));
            assertEquals(0, s.value("ispd_drive_execution_seconds_count{clock=\"modeled\"}"), "failed: no modeled time");
        }
    }
}
