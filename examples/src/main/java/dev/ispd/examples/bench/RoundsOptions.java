package dev.ispd.examples.bench;

import dev.ispd.cli.OptionChecks;
import picocli.CommandLine.Option;

/**
 * The options of a benchmark that times every policy (or source) once per round and judges
 * fastest against the best static policy ({@code tpch-bench}, {@code bench-wallclock}): how many
 * rounds ({@link Rounds}) and whether each run waits for the JIT first ({@link QuietStart}).
 */
public final class RoundsOptions {
    @Option(names = "--runs", description = "timed rounds per query, a run of each policy or source in each: a number, "
            + "or auto: rounds until fastest's verdict against the best static policy settles, at most --max-runs; the "
            + "medians are reported (default: ${DEFAULT-VALUE})")
    String runs;

    @Option(names = "--max-runs", description = "the most rounds of --runs auto (default: ${DEFAULT-VALUE})")
    int maxRuns = Rounds.DEFAULT_CAP;

    @Option(names = "--no-settle", negatable = true, description = "before each timed run, untimed: wait for the JIT to "
            + "finish compiling, unless --no-settle: then straight after the previous run")
    boolean settle = true;

    /** The options with {@code runs} rounds unless {@code --runs} says otherwise. */
    public RoundsOptions(int runs) {
        this.runs = Integer.toString(runs);
    }

    /** The rounds the options ask for; a usage error through {@code checks} names a bad one. */
    public Rounds rounds(OptionChecks checks) {
        checks.atLeast("--max-runs", maxRuns, 1);
        return checks.valid("--runs", runs, () -> Rounds.parse(runs, maxRuns));
    }

    /** Whether each timed run waits for the JIT first ({@link QuietStart#settle}). */
    public boolean settle() {
        return settle;
    }

    /** Waits for the JIT, if the options say so. */
    public void beforeRun() throws InterruptedException {
        if (settle) {
            QuietStart.settle();
        }
    }

    /** What the report says of the settling: {@code ; before each run, untimed, the JIT waited for}, or nothing. */
    public String describeSettling() {
        return settle ? "; before each run, untimed, the JIT waited for" : "";
    }
}
