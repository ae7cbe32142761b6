package dev.ispd.examples.worldcup;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;

/** A progress bar on standard error for a long load, or nothing for a short one. */
public final class LoadProgress implements AutoCloseable {
    /** Whether to show the bar: AUTO shows it when the expected work is large (see the thresholds). */
    public enum Mode { AUTO, ON, OFF }

    /** AUTO shows a bar for more generated records than this. */
    public static final long AUTO_RECORDS = 4_000_000;
    /** AUTO shows a bar for more input bytes than this (an input of unknown size, stdin, shows none). */
    public static final long AUTO_BYTES = 64L << 20;

    private final ProgressBar bar;

    private LoadProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** Progress in records, {@code expected} of them. */
    static LoadProgress records(Mode mode, String task, long expected) {
        boolean shown = mode == Mode.ON || mode == Mode.AUTO && expected > AUTO_RECORDS;
        return new LoadProgress(shown ? new ProgressBarBuilder().setTaskName(task).setInitialMax(expected)
                .setUnit(" records", 1).showSpeed().build() : null);
    }

    /** Progress in input bytes, {@code expected} of them or -1 if unknown; shown in MB. */
    static LoadProgress bytes(Mode mode, String task, long expected) {
        boolean shown = mode == Mode.ON || mode == Mode.AUTO && expected > AUTO_BYTES;
        return new LoadProgress(shown ? new ProgressBarBuilder().setTaskName(task).setInitialMax(expected)
                .setUnit(" MB", 1_000_000).showSpeed().build() : null);
    }

    void stepTo(long done) {
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
