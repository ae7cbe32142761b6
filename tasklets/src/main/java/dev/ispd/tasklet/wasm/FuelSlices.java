package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.runtime.GlobalInstance;
import com.dylibso.chicory.wasm.types.MutabilityType;
import com.dylibso.chicory.wasm.types.ValType;

/**
 * The instrumented module's {@link MeteringInstrumenter#REFUEL} global: the module gets its fuel
 * in slices of {@link #SLICE} instructions, and reading this global when a slice is used up is
 * where the module's call may give up its turn (the {@code atSliceEnd} action) before it gets the
 * next slice. The execution's instruction limit is counted across slices: once it is used up the
 * read answers a negative number and the module traps, naming the limit.
 */
final class FuelSlices extends GlobalInstance {
    /** Instructions per slice: a few milliseconds of a module's work, like a built-in's turn. */
    static final long SLICE = 4_000_000;

    private final long limit;
    private final Runnable atSliceEnd;
    /** The module's FUEL global: what is left of the slices granted so far. */
    private GlobalInstance fuel;
    private long granted;

    FuelSlices(long limit, Runnable atSliceEnd) {
        super(0, 0, ValType.I64, MutabilityType.Var);
        this.limit = limit;
        this.atSliceEnd = atSliceEnd;
    }

    /** Starts metering into {@code fuelGlobal} with the first slice. */
    void start(GlobalInstance fuelGlobal) {
        this.fuel = fuelGlobal;
        granted = Math.min(limit, SLICE);
        fuel.setValue(granted);
    }

    /** Instructions the module has executed. */
    long used() {
        return granted - fuel.getValue();
    }

    /** Read by the module when a slice is used up: the next slice's fuel, or negative past the limit. */
    @Override
    public long getValue() {
        long used = used();
        long remaining = limit - used;
        if (remaining < 0) {
            return remaining;
        }
        atSliceEnd.run();
        long slice = Math.min(remaining, SLICE);
        granted = used + slice;
        return slice;
    }
}
