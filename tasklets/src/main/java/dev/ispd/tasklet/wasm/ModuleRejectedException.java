package dev.ispd.tasklet.wasm;

/**
 * A module refused at load: not well-formed WebAssembly, an import or export the tasklet ABI
 * does not allow, an instruction outside the allowed set, or more memory than the limit. The
 * message names what was wrong and where (docs/tasklets.md, "User tasklets").
 */
public final class ModuleRejectedException extends Exception {
    private static final long serialVersionUID = 1L;

    public ModuleRejectedException(String message) {
        super(message);
    }

    public ModuleRejectedException(String message, Throwable cause) {
        super(message, cause);
    }
}
