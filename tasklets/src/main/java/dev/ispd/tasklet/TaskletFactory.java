package dev.ispd.tasklet;

import dev.ispd.protocol.BadParameterException;

import dev.ispd.protocol.Params;

/**
 * A named tasklet: a built-in, found through {@link java.util.ServiceLoader} by
 * {@link TaskletRegistry}, or a loaded user module ({@code dev.ispd.tasklet.wasm}). The name is
 * what CREATE_TASKLET names on the wire.
 */
public interface TaskletFactory {

    /** The tasklet's name, e.g. {@code q1}, or {@code name@version} for a user module. */
    String name();

    /** Checks the parameters given when the tasklet instance is created on a drive. */
    void validate(Params params) throws BadParameterException;

    /** A fresh tasklet for one execution, with its creation and runtime parameters. */
    Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException;

    /**
     * The work a scan of {@code bytes} bytes would meter, for a scheduler's prediction before the
     * scan runs: one extent of whole records starting on a page boundary, pages of
     * {@code pageSize} bytes. {@code params} are the merged creation and runtime parameters. Each
     * built-in documents which counts are exact and which are bounds (data-dependent counts such
     * as result bytes). This default knows only the scan itself (pages and bytes, no tasklet
     * work): a lower bound that an online correction of observed costs has to make up.
     *
     * @throws IllegalArgumentException if the parameters are invalid (the message names the key),
     *                                  or {@code bytes} is negative or {@code pageSize} not positive
     */
    default Meter estimate(Params params, long bytes, int pageSize) {
        return Estimates.scanOnly(bytes, pageSize);
    }
}
