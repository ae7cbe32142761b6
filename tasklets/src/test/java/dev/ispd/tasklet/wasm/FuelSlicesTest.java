package dev.ispd.tasklet.wasm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.TaskletLimitException;
import dev.ispd.tasklet.Turns;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A module's call gives up its turn once per fuel slice, wherever it is, without changing what
 * it computes or what it is charged; a yield point can end the call, and the time spent waiting
 * for a turn is not the module's wall time.
 */
class FuelSlicesTest {
    private static final int PAGE = 8192;
    private static final byte[] DATA = new byte[4 * PAGE];
    private static final WasmLimits LIMITS = WasmLimits.DEFAULT.withWallTime(Duration.ofSeconds(60));

    private static HostRunner.Result run(String file, Params params, WasmLimits limits) throws Exception {
        WasmTaskletFactory f = new WasmTaskletFactory(WasmFiles.load(file.replaceAll(".*/|\\.wasm", ""), file, limits));
        return new HostRunner(PAGE, 2).run(f.create(params, Params.EMPTY, new ScanContext(PAGE)),
                List.of(new Extent(1, 0, DATA.length)), InMemoryPageSource.of(1, DATA));
    }

    /** Runs {@code file} with {@code point} as the thread's yield point. */
    private static HostRunner.Result runYielding(String file, Params params, WasmLimits limits, Turns.YieldPoint point)
            throws Exception {
        HostRunner.Result[] out = new HostRunner.Result[1];
        Exception[] failed = new Exception[1];
        Turns.runWith(point, () -> {
            try {
                out[0] = run(file, params, limits);
            } catch (Exception e) {
                failed[0] = e;
            }
        });
        if (failed[0] != null) {
            throw failed[0];
        }
        return out[0];
    }

    @Test
    void aCallYieldsOncePerSliceAndComputesAndMetersTheSame() throws Exception {
        Params params = Params.of("entrySize", "32", "rounds", "10000");
        HostRunner.Result plain = run("tests/spin.wasm", params, LIMITS);
        AtomicInteger yields = new AtomicInteger();
        HostRunner.Result sliced = runYielding("tests/spin.wasm", params, LIMITS, yields::incrementAndGet);
        assertArrayEquals(plain.bytes(), sliced.bytes());
        long instructions = plain.meter().instructions();
        assertEquals(instructions, sliced.meter().instructions());
        long slices = instructions / FuelSlices.SLICE;
        assertTrue(slices >= 3, "the run spans several slices: " + instructions + " instructions");
        assertTrue(yields.get() >= slices - 1 && yields.get() <= slices,
                yields.get() + " yields for " + instructions + " instructions");
    }

    @Test
    void aYieldPointThatThrowsEndsAnEndlessLoop() {
        IllegalStateException stop = new IllegalStateException("cancelled");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> runYielding("tests/loop.wasm", Params.EMPTY, LIMITS.withInstructions(Long.MAX_VALUE), () -> {
                    throw stop;
                }));
        assertEquals(stop, e);
    }

    /**
     * One slice runs, then the call waits for its next turn longer than its whole wall time, then
     * runs its second slice past its instruction limit. Had the wait counted, the wall time would
     * have ended the call during the wait (the watchdog interrupting it) or right after it; only
     * the two slices' running counts against the wall time, which is a safety net many times that.
     */
    @Test
    void timeWaitingForATurnIsNotWallTime() {
        Duration wallTime = Duration.ofSeconds(2);
        WasmLimits limits = LIMITS.withInstructions(2 * FuelSlices.SLICE).withWallTime(wallTime);
        AtomicInteger turns = new AtomicInteger();
        TaskletLimitException e = assertThrows(TaskletLimitException.class,
                () -> runYielding("tests/loop.wasm", Params.EMPTY, limits, () -> {
                    turns.incrementAndGet();
                    sleep(wallTime.plusMillis(500).toMillis());
                }));
        assertEquals(WasmLimits.INSTRUCTIONS, e.limit(), e.getMessage());
        assertEquals(1, turns.get(), "one turn given up, at the end of the first slice");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException ie) {
            throw new AssertionError("the watchdog interrupted a call waiting for its turn", ie);
        }
    }
}
