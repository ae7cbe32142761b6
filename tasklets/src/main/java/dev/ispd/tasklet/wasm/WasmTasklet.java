package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.runtime.ExportFunction;
import com.dylibso.chicory.runtime.GlobalFactory;
import com.dylibso.chicory.runtime.GlobalInstance;
import com.dylibso.chicory.runtime.HostFunction;
import com.dylibso.chicory.runtime.ImportValues;
import com.dylibso.chicory.runtime.Instance;
import com.dylibso.chicory.runtime.Memory;
import com.dylibso.chicory.wasm.ChicoryException;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletLimitException;
import dev.ispd.tasklet.Turns;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * One execution of a user tasklet: a fresh instance of the module, which sees only its
 * parameters and the bytes of the batches handed to it. Each batch, in parts of at most
 * {@link #PART} bytes, is copied into the buffer the module names ({@code buffer}) and scanned
 * there ({@code scan}); {@code finish} emits the result. Every call is bounded by the
 * execution's limits, and the instructions and memory accesses the module executed since the
 * last call are added to the meter. A call gives up its turn ({@link Turns#yieldTurn}) after
 * each slice of its fuel ({@link FuelSlices}); the time it waits for its next turn is not
 * counted against its wall time.
 */
final class WasmTasklet implements Tasklet {
    /** Bytes of records the module gets per {@code scan} call, at most: one memory page, cache-sized. */
    static final int PART = WasmLimits.PAGE_BYTES;

    private final TaskletModule module;
    private final WasmLimits limits;
    private final Params params;
    private final Instance instance;
    private final FuelSlices fuel;
    private final GlobalInstance accesses;
    private final GlobalInstance stoppedBy;
    private final ExportFunction buffer;
    private final ExportFunction scan;
    private final ExportFunction finish;
    private final ByteArrayOutputStream result = new ByteArrayOutputStream();
    private final int recordSize;
    private long insideNanos;
    /** The watchdog of the call in progress: its clock stops while the call waits for a turn. */
    private Watchdog watchdog;
    private long instructionsMetered;
    private long accessesMetered;
    private long recordsReported;
    private final byte[] copy = new byte[PART];
    private final int part;
    /** The export a call is in, for messages. */
    private String inside;

    WasmTasklet(TaskletModule module, Params params) throws BadParameterException {
        this.module = module;
        this.limits = module.limits();
        this.params = params;
        this.fuel = new FuelSlices(limits.instructions(), this::giveUpTurn);
        this.instance = Instance.builder(module.metered())
                .withImportValues(imports())
                .withMemoryLimits(module.memoryLimits())
                .withMachineFactory(module.machine())
                .withGlobalFactory(refuelAt(module.firstGlobal() + MeteringInstrumenter.REFUEL))
                .build();
        fuel.start(instance.global(module.firstGlobal() + MeteringInstrumenter.FUEL));
        this.accesses = instance.global(module.firstGlobal() + MeteringInstrumenter.ACCESSES);
        this.stoppedBy = instance.global(module.firstGlobal() + MeteringInstrumenter.STOPPED_BY);
        this.buffer = instance.export(TaskletAbi.BUFFER);
        this.scan = instance.export(TaskletAbi.SCAN);
        this.finish = instance.export(TaskletAbi.FINISH);
        int declared = (int) call(TaskletAbi.INIT, instance.export(TaskletAbi.INIT))[0];
        if (declared < 0) {
            throw new BadParameterException("tasklet '" + module.taskletName() + "' refused its parameters: "
                    + result.toString(StandardCharsets.UTF_8));
        }
        result.reset();
        this.recordSize = declared;
        this.part = declared <= 0 ? PART : Math.max(declared, PART / declared * declared);
    }

    @Override
    public int recordSize() {
        return recordSize;
    }

    /**
     * Hands the batch to the module in parts of at most {@link #PART} bytes of whole records, each
     * with its own {@code buffer} and {@code scan} call (the ABI's results do not depend on how
     * the records are batched): a part is copied into the module's memory and scanned while it is
     * still in the core's cache, where a whole batch would be written out to memory and read back.
     * One watchdog covers the batch's calls and copies.
     */
    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int len = data.remaining();
        guarded(() -> {
            for (int done = 0; done < len; ) {
                int n = Math.min(part, len - done);
                int ptr = (int) invoke(TaskletAbi.BUFFER, buffer, n)[0];
                requireInMemory(ptr, n, "buffer(" + n + ") returned");
                copy(data, data.position() + done, ptr, n);
                invoke(TaskletAbi.SCAN, scan, ptr, n, objectId, objectOffset + done);
                done += n;
            }
            return null;
        });
        meterSinceLastCall(meter);
    }

    /** Copies {@code n} bytes at {@code from} of {@code data} to {@code ptr} of the module's memory. */
    private void copy(ByteBuffer data, int from, int ptr, int n) {
        if (data.hasArray()) {
            instance.memory().write(ptr, data.array(), data.arrayOffset() + from, n);
            return;
        }
        for (int done = 0; done < n; done += copy.length) {
            int k = Math.min(copy.length, n - done);
            data.get(from + done, copy, 0, k);
            instance.memory().write(ptr + done, copy, 0, k);
        }
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        call(TaskletAbi.FINISH, finish);
        meterSinceLastCall(meter);
        out.put(result.toByteArray());
        meter.addBytesOut(result.size());
    }

    /** Globals as the runtime makes them, but {@link #fuel} as the {@code index}-th. */
    private GlobalFactory refuelAt(int index) {
        int[] next = {0};
        return (low, high, type, mutability) -> next[0]++ == index ? fuel
                : new GlobalInstance(low, high, type, mutability);
    }

    /** At the end of a fuel slice: waits for the next turn, the watchdog's clock stopped meanwhile. */
    private void giveUpTurn() {
        long start = System.nanoTime();
        watchdog.pause();
        try {
            Turns.yieldTurn();
        } finally {
            watchdog.resume();
            insideNanos -= System.nanoTime() - start;
        }
    }

    private void meterSinceLastCall(Meter meter) {
        long used = fuel.used();
        long touched = accesses.getValue();
        meter.addInstructions(used - instructionsMetered);
        meter.addDramAccesses(touched - accessesMetered);
        meter.addRecords(recordsReported);
        instructionsMetered = used;
        accessesMetered = touched;
        recordsReported = 0;
    }

    /** Calls an export within the limits; a trap or a limit ends the execution with a message naming it. */
    private long[] call(String export, ExportFunction f, long... args) {
        return guarded(() -> invoke(export, f, args));
    }

    private long[] invoke(String export, ExportFunction f, long... args) {
        inside = export;
        return f.apply(args);
    }

    /**
     * Runs {@code calls} into the module within the execution's limits: the wall time left is
     * their budget; a trap or a limit ends the execution with a message naming it and the export
     * it happened in.
     */
    private <T> T guarded(Supplier<T> calls) {
        long start = System.nanoTime();
        try {
            return Watchdog.run(limits.wallTime().toNanos() - insideNanos, w -> {
                watchdog = w;
                return calls.get();
            });
        } catch (Watchdog.TimedOut t) {
            throw new TaskletLimitException(WasmLimits.WALL_TIME, "tasklet '" + module.taskletName() + "' ran longer than "
                    + "the " + WasmLimits.WALL_TIME + " limit of " + limits.wallTime().toMillis() + " ms (in " + inside + ")");
        } catch (ChicoryException e) {
            throw stopped(inside, e);
        } catch (StackOverflowError e) {
            throw new ModuleTrapException("tasklet '" + module.taskletName() + "' trapped in " + inside
                    + ": call stack exhausted");
        } finally {
            insideNanos += System.nanoTime() - start;
        }
    }

    private RuntimeException stopped(String export, ChicoryException e) {
        int why = (int) stoppedBy.getValue();
        if (why == MeteringInstrumenter.OUT_OF_FUEL) {
            return new TaskletLimitException(WasmLimits.INSTRUCTIONS, "tasklet '" + module.taskletName()
                    + "' executed more than the " + WasmLimits.INSTRUCTIONS + " limit of " + limits.instructions()
                    + " instructions (in " + export + ")");
        }
        if (why == MeteringInstrumenter.OUT_OF_MEMORY) {
            return new TaskletLimitException(WasmLimits.MEMORY, "tasklet '" + module.taskletName()
                    + "' tried to grow its memory beyond the " + WasmLimits.MEMORY + " limit of " + limits.memoryBytes()
                    + " bytes (in " + export + ")");
        }
        return new ModuleTrapException("tasklet '" + module.taskletName() + "' trapped in " + export + ": "
                + e.getMessage(), e);
    }

    private ImportValues imports() {
        return ImportValues.builder().addFunction(
                new HostFunction(TaskletAbi.IMPORT_MODULE, TaskletAbi.EMIT, TaskletAbi.IMPORTS.get(TaskletAbi.EMIT),
                        (inst, args) -> emit((int) args[0], (int) args[1])),
                new HostFunction(TaskletAbi.IMPORT_MODULE, TaskletAbi.PARAM, TaskletAbi.IMPORTS.get(TaskletAbi.PARAM),
                        (inst, args) -> new long[] {param((int) args[0], (int) args[1], (int) args[2], (int) args[3])}),
                new HostFunction(TaskletAbi.IMPORT_MODULE, TaskletAbi.PROGRESS, TaskletAbi.IMPORTS.get(TaskletAbi.PROGRESS),
                        (inst, args) -> progress(args[0]))).build();
    }

    private long[] emit(int ptr, int len) {
        requireInMemory(ptr, len, "emit got");
        if ((long) result.size() + Integer.toUnsignedLong(len) > limits.resultBytes()) {
            throw new TaskletLimitException(WasmLimits.RESULT_SIZE, "tasklet '" + module.taskletName()
                    + "' emitted more than the " + WasmLimits.RESULT_SIZE + " limit of " + limits.resultBytes() + " bytes");
        }
        result.writeBytes(instance.memory().readBytes(ptr, len));
        return null;
    }

    /** Copies the value of the named parameter into the module's buffer; its length, or -1 if absent. */
    private int param(int keyPtr, int keyLen, int bufPtr, int bufCap) {
        requireInMemory(keyPtr, keyLen, "param got a key at");
        requireInMemory(bufPtr, bufCap, "param got a buffer at");
        String key = new String(instance.memory().readBytes(keyPtr, keyLen), StandardCharsets.UTF_8);
        if (!params.has(key)) {
            return -1;
        }
        byte[] value = params.asMap().get(key).getBytes(StandardCharsets.UTF_8);
        instance.memory().write(bufPtr, value, 0, Math.min(value.length, bufCap));
        return value.length;
    }

    private long[] progress(long records) {
        if (records < 0) {
            throw new ModuleTrapException("tasklet '" + module.taskletName() + "' reported " + records + " records");
        }
        recordsReported += records;
        return null;
    }

    /** A trap, unless [ptr, ptr + len) lies inside the module's memory. */
    private void requireInMemory(int ptr, int len, String what) {
        Memory memory = instance.memory();
        long end = Integer.toUnsignedLong(ptr) + Integer.toUnsignedLong(len);
        if (end > (long) memory.pages() * WasmLimits.PAGE_BYTES) {
            throw new ModuleTrapException("tasklet '" + module.taskletName() + "': " + what + " "
                    + Integer.toUnsignedLong(ptr) + " + " + Integer.toUnsignedLong(len) + " bytes, outside its memory of "
                    + (long) memory.pages() * WasmLimits.PAGE_BYTES + " bytes");
        }
    }
}
