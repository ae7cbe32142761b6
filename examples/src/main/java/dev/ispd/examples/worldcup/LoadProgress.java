package dev.ispd.examples.worldcup;

import me.tongfei.progressbar.DelegatingProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress of a long load on standard error: a bar redrawn in place on a terminal; elsewhere (a
 * log file, a pipe) a plain ASCII line of {@value #LINE_WIDTH} characters every
 * {@value #LINE_INTERVAL_MS} ms at most, so no file fills with carriage-return frames or colour
 * codes; nothing for a short load or when turned off.
 */
public final class LoadProgress implements AutoCloseable {
    /** Whether to show progress: AUTO shows it when the expected work is large (see the thresholds). */
    public enum Mode { AUTO, ON, OFF }

    /** AUTO shows progress for more generated records than this. */
    public static final long AUTO_RECORDS = 4_000_000;
    /** AUTO shows progress for more input bytes than this (an input of unknown size, stdin, shows none). */
    public static final long AUTO_BYTES = 64L << 20;
    /** Off a terminal, the least time between two progress lines. */
    static final int LINE_INTERVAL_MS = 5_000;
    /** Off a terminal, which has no width to fit, the length of a progress line. */
    static final int LINE_WIDTH = 100;

    private final ProgressBar bar;

    private LoadProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** Progress in records, {@code expected} of them. */
    public static LoadProgress records(Mode mode, String task, long expected) {
        return start(mode, expected > AUTO_RECORDS, new ProgressBarBuilder().setTaskName(task).setInitialMax(expected)
                .setUnit(" records", 1));
    }

    /** Progress in input bytes, {@code expected} of them or -1 if unknown; shown in MB. */
    static LoadProgress bytes(Mode mode, String task, long expected) {
        return start(mode, expected > AUTO_BYTES, new ProgressBarBuilder().setTaskName(task).setInitialMax(expected)
                .setUnit(" MB", 1_000_000));
    }

    private static LoadProgress start(Mode mode, boolean large, ProgressBarBuilder builder) {
        if (mode == Mode.OFF || mode == Mode.AUTO && !large) {
            return new LoadProgress(null);
        }
        builder.showSpeed();
        if (System.console() == null) {
            builder.setConsumer(new DelegatingProgressBarConsumer(System.err::println, LINE_WIDTH))
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(LINE_INTERVAL_MS);
        }
        return new LoadProgress(builder.build());
    }

    public void stepTo(long done) {
        if (bar != null) {
            bar.stepTo(done);
        }
    }

    @Override
    public void close() {
        if (bar != null) {
            bar.close();
        }
    }
}
