package dev.ispd.sim.store;

/**
 * What opening a store does when its metadata log and its data folder disagree in a way a crash
 * cannot explain: a missing or damaged log, or data files the log does not account for.
 */
public enum RecoveryMode {
    /** Refuse to open, naming the file and offset; nothing is changed. The default. */
    REFUSE,
    /**
     * Open with what the log still accounts for, and move every file it does not into
     * {@code <dir>/quarantine/<time>/} (a damaged log is copied there first). Nothing is deleted.
     */
    QUARANTINE;

    /** Parses {@code refuse} or {@code quarantine} (any case). */
    public static RecoveryMode parse(String s) {
        return LowerCaseNames.parse(values(), s, "recovery mode");
    }

    @Override
    public String toString() {
        return LowerCaseNames.of(this);
    }
}
