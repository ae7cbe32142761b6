package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.tasklet.wasm.TaskletModule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Loaded modules are kept in the drive's folder: after the daemon is killed (SIGKILL) and started
 * again they are loaded as before, with their hashes, and an instance created before runs; an
 * unloaded one stays gone; {@code --modules off} keeps them without loading them.
 */
class ModuleRestartTest {
    private static final int ENTRY = 20;

    @TempDir
    Path dir;
    @AutoClose
    private final DaemonRuns daemons = new DaemonRuns();

    private static List<Responses.ModuleEntry> modules(TestClient c) throws IOException {
        return c.call(new Requests.ListModules()).<Responses.ListModules>body().modules();
    }

    private static Responses.ModuleEntry entry(String name, byte[] wasm) {
        return new Responses.ModuleEntry(name, 1, wasm.length, HexFormat.of().parseHex(TaskletModule.digestOf(wasm)));
    }

    private static byte[] run(TestClient c, long tasklet, long object, int length) throws IOException {
        long exec = c.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, length)));
        assertEquals(ExecutionState.DONE, c.await(exec).state());
        return c.result(exec);
    }

    private List<String> moduleFiles() throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve("drives").resolve("drive0").resolve("modules"))) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void modulesSurviveARestartAndUnloadRemovesThem() throws Exception {
        byte[] q1 = ModuleLoadingTest.wasm("examples/q1.wasm");
        byte[] count = ModuleLoadingTest.wasm("examples/count.wasm");
        byte[] records = new byte[ENTRY * 20_000];
        new Random(5).nextBytes(records);
        long object;
        long instance;
        byte[] expected;
        DaemonProcess d = daemons.start(dir);
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertEquals(Status.OK, ModuleLoadingTest.load(c, "q1c", q1, 1000).status());
            assertEquals(Status.OK, ModuleLoadingTest.load(c, "count", count, 1 << 20).status());
            object = ModuleLoadingTest.data(c, records);
            instance = ModuleLoadingTest.createModule(c, "q1c@1", Params.of("entrySize", "20"))
                    .<Responses.CreateTasklet>body().taskletId();
            expected = run(c, c.createTasklet("q1", Params.of("entrySize", "20")), object, records.length);
        }
        d.kill();

        d = daemons.start(dir);
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertEquals(List.of(entry("count", count), entry("q1c", q1)), modules(c));
            assertArrayEquals(expected, run(c, instance, object, records.length), "an instance from before the restart");
            c.call(new Requests.UnloadModule("count", 1)).body();
            assertEquals(List.of(entry("q1c", q1)), modules(c));
        }
        assertEquals(List.of("q1c@1-" + TaskletModule.digestOf(q1) + ".wasm"), moduleFiles());
        assertEquals(143, d.terminate(), "stopped by SIGTERM");

        d = daemons.start(dir, "--modules", "off");
        try (TestClient c = TestClient.connect(d.address(0))) {
            assertEquals(Status.MODULES_DISABLED, c.call(new Requests.ListModules()).status());
        }
        assertEquals(143, d.terminate(), "stopped by SIGTERM");
        assertEquals(List.of("q1c@1-" + TaskletModule.digestOf(q1) + ".wasm"), moduleFiles(), "kept while off");
    }
}
