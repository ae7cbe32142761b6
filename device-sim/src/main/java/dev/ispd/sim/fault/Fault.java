package dev.ispd.sim.fault;

import dev.ispd.protocol.Opcode;
import java.util.Set;

/**
 * One fault of a plan and its scope: which commands ({@code opcodes}, empty = every command) on
 * which objects ({@code objects}, empty = any) and, for media errors, which pages of them
 * ({@code pages}, page indexes; empty = every page). Of the requests in scope, the first
 * {@code after} pass untouched; then the fault fires on each with probability
 * {@code probability} (drawn from the plan's seeded generator), at most {@code times} times
 * (0 = no limit).
 *
 * @param delayMs how much later a {@link FaultKind#SLOW} answer comes; 0 for the other kinds
 */
public record Fault(FaultKind kind, Set<Opcode> opcodes, Set<Long> objects, Set<Long> pages, long after, long times,
                    double probability, long delayMs) {
    public Fault {
        opcodes = Set.copyOf(opcodes);
        objects = Set.copyOf(objects);
        pages = Set.copyOf(pages);
    }

    /** True if the fault has fired as often as it may. */
    boolean exhausted(long fired) {
        return times > 0 && fired >= times;
    }
}
