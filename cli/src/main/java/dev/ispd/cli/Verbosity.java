package dev.ispd.cli;

import picocli.CommandLine.Option;

/** The {@code --verbose} option every command gets from {@link CommandLines}. */
public final class Verbosity {
    @Option(names = "--verbose", description = "on an error, print its stack trace too")
    boolean verbose;
}
