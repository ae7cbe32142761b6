package dev.ispd.tasklet.wasm;

/**
 * A user tasklet trapped (out-of-bounds access, unreachable, division by zero and the like) or
 * broke the ABI's contract: an execution error naming the module and the trap. It ends that
 * execution only.
 */
public final class ModuleTrapException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ModuleTrapException(String message) {
        super(message);
    }

    public ModuleTrapException(String message, Throwable cause) {
        super(message, cause);
    }
}
