package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.TestClient;
import dev.ispd.tasklet.wasm.TaskletModule;
import dev.ispd.tasklet.wasm.WasmLimits;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * User tasklet modules over the real protocol: loaded in chunks by content hash, listed,
 * instantiated by {@code name@version} like a built-in, unloaded; refused at load naming what is
 * wrong; each of the drive's limits and each trap ends only its own execution while the drive
 * serves a built-in beside it; {@code --modules off}.
 */
@Tag("heavy")
class ModuleLoadingTest {
    private static final int ENTRY = 20;
    private static final WasmLimits SMALL = WasmLimits.DEFAULT.withInstructions(5_000_000).withMemoryBytes(2L << 20)
            .withResultBytes(100_000).withWallTime(Duration.ofSeconds(20));

    private EmbeddedDrives drives;
    private TestClient client;

    @AfterEach
    void close() throws IOException {
        client.close();
        drives.close();
    }

    private TestClient start(ModulePolicy policy) throws IOException {
        drives = EmbeddedDrives.builder().modules(policy).start();
        client = TestClient.connect(drives.address(0));
        return client;
    }

    static byte[] wasm(String relative) throws IOException {
        Path root = Path.of("").toAbsolutePath();
        if (!Files.isDirectory(root.resolve("wasm"))) {
            root = root.getParent();
        }
        return Files.readAllBytes(root.resolve("wasm").resolve(relative));
    }

    private static Requests.LoadModule chunk(String name, byte[] module, byte[] sha, int from, int to) {
        return new Requests.LoadModule(name, 1, module.length, sha, from, ByteBuffer.wrap(module, from, to - from));
    }

    /** Loads {@code module} as {@code name@1} in chunks of {@code chunk} bytes; the last reply. */
    static TestClient.Reply load(TestClient c, String name, byte[] module, int chunk) throws IOException {
        byte[] sha = HexFormat.of().parseHex(TaskletModule.digestOf(module));
        TestClient.Reply r = null;
        for (int off = 0; off < module.length; off += chunk) {
            r = c.call(chunk(name, module, sha, off, Math.min(module.length, off + chunk)));
            if (r.status() != Status.OK) {
                return r;
            }
        }
        return r;
    }

    static TestClient.Reply createModule(TestClient c, String taskletName, Params params) throws IOException {
        return c.call(new Requests.CreateTasklet(TaskletForm.MODULE, taskletName, params, ByteBuffer.allocate(0)));
    }

    static long data(TestClient c, byte[] bytes) throws IOException {
        long id = c.create(0);
        c.write(id, 0, bytes);
        return id;
    }

    private static Responses.Poll run(TestClient c, long tasklet, long object, int length) throws IOException {
        return c.await(c.execute(tasklet, 0, Params.EMPTY, List.of(new Extent(object, 0, length))));
    }

