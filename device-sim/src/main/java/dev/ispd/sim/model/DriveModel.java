package dev.ispd.sim.model;

import dev.ispd.tasklet.Meter;
import java.util.List;

/**
 * The drive's timing and energy model, in virtual time (long nanoseconds). The command handlers
 * tell it what each command does; it reserves the resources the work needs on their timelines
 * (host link, flash, embedded cores, DRAM) and answers when the work completes. Nothing here
 * reads a wall clock, so the same commands in the same order give the same figures anywhere.
 *
 * <p>Arrival times come from the caller: each connection keeps its own virtual clock, which
 * starts at {@link LogSnapshot#nowNs()} when the connection opens and moves to the completion
 * time of each modeled command it sends.
 *
 * <p>Implementations need not be thread-safe: the drive's controller makes one call at a time
 * (its {@code SerialModel} holds the drive's one lock), so the model stays a plain simulation.
 */
public interface DriveModel {

    /** A host write of {@code bytes}: transfer over the host link and program into flash. Returns completion. */
    long hostWrite(long arrivalNs, long bytes);

    /** A host read of {@code bytes}: read from flash and transfer over the host link. Returns completion. */
    long hostRead(long arrivalNs, long bytes);

    /** A command that moves no bulk data (create, delete, create tasklet, execute submission). Returns completion. */
    long command(long arrivalNs);

    /** Starts modeling one tasklet execution submitted at {@code arrivalNs}. */
    Execution beginExecution(long arrivalNs);

    /** Totals so far: the model's current time and per-component busy time and energy. */
    LogSnapshot snapshot();

    /** The model of one execution; used by the one thread that runs it. */
    interface Execution {
        /** A batch was read from flash and scanned; {@code delta} is its metered work. */
        void batch(long pages, long bytes, Meter delta);

        /** The scan is over and {@code resultBytes} of result are stored. */
        void finish(long resultBytes);

        /** Modeled time from submission to the end of the work modeled so far. */
        long modeledNs();

        /**
         * Modeled time of the same work on a drive that runs nothing else: the execution's batches
         * priced on idle units from submission, so waiting behind other work (other executions,
         * host reads and writes) is left out. It depends only on the profile and the work, not on
         * how other clients' commands interleave with it; at most {@link #modeledNs()}.
         */
        long serviceNs();

        /** Modeled virtual time at which the work modeled so far ends. */
        long endNs();

        /** Drive energy charged to this execution so far, in nanojoules. */
        long energyNj();

        /** Estimated modeled time still needed for {@code pagesLeft} more pages at the rate seen so far. */
        long estimateRemainingNs(long pagesLeft);
    }

    /** One component's totals. */
    record ComponentLog(String name, long busyNs, long energyNj) { }

    /** The drive's totals; energy counts every component's active and idle time up to {@code nowNs}. */
    record LogSnapshot(long nowNs, long energyNj, List<ComponentLog> components) { }
}
