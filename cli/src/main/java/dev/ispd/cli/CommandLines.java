package dev.ispd.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * The command line every ispd tool runs, in main and in tests alike: enum values in any case, a
 * {@code --verbose} option, and errors as one line, {@code "<command>: <what was wrong>"}, with
 * the {@link ExitStatus} that says whose the problem is. A bad option, an unreadable input and an
 * unreachable drive are the user's to fix (status 2); anything else is a bug (status 3).
 */
public final class CommandLines {
    private static final String VERBOSITY = "verbosity";

    private CommandLines() {
    }

    /** {@code command} (a picocli command object) ready to {@link CommandLine#execute}. */
    public static CommandLine of(Object command) {
        CommandLine cmd = new CommandLine(command).setCaseInsensitiveEnumValuesAllowed(true);
        cmd.addMixin(VERBOSITY, new Verbosity());
        cmd.setParameterExceptionHandler(CommandLines::badUsage);
        cmd.setExecutionExceptionHandler((ex, failed, parsed) -> failure(ex, failed));
        return cmd;
    }

    /** Runs {@code command} with {@code args} and exits the JVM with its status. */
    public static void exit(Object command, String... args) {
        System.exit(of(command).execute(args));
    }

    private static int badUsage(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        cmd.getErr().println(cmd.getCommandName() + ": " + ex.getMessage() + " (--help lists the options)");
        if (verbose(cmd)) {
            ex.printStackTrace(cmd.getErr());
        }
        return ExitStatus.USAGE_OR_INPUT.code();
    }

    private static int failure(Exception ex, CommandLine cmd) {
        ExitStatus status = isUsersToFix(ex) ? ExitStatus.USAGE_OR_INPUT : ExitStatus.INTERNAL_ERROR;
        PrintWriter err = cmd.getErr();
        if (verbose(cmd)) {
            ex.printStackTrace(err);
        }
        String line = cmd.getCommandName() + ": " + ErrorText.of(ex);
        err.println(status == ExitStatus.INTERNAL_ERROR && !verbose(cmd)
                ? line + " (an internal error; --verbose prints the stack trace)" : line);
        return status.code();
    }

    /**
     * I/O errors (files, drives) and the IllegalArgumentExceptions our libraries throw for values
     * they refuse are the user's to fix; any other exception is a bug.
     */
    private static boolean isUsersToFix(Exception ex) {
        return ex instanceof IOException || ex instanceof UncheckedIOException || ex instanceof IllegalArgumentException;
    }

    private static boolean verbose(CommandLine cmd) {
        Object mixin = cmd.getMixins().get(VERBOSITY);
        return mixin instanceof Verbosity v && v.verbose;
    }
}
