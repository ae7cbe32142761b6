package dev.ispd.tasklet.wasm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletLimitException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each limit and each trap ends the one execution with an error naming it; the runtime, and the
 * next execution, carry on.
 */
class SandboxTest {
    private static final int PAGE = 8192;
    private static final byte[] DATA = new byte[4 * PAGE];
    private static final WasmLimits SMALL = WasmLimits.DEFAULT.withInstructions(1_000_000)
            .withMemoryBytes(2L << 20).withResultBytes(100_000).withWallTime(Duration.ofSeconds(20));

    private static HostRunner.Result run(String file, Params params, WasmLimits limits) throws Exception {
        WasmTaskletFactory f = new WasmTaskletFactory(WasmFiles.load(file.replaceAll(".*/|\\.wasm", ""), file, limits));
        Tasklet t = f.create(params, Params.EMPTY, new ScanContext(PAGE));
        return new HostRunner(PAGE, 2).run(t, List.of(new Extent(1, 0, DATA.length)), InMemoryPageSource.of(1, DATA));
    }

    private static TaskletLimitException limit(String file, WasmLimits limits) {
        return assertThrows(TaskletLimitException.class, () -> run(file, Params.EMPTY, limits));
    }

    /** After any failure, a well-behaved module still runs in the same runtime. */
    private static void nextExecutionRuns() throws Exception {
        HostRunner.Result r = run("examples/q1.wasm", Params.of("entrySize", "32"), SMALL);
        assertArrayEquals(new byte[] {0, (byte) (DATA.length / 32), 4, 0, 0, 0, 0, 0, 0}, r.bytes());
    }

    @Test
    void anInfiniteLoopRunsOutOfInstructions() throws Exception {
        TaskletLimitException e = limit("tests/loop.wasm", SMALL);
        assertEquals(WasmLimits.INSTRUCTIONS, e.limit());
        assertEquals("tasklet 'loop@1' executed more than the instructions limit of 1000000 instructions (in scan)",
                e.getMessage());
        nextExecutionRuns();
    }

    @Test
    void anInfiniteLoopWithFuelToSpareRunsOutOfWallTime() throws Exception {
        TaskletLimitException e = limit("tests/loop.wasm",
                SMALL.withInstructions(Long.MAX_VALUE).withWallTime(Duration.ofMillis(300)));
        assertEquals(WasmLimits.WALL_TIME, e.limit());
        assertEquals("tasklet 'loop@1' ran longer than the wall time limit of 300 ms (in scan)", e.getMessage());
        assertFalse(Thread.currentThread().isInterrupted(), "the watchdog's interrupt is not left behind");
        nextExecutionRuns();
    }

    @Test
    void growingMemoryWithoutEndStopsAtTheMemoryLimit() throws Exception {
        TaskletLimitException e = limit("tests/grow.wasm", SMALL);
        assertEquals(WasmLimits.MEMORY, e.limit());
        assertEquals("tasklet 'grow@1' tried to grow its memory beyond the memory limit of 2097152 bytes (in scan)",
                e.getMessage());
        nextExecutionRuns();
    }

    @Test
    void emittingWithoutEndStopsAtTheResultSizeLimit() throws Exception {
        TaskletLimitException e = limit("tests/flood.wasm", SMALL.withInstructions(Long.MAX_VALUE));
        assertEquals(WasmLimits.RESULT_SIZE, e.limit());
        assertEquals("tasklet 'flood@1' emitted more than the result size limit of 100000 bytes", e.getMessage());
        nextExecutionRuns();
    }

    @ParameterizedTest
    @CsvSource({
        "unreachable, unreachable",
        "divide, integer divide by zero",
        "bounds, out of bounds memory access",
        "recurse, call stack exhausted"})
    void aTrapIsAnExecutionErrorNamingTheModuleAndTheTrap(String trap, String message) throws Exception {
        ModuleTrapException e = assertThrows(ModuleTrapException.class,
                () -> run("tests/traps.wasm", Params.of("trap", trap), SMALL));
        assertTrue(e.getMessage().startsWith("tasklet 'traps@1' trapped in scan: "), e.getMessage());
        assertTrue(e.getMessage().toLowerCase().contains(message), e.getMessage());
        nextExecutionRuns();
    }
}
