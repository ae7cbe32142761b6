package dev.ispd.cli;

import java.util.Collection;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.ParameterException;

/**
 * Checks of a command's option values before it does any work. Each failure is a usage error
 * (exit status 2) whose one line names the option, the value given and what is allowed:
 * {@code --entries must be at least 1, got 0}.
 */
public final class OptionChecks {
    private final CommandLine cmd;

    private OptionChecks(CommandLine cmd) {
        this.cmd = cmd;
    }

    public static OptionChecks of(CommandLine cmd) {
        return new OptionChecks(cmd);
    }

    public OptionChecks atLeast(String option, long value, long min) {
        return require(value >= min, option, value, "at least " + min);
    }

    public OptionChecks oneOf(String option, Object value, Collection<?> allowed) {
        return require(allowed.contains(value), option, value, "one of " + allowed);
    }

    /** Fails unless {@code ok}, saying {@code option} must be {@code allowed}. */
    public OptionChecks require(boolean ok, String option, Object value, String allowed) {
        if (!ok) {
            throw new ParameterException(cmd, option + " must be " + allowed + ", got "
                    + (value instanceof String ? "'" + value + "'" : value));
        }
        return this;
    }

    /**
     * What {@code make} builds from {@code option}'s {@code value}; its IllegalArgumentException,
     * which says what is allowed, becomes a usage error naming the option and the value.
     */
    public <T> T valid(String option, Object value, Supplier<T> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(cmd, option + " " + value + ": " + e.getMessage());
        }
    }

    /** A usage error with {@code message}, for a combination of options no single check covers. */
    public ParameterException usage(String message) {
        return new ParameterException(cmd, message);
    }
}
