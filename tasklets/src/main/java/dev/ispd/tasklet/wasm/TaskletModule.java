package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.compiler.InterpreterFallback;
import com.dylibso.chicory.compiler.MachineFactoryCompiler;
import com.dylibso.chicory.runtime.Instance;
import com.dylibso.chicory.runtime.Machine;
import com.dylibso.chicory.wasm.ChicoryException;
import com.dylibso.chicory.wasm.Parser;
import com.dylibso.chicory.wasm.WasmModule;
import com.dylibso.chicory.wasm.types.MemoryLimits;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A user tasklet module, loaded: checked against the tasklet ABI and the limits, rewritten to
 * meter itself ({@link MeteringInstrumenter}) and compiled to JVM bytecode once. Each execution
 * instantiates it afresh ({@link WasmTaskletFactory}), so no state survives from one execution
 * to the next. Immutable and safe to share between threads.
 */
public final class TaskletModule {
    /** Module names: what DEVICE_INFO and the load command show. */
    public static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    private final String name;
    private final int version;
    private final String digest;
    private final int size;
    private final WasmLimits limits;
    private final WasmModule metered;
    private final int firstGlobal;
    private final MemoryLimits memoryLimits;
    private final Function<Instance, Machine> machine;

    private TaskletModule(String name, int version, byte[] wasm, WasmLimits limits, WasmModule metered,
                          int firstGlobal, MemoryLimits declared) {
        this.name = name;
        this.version = version;
        this.digest = digestOf(wasm);
        this.size = wasm.length;
        this.limits = limits;
        this.metered = metered;
        this.firstGlobal = firstGlobal;
        int max = declared.maximumPages() == MemoryLimits.MAX_PAGES ? limits.memoryPages()
                : Math.min(declared.maximumPages(), limits.memoryPages());
        this.memoryLimits = new MemoryLimits(declared.initialPages(), max);
        // functions too large for one JVM method run in the interpreter, with the same metering
        this.machine = MachineFactoryCompiler.builder(metered).withInterpreterFallback(InterpreterFallback.SILENT).compile();
    }

    /**
     * Checks, instruments and compiles a module.
     *
     * @throws ModuleRejectedException naming what is wrong: the name or version, malformed
     *                                 WebAssembly, a forbidden import, a missing or mistyped
     *                                 export, an instruction outside the allowed set, a start
     *                                 function, or memory beyond {@code limits}
     */
    public static TaskletModule load(String name, int version, byte[] wasm, WasmLimits limits)
            throws ModuleRejectedException {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ModuleRejectedException("module name '" + name + "' must be 1-64 letters, digits, '_', '.' or '-'");
        }
        if (version <= 0) {
            throw new ModuleRejectedException("module version must be positive, got " + version);
        }
        WasmModule parsed;
        try {
            parsed = Parser.parse(wasm);
        } catch (ChicoryException | IllegalArgumentException e) {
            throw new ModuleRejectedException("module '" + name + "' is not a well-formed WebAssembly module: "
                    + MalformedModules.cause(wasm, e), e);
        }
        TaskletAbi.check(parsed, limits);
        if (parsed.startSection().isPresent()) {
            throw new ModuleRejectedException("module '" + name + "' has a start function; a tasklet module does its"
                    + " setup in '" + TaskletAbi.INIT + "'");
        }
        MeteringInstrumenter.Instrumented instrumented =
                MeteringInstrumenter.instrument(wasm, parsed, limits.memoryPages());
        WasmModule metered = Parser.parse(instrumented.bytes());
        return new TaskletModule(name, version, wasm, limits, metered, instrumented.firstGlobal(),
                parsed.memorySection().orElseThrow().getMemory(0).limits());
    }

    public String name() {
        return name;
    }

    public int version() {
        return version;
    }

    /** The tasklet name CREATE_TASKLET uses for this module: {@code name@version}. */
    public String taskletName() {
        return name + "@" + version;
    }

    /** SHA-256 of the module as loaded, in hex: what the host compares to load a module once. */
    public String digest() {
        return digest;
    }

    /** Bytes of the module as loaded. */
    public int size() {
        return size;
    }

    public WasmLimits limits() {
        return limits;
    }

    WasmModule metered() {
        return metered;
    }

    int firstGlobal() {
        return firstGlobal;
    }

    MemoryLimits memoryLimits() {
        return memoryLimits;
    }

    Function<Instance, Machine> machine() {
        return machine;
    }

    /** SHA-256 of a module's bytes in hex, as {@link #digest} gives it once loaded. */
    public static String digestOf(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    @Override
    public String toString() {
        return taskletName() + " (" + size + " bytes, sha256 " + digest.substring(0, 12) + ")";
    }
}
