package dev.ispd.tasklet;

/**
 * A named built-in tasklet. Found through {@link java.util.ServiceLoader} by
 * {@link TaskletRegistry}; the name is what CREATE_TASKLET names on the wire.
 */
public interface TaskletFactory {

    /** The built-in's name, e.g. {@code q1}. */
    String name();

    /** Checks the parameters given when the tasklet instance is created on a drive. */
    void validate(Params params) throws BadParameterException;

    /** A fresh tasklet for one execution, with its creation and runtime parameters. */
    Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException;
}
