package dev.ispd.tasklet.wasm;

import java.time.Duration;

/**
 * What one execution of a user tasklet may use: instructions executed (its fuel), linear memory,
 * result bytes and wall-clock time. A drive sets its own; exceeding one ends that execution with
 * a {@link dev.ispd.tasklet.TaskletLimitException} naming the limit.
 *
 * @param instructions WebAssembly instructions one execution may execute, over all its calls
 * @param memoryBytes  linear memory a module may declare or grow to, a multiple of 64 KiB
 * @param resultBytes  bytes one execution may emit
 * @param wallTime     real time one execution may spend inside the module
 */
public record WasmLimits(long instructions, long memoryBytes, int resultBytes, Duration wallTime) {
    /** WebAssembly's page: memory is declared and grown in these. */
    public static final int PAGE_BYTES = 64 << 10;

    public static final String INSTRUCTIONS = "instructions";
    public static final String MEMORY = "memory";
    public static final String RESULT_SIZE = "result size";
    public static final String WALL_TIME = "wall time";

    /**
     * A drive's defaults: 10^11 instructions (a gigabyte of 20-byte records at 2,000
     * instructions each), 64 MiB of memory, a 64 MiB result, ten minutes.
     */
    public static final WasmLimits DEFAULT = new WasmLimits(100_000_000_000L, 64L << 20, 64 << 20,
            Duration.ofMinutes(10));

    public WasmLimits {
        if (instructions <= 0) {
            throw new IllegalArgumentException("the instruction limit must be positive, got " + instructions);
        }
        if (memoryBytes < PAGE_BYTES || memoryBytes % PAGE_BYTES != 0 || memoryBytes > 4L << 30) {
            throw new IllegalArgumentException("the memory limit must be a multiple of 64 KiB between 64 KiB and 4 GiB, got "
                    + memoryBytes);
        }
        if (resultBytes < 0) {
            throw new IllegalArgumentException("the result size limit must not be negative, got " + resultBytes);
        }
        if (wallTime.isNegative() || wallTime.isZero()) {
            throw new IllegalArgumentException("the wall time limit must be positive, got " + wallTime);
        }
    }

    /** The memory limit in WebAssembly pages. */
    public int memoryPages() {
        return (int) (memoryBytes / PAGE_BYTES);
    }

    public WasmLimits withInstructions(long n) {
        return new WasmLimits(n, memoryBytes, resultBytes, wallTime);
    }

    public WasmLimits withMemoryBytes(long n) {
        return new WasmLimits(instructions, n, resultBytes, wallTime);
    }

    public WasmLimits withResultBytes(int n) {
        return new WasmLimits(instructions, memoryBytes, n, wallTime);
    }

    public WasmLimits withWallTime(Duration d) {
        return new WasmLimits(instructions, memoryBytes, resultBytes, d);
    }
}
