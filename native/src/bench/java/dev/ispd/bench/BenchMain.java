package dev.ispd.bench;

import java.io.IOException;
import java.nio.file.Path;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * Runs the benchmarks of this package with the settings in their annotations, writes JMH's JSON
 * result file and prints {@link BenchSummary}'s table from it. The {@code bench} Maven profile
 * of module native runs this (docs/benchmarks.md).
 *
 * <p>Arguments: the JSON result file, then optionally a regular expression of the benchmarks to
 * run (default: all of {@code dev.ispd.bench}).
 */
public final class BenchMain {
    private BenchMain() {
    }

    public static void main(String[] args) throws RunnerException, IOException {
        if (args.length < 1 || args.length > 2) {
            throw new IllegalArgumentException("usage: BenchMain <result.json> [benchmark regex]");
        }
        Path result = Path.of(args[0]);
        String include = args.length > 1 && !args[1].isBlank() ? args[1] : BenchMain.class.getPackageName() + ".";
        Options options = new OptionsBuilder()
                .include(include)
                .resultFormat(ResultFormatType.JSON)
                .result(result.toString())
                .build();
        new Runner(options).run();
        BenchSummary.print(result, System.out);
    }
}