    @Test
    void aModuleLoadedInChunksRunsAsTheBuiltInQ1AndUnloads() throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT);
        byte[] q1 = wasm("examples/q1.wasm");
        Responses.LoadModule done = load(c, "q1c", q1, 1000).body();
        assertEquals(new Responses.LoadModule(q1.length, true), done);
        Responses.ListModules list = c.call(new Requests.ListModules()).body();
        assertEquals(List.of(new Responses.ModuleEntry("q1c", 1, q1.length,
                HexFormat.of().parseHex(TaskletModule.digestOf(q1)))), list.modules());

        byte[] records = new byte[ENTRY * 50_000];
        new Random(12).nextBytes(records);
        long object = data(c, records);
        long module = createModule(c, "q1c@1", Params.of("entrySize", "20")).<Responses.CreateTasklet>body().taskletId();
        long builtin = c.createTasklet("q1", Params.of("entrySize", "20"));
        long moduleExec = c.execute(module, 0, Params.EMPTY, List.of(new Extent(object, 0, records.length)));
        long builtinExec = c.execute(builtin, 0, Params.EMPTY, List.of(new Extent(object, 0, records.length)));
        assertEquals(ExecutionState.DONE, c.await(moduleExec).state());
        assertEquals(ExecutionState.DONE, c.await(builtinExec).state());
        assertArrayEquals(c.result(builtinExec), c.result(moduleExec));

        // by content: the first chunk of the same module finds it loaded
        TestClient.Reply again = c.call(chunk("q1c", q1, HexFormat.of().parseHex(TaskletModule.digestOf(q1)), 0, 100));
        assertEquals(new Responses.LoadModule(q1.length, true), again.<Responses.LoadModule>body());
        byte[] other = Arrays.copyOf(q1, q1.length);
        other[other.length - 1] ^= 1;
        TestClient.Reply clash = load(c, "q1c", other, 1 << 20);
        assertEquals(Status.OBJECT_EXISTS, clash.status());
        assertTrue(clash.message().startsWith("module q1c@1 is already loaded with sha256 "), clash.message());

        c.call(new Requests.UnloadModule("q1c", 1)).body();
        assertEquals(List.of(), c.call(new Requests.ListModules()).<Responses.ListModules>body().modules());
        TestClient.Reply gone = c.call(new Requests.Execute(module, 0, Params.EMPTY,
                List.of(new Extent(object, 0, records.length))));
        assertEquals(Status.NO_SUCH_TASKLET, gone.status());
        assertEquals("no module q1c@1 is loaded on this drive (loaded: none)", gone.message());
        assertEquals(Status.NO_SUCH_TASKLET, c.call(new Requests.UnloadModule("q1c", 1)).status());
    }

    @Test
    void chunksMustFollowEachOtherAndMatchTheirHash() throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT);
        byte[] q1 = wasm("examples/q1.wasm");
        byte[] sha = HexFormat.of().parseHex(TaskletModule.digestOf(q1));
        TestClient.Reply orphan = c.call(chunk("q1c", q1, sha, 100, 200));
        assertEquals(Status.OUT_OF_RANGE, orphan.status());
        assertEquals("module q1c@1: no upload in progress to continue at offset 100; an upload begins at offset 0",
                orphan.message());
        assertEquals(new Responses.LoadModule(100, false), c.call(chunk("q1c", q1, sha, 0, 100)).body());
        TestClient.Reply gap = c.call(chunk("q1c", q1, sha, 150, 200));
        assertEquals(Status.OUT_OF_RANGE, gap.status());
        assertEquals("module q1c@1: chunk at offset 150, but the drive holds 100 bytes of the upload; the next chunk "
                + "goes at offset 100", gap.message());

        byte[] wrongSha = new byte[32];
        TestClient.Reply first = c.call(chunk("q1c", q1, wrongSha, 0, q1.length));
        assertEquals(Status.BAD_PARAMETER, first.status());
        assertTrue(first.message().contains("have sha256 " + TaskletModule.digestOf(q1) + ", not the 0000"),
                first.message());
        assertEquals(List.of(), c.call(new Requests.ListModules()).<Responses.ListModules>body().modules());
    }

    /** The Q1 examples in C and in Rust give the built-in q1's bytes in the drive. */
    @ParameterizedTest
    @CsvSource({"examples/q1.wasm, 20", "examples/q1.wasm, 256", "examples/q1_rust.wasm, 20",
        "examples/q1_rust.wasm, 256"})
    void theQ1ExamplesGiveTheBuiltInsResultInTheDrive(String file, int entrySize) throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT);
        assertEquals(Status.OK, load(c, "q1m", wasm(file), 1 << 20).status());
        byte[] records = new byte[entrySize * 20_000];
        new Random(entrySize).nextBytes(records);
        long object = data(c, records);
        Params params = Params.of("entrySize", Integer.toString(entrySize));
        long module = createModule(c, "q1m@1", params).<Responses.CreateTasklet>body().taskletId();
        long builtin = c.createTasklet("q1", params);
        List<Extent> all = List.of(new Extent(object, 0, records.length));
        long moduleExec = c.execute(module, 0, Params.EMPTY, all);
        long builtinExec = c.execute(builtin, 0, Params.EMPTY, all);
        assertEquals(ExecutionState.DONE, c.await(moduleExec).state());
        assertEquals(ExecutionState.DONE, c.await(builtinExec).state());
        assertArrayEquals(c.result(builtinExec), c.result(moduleExec));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tests/wasi.wasm|module wasi@1 refused: import wasi_snapshot_preview1.fd_write is not allowed",
        "tests/bad_scan.wasm|module bad_scan@1 refused: export 'scan' has type",
        "tests/big_memory.wasm|module big_memory@1 refused: the module's memory starts at 134217728 bytes, beyond the "
                + "memory limit of 2097152 bytes"})
    void aModuleBreakingTheAbiOrTheMemoryLimitIsRefusedNamingWhy(String file, String message) throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT.withLimits(SMALL));
        TestClient.Reply r = load(c, file.replaceAll(".*/|\\.wasm", ""), wasm(file), 1 << 20);
        assertEquals(Status.MODULE_REFUSED, r.status());
        assertTrue(r.message().startsWith(message), r.message());
    }

    @Test
    void bytesThatAreNoModuleAreRefused() throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT);
        TestClient.Reply r = load(c, "junk", "not a module".getBytes(), 1 << 20);
        assertEquals(Status.MODULE_REFUSED, r.status());
        assertTrue(r.message().startsWith("module junk@1 refused: module 'junk' is not a well-formed WebAssembly module"),
                r.message());
    }

    @Test
    void modulesOffAnswersModulesDisabled() throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT.withEnabled(false));
        String why = "this drive's admin has turned user tasklet modules off (--modules off)";
        for (Requests.Request r : List.of(chunk("q1c", new byte[8], new byte[32], 0, 8), new Requests.ListModules(),
                new Requests.UnloadModule("q1c", 1),
                new Requests.CreateTasklet(TaskletForm.MODULE, "q1c@1", Params.EMPTY, ByteBuffer.allocate(0)))) {
            TestClient.Reply reply = c.call(r);
            assertEquals(Status.MODULES_DISABLED, reply.status(), r.opcode().name());
            assertEquals(why, reply.message());
        }
        assertTrue(c.createTasklet("q1", Params.of("entrySize", "20")) != 0, "built-ins still run");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "tests/loop.wasm|5000000|20000|tasklet 'loop@1' went beyond this drive's instructions limit",
        "tests/loop.wasm|1000000000000|300|tasklet 'loop@1' went beyond this drive's wall time limit",
        "tests/grow.wasm|5000000|20000|tasklet 'grow@1' went beyond this drive's memory limit",
        "tests/flood.wasm|1000000000000|20000|tasklet 'flood@1' went beyond this drive's result size limit"})
    void eachLimitEndsOnlyItsExecutionNamingIt(String file, long fuel, long wallMs, String message) throws IOException {
        WasmLimits limits = SMALL.withInstructions(fuel).withWallTime(Duration.ofMillis(wallMs));
        TestClient c = start(ModulePolicy.DEFAULT.withLimits(limits));
        Responses.Poll p = runHostileBesideABuiltIn(c, file, Params.EMPTY);
        assertEquals(Status.LIMIT_EXCEEDED.code(), p.errorStatus());
        assertTrue(p.errorMessage().startsWith(message), p.errorMessage());
    }

    @ParameterizedTest
    @CsvSource({
        "unreachable, unreachable",
        "divide, integer divide by zero",
        "bounds, out of bounds memory access",
        "recurse, call stack exhausted"})
    void aTrapIsAnExecutionErrorNamingTheModuleAndTheTrap(String trap, String message) throws IOException {
        TestClient c = start(ModulePolicy.DEFAULT.withLimits(SMALL));
        Responses.Poll p = runHostileBesideABuiltIn(c, "tests/traps.wasm", Params.of("trap", trap));
        assertEquals(Status.TASKLET_FAILED.code(), p.errorStatus());
        assertTrue(p.errorMessage().contains("tasklet 'traps@1' trapped in scan: "), p.errorMessage());
        assertTrue(p.errorMessage().toLowerCase().contains(message), p.errorMessage());
    }

    /**
     * Runs a hostile module while another client runs the built-in q1 on the same drive; the
     * built-in's answer is right, and the drive serves the next request. Returns the module's poll.
     */
    private Responses.Poll runHostileBesideABuiltIn(TestClient c, String file, Params params) throws IOException {
        String name = file.replaceAll(".*/|\\.wasm", "");
        load(c, name, wasm(file), 1 << 20).body();
        byte[] records = new byte[ENTRY * 4096];
        long object = data(c, records);
        long hostile = createModule(c, name + "@1", params).<Responses.CreateTasklet>body().taskletId();
        Responses.Poll p;
        try (TestClient other = TestClient.connect(drives.address(0))) {
            long exec = c.execute(hostile, 0, Params.EMPTY, List.of(new Extent(object, 0, records.length)));
            long q1 = other.createTasklet("q1", Params.of("entrySize", "20"));
            long q1Exec = other.execute(q1, 0, Params.EMPTY, List.of(new Extent(object, 0, records.length)));
            p = c.await(exec);
            assertEquals(ExecutionState.DONE, other.await(q1Exec).state());
            byte[] count = {0, 0, 0x10, 0, 0, 0, 0, 0, 0}; // every record in region 0
            assertArrayEquals(count, other.result(q1Exec));
        }
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(ExecutionState.DONE, run(c, c.createTasklet("noop", Params.EMPTY), object, ENTRY).state());
        return p;
    }
}
