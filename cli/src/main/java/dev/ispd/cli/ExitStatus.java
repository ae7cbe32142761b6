package dev.ispd.cli;

/**
 * The exit statuses of every ispd command, the one table docs/cli.md prints. A command never
 * exits with another status, except the drive daemon stopped by a signal (128 + the signal's
 * number, as every JVM does: 143 for SIGTERM).
 */
public enum ExitStatus {
    OK(0, "success"),
    ANSWERS_DIFFER(1, "the command ran, but answers it compares differ (query, quickstart, spark-quickstart, bench-wallclock, tpch-bench), "
            + "fs fsck found the file system not healthy, stored data fails its checksums (drive-cli scrub), "
            + "or a measurement was spoiled by the clock and nothing was written (calibrate-host)"),
    USAGE_OR_INPUT(2, "a bad option value, or an input, path or drive the command could not use: one line names "
            + "the option, file or drive, and nothing already stored was changed"),
    INTERNAL_ERROR(3, "an unexpected error, a bug in ispd: one line names it; --verbose prints the stack trace");

    private final int code;
    private final String meaning;

    ExitStatus(int code, String meaning) {
        this.code = code;
        this.meaning = meaning;
    }

    public int code() {
        return code;
    }

    public String meaning() {
        return meaning;
    }
}
