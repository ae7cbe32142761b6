package dev.ispd.examples.bench;

import dev.ispd.cli.OptionChecks;
import picocli.CommandLine.Option;

/**
 * The options of a benchmark that times every policy (or source) once per round and judges
 * fastest against the best static policy ({@code tpch-bench}, {@code bench-wallclock}): how many
 * rounds ({@link Rounds}).
 */
public final class RoundsOptions {
    @Option(names = "--runs", description = "timed rounds per query, a run of each policy or source in each: a number, "
            + "or auto: rounds until fastest's verdict against the best static policy settles, at most --max-runs; the "
            + "medians are reported (default: ${DEFAULT-VALUE})")
    String runs;

    @Option(names = "--max-runs", description = "the most rounds of --runs auto (default: ${DEFAULT-VALUE})")
    int maxRuns = Rounds.DEFAULT_CAP;

    /** The options with {@code runs} rounds unless {@code --runs} says otherwise. */
    public RoundsOptions(int runs) {
        this.runs = Integer.toString(runs);
    }

    /** The rounds the options ask for; a usage error through {@code checks} names a bad one. */
    public Rounds rounds(OptionChecks checks) {
        checks.atLeast("--max-runs", maxRuns, 1);
        return checks.valid("--runs", runs, () -> Rounds.parse(runs, maxRuns));
    }

}
