package dev.ispd.tasklet.wasm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.builtin.LogFixture;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Q1 example modules, in C ({@code q1c@1}) and in Rust ({@code q1rs@1}), against the built-in
 * q1, through the same host runner.
 */
class WasmQ1Test {
    private static WasmTaskletFactory q1c;
    private static TaskletRegistry registry;

    @BeforeAll
    static void load() throws ModuleRejectedException {
        q1c = new WasmTaskletFactory(WasmFiles.load("q1c", "examples/q1.wasm", WasmLimits.DEFAULT));
        registry = TaskletRegistry.builtins().with(q1c)
                .with(new WasmTaskletFactory(WasmFiles.load("q1rs", "examples/q1_rust.wasm", WasmLimits.DEFAULT)));
    }

    /** Each example module with each entry and page size. */
    static Stream<Arguments> modulesEntryAndPageSizes() {
        return Stream.of("q1c@1", "q1rs@1").flatMap(m -> LogFixture.entryAndPageSizes()
                .map(a -> Arguments.of(m, a.get()[0], a.get()[1])));
    }

    private static HostRunner.Result run(String tasklet, LogFixture f, int pageSize, int pagesPerBatch) throws Exception {
        return new HostRunner(registry, pageSize, pagesPerBatch).run(tasklet,
                Params.of("entrySize", Integer.toString(f.entrySize)), Params.EMPTY, f.extents, f.source());
    }

    @ParameterizedTest
    @MethodSource("modulesEntryAndPageSizes")
    void givesTheBuiltInsResultForEveryBatchSize(String module, int entrySize, int pageSize) throws Exception {
        LogFixture f = new LogFixture(entrySize, 21);
        byte[] builtin = run("q1", f, pageSize, 2).bytes();
        for (int batch : LogFixture.BATCH_SIZES) {
            assertArrayEquals(builtin, run(module, f, pageSize, batch).bytes(), batch + " pages per batch");
        }
    }

    @Test
    void metersWhatItExecutedTheSameWayEveryRun() throws Exception {
        LogFixture f = new LogFixture(32, 22);
        Meter first = run("q1c@1", f, 8192, 128).meter();
        Meter again = run("q1c@1", f, 8192, 128).meter();

        assertEquals(first, again);
        assertEquals(f.recordCount(), first.records(), "records as reported by the module's progress calls");
        assertTrue(first.instructions() > 5 * f.recordCount(), "a handful of instructions per record: " + first);
        assertTrue(first.dramAccesses() >= f.recordCount(), "at least the server byte of each record: " + first);
        assertEquals(run("q1", f, 8192, 128).meter().bytesOut(), first.bytesOut());
        assertEquals(run("q1", f, 8192, 128).meter().pages(), first.pages());
    }

    /** q1.c counts runs of up to 255 records in a local: each whole run executes the same instructions. */
    @Test
    void instructionsAreCountedExactlyAFixedNumberPerRunOfRecords() throws Exception {
        int run = 255;
        byte[] data = new byte[32 * run * 3];
        HostRunner runner = new HostRunner(registry, data.length, 1);
        long[] instructions = new long[3];
        for (int k = 1; k <= 3; k++) {
            List<Extent> extents = List.of(new Extent(1, 0, 32L * run * k));
            instructions[k - 1] = runner.run("q1c@1", Params.of("entrySize", "32"), Params.EMPTY, extents,
                    InMemoryPageSource.of(1, data)).meter().instructions();
        }
        long perRun = instructions[1] - instructions[0];
        assertEquals(perRun, instructions[2] - instructions[1], "linear in the runs: " + Arrays.toString(instructions));
        assertTrue(perRun >= run, "at least an instruction per record: " + perRun);
    }

    @Test
    void theModuleRefusesBadParametersWithItsOwnMessage() {
        BadParameterException e = assertThrows(BadParameterException.class,
                () -> q1c.validate(Params.of("entrySize", "7")));
        assertEquals("tasklet 'q1c@1' refused its parameters: parameter 'entrySize' must be one of 20, 32, 64, 128, 256",
                e.getMessage());
    }

    @Test
    void runtimeParametersOverrideTheCreationParameters() throws Exception {
        LogFixture f = new LogFixture(64, 23);
        HostRunner runner = new HostRunner(registry, 8192, 128);
        byte[] overridden = runner.run(q1c.create(Params.of("entrySize", "20"), Params.of("entrySize", "64"),
                new ScanContext(8192)), f.extents, f.source()).bytes();
        assertArrayEquals(run("q1", f, 8192, 128).bytes(), overridden);
    }
}
