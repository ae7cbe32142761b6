package dev.ispd.cli;

import java.io.IOException;
import picocli.CommandLine;

/** Reports I/O and drive errors as one line naming what went wrong, not a stack trace. */
public final class CliErrors {
    private CliErrors() {
    }

    /** Exit status of a command that failed on an I/O or drive error. */
    public static final int IO_FAILURE = 2;

    /**
     * The command line every tool runs (main and the tests alike): enum values in any case, I/O
     * errors reported by {@link #handler}.
     */
    public static CommandLine commandLine(Object command) {
        return new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true).setExecutionExceptionHandler(handler());
    }

    public static CommandLine.IExecutionExceptionHandler handler() {
        return (ex, cmd, parseResult) -> {
            if (!(ex instanceof IOException)) {
                throw ex;
            }
            cmd.getErr().println(cmd.getCommandName() + ": " + ex.getMessage());
            return IO_FAILURE;
        };
    }
}
