package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.wasm.WasmModule;
import com.dylibso.chicory.wasm.types.Export;
import com.dylibso.chicory.wasm.types.ExternalType;
import com.dylibso.chicory.wasm.types.FunctionImport;
import com.dylibso.chicory.wasm.types.FunctionType;
import com.dylibso.chicory.wasm.types.Import;
import com.dylibso.chicory.wasm.types.MemoryLimits;
import com.dylibso.chicory.wasm.types.ValType;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The contract between a drive and a user tasklet module (docs/tasklets.md, "User tasklets"):
 * the functions it must export, the only functions it may import, and its one linear memory.
 * {@link #check} refuses a module that breaks it, naming the export or import.
 */
final class TaskletAbi {
    /** The import module every allowed import comes from. */
    static final String IMPORT_MODULE = "ispd";

    static final String EMIT = "emit";
    static final String PARAM = "param";
    static final String PROGRESS = "progress";

    static final String MEMORY = "memory";
    static final String INIT = "init";
    static final String BUFFER = "buffer";
    static final String SCAN = "scan";
    static final String FINISH = "finish";

    private static final ValType I32 = ValType.I32;
    private static final ValType I64 = ValType.I64;

    /** Allowed imports of module {@code ispd}, by name. */
    static final Map<String, FunctionType> IMPORTS = sorted(Map.of(
            EMIT, FunctionType.of(List.of(I32, I32), List.of()),
            PARAM, FunctionType.of(List.of(I32, I32, I32, I32), List.of(I32)),
            PROGRESS, FunctionType.of(List.of(I64), List.of())));

    /** Required function exports, by name. */
    static final Map<String, FunctionType> EXPORTS = sorted(Map.of(
            INIT, FunctionType.of(List.of(), List.of(I32)),
            BUFFER, FunctionType.of(List.of(I32), List.of(I32)),
            SCAN, FunctionType.of(List.of(I32, I32, I64, I64), List.of()),
            FINISH, FunctionType.of(List.of(), List.of())));

    private TaskletAbi() {
    }

    private static Map<String, FunctionType> sorted(Map<String, FunctionType> m) {
        return Collections.unmodifiableMap(new TreeMap<>(m));
    }

    /** Checks imports, exports and memory against the ABI and {@code limits}. */
    static void check(WasmModule module, WasmLimits limits) throws ModuleRejectedException {
        checkImports(module);
        checkExports(module);
        checkMemory(module, limits);
    }

    private static void checkImports(WasmModule module) throws ModuleRejectedException {
        for (int i = 0; i < module.importSection().importCount(); i++) {
            Import imp = module.importSection().getImport(i);
            String name = imp.module() + "." + imp.name();
            FunctionType allowed = IMPORTS.get(imp.name());
            if (!IMPORT_MODULE.equals(imp.module()) || allowed == null || imp.importType() != ExternalType.FUNCTION) {
                throw new ModuleRejectedException("import " + name + " is not allowed: a tasklet module may import only "
                        + String.join(", ", IMPORTS.keySet().stream().map(n -> IMPORT_MODULE + "." + n).toList())
                        + " (no WASI)");
            }
            FunctionType declared = module.typeSection().getType(((FunctionImport) imp).typeIndex());
            if (!declared.typesMatch(allowed)) {
                throw new ModuleRejectedException("import " + name + " has type " + declared + ", the ABI's is " + allowed);
            }
        }
    }

    private static void checkExports(WasmModule module) throws ModuleRejectedException {
        Map<String, Export> byName = new HashMap<>();
        for (int i = 0; i < module.exportSection().exportCount(); i++) {
            Export e = module.exportSection().getExport(i);
            byName.put(e.name(), e);
        }
        int imported = module.importSection().count(ExternalType.FUNCTION);
        for (Map.Entry<String, FunctionType> want : EXPORTS.entrySet()) {
            Export e = byName.get(want.getKey());
            if (e == null || e.exportType() != ExternalType.FUNCTION) {
                throw new ModuleRejectedException("the module does not export the function '" + want.getKey()
                        + "' (" + want.getValue() + ") that the tasklet ABI requires");
            }
            FunctionType actual = e.index() < imported
                    ? module.typeSection().getType(((FunctionImport) module.importSection().getImport(e.index())).typeIndex())
                    : module.functionSection().getFunctionType(e.index() - imported, module.typeSection());
            if (!actual.typesMatch(want.getValue())) {
                throw new ModuleRejectedException("export '" + want.getKey() + "' has type " + actual
                        + ", the ABI's is " + want.getValue());
            }
        }
        Export memory = byName.get(MEMORY);
        if (memory == null || memory.exportType() != ExternalType.MEMORY) {
            throw new ModuleRejectedException("the module does not export its linear memory as '" + MEMORY + "'");
        }
    }

    private static void checkMemory(WasmModule module, WasmLimits limits) throws ModuleRejectedException {
        int count = module.memorySection().map(s -> s.memoryCount()).orElse(0);
        if (count != 1) {
            throw new ModuleRejectedException("a tasklet module declares exactly one memory, this one declares " + count);
        }
        MemoryLimits declared = module.memorySection().orElseThrow().getMemory(0).limits();
        if (declared.shared()) {
            throw new ModuleRejectedException("the module's memory is shared; tasklet memory may not be");
        }
        long initial = (long) declared.initialPages() * WasmLimits.PAGE_BYTES;
        if (initial > limits.memoryBytes()) {
            throw new ModuleRejectedException("the module's memory starts at " + initial + " bytes, beyond the "
                    + WasmLimits.MEMORY + " limit of " + limits.memoryBytes() + " bytes");
        }
        if (declared.maximumPages() != MemoryLimits.MAX_PAGES
                && (long) declared.maximumPages() * WasmLimits.PAGE_BYTES > limits.memoryBytes()) {
            throw new ModuleRejectedException("the module's memory may grow to " + (long) declared.maximumPages()
                    * WasmLimits.PAGE_BYTES + " bytes, beyond the " + WasmLimits.MEMORY + " limit of "
                    + limits.memoryBytes() + " bytes");
        }
    }
}
