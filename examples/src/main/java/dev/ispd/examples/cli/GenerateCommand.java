package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.worldcup.WorldCup98;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bin/ispd generate}: synthetic WorldCup98 entries into a local file or osd:// (docs/worldcup98.md). */
@Command(name = "ispd generate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Writes generated WorldCup98 entries, deterministic for a seed, to a local file (raw, or "
                + "gzip when its name ends in .gz; at --entry-size 20 this is the published wc_dayX_Y format) or "
                + "to an osd:// path on running drives (--drives).")
public final class GenerateCommand implements Callable<Integer> {
    @Option(names = "--entries", required = true, description = "entries to generate")
    long entries;

    @Option(names = "--entry-size", description = "bytes per entry: 20 (unpadded), 32, 64, 128 or 256 "
            + "(default: ${DEFAULT-VALUE})")
    int entrySize = 20;

    @Option(names = "--seed", description = "generator seed (default: ${DEFAULT-VALUE})")
    long seed = 1998;

    @Option(names = "--out", required = true, paramLabel = "PATH",
            description = "local file, or osd:///path (with --drives)")
    String out;

    @Mixin
    TargetOptions target;

    @Mixin
    HadoopConfOptions hadoop;

    @Spec
    CommandSpec spec;

    private final PrintStream print;

    public GenerateCommand() {
        this(System.out);
    }

    GenerateCommand(PrintStream print) {
        this.print = print;
    }


    public static void main(String[] args) {
        CommandLines.exit(new GenerateCommand(), args);
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        OptionChecks.of(cmd).atLeast("--entries", entries, 1).oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES);
        long start = System.nanoTime();
        long bytes;
        try (TargetOptions.Target t = target.open(cmd, hadoop.configuration(), out, "--out", entrySize)) {
            bytes = new WorldCupLoader(seed, entries, entrySize).progress(target.progress()).load(t.fs(), t.path());
        }
        print.printf("generated %,d entries of %d B (%,d bytes) with seed %d into %s in %.2f s%n", entries, entrySize,
                bytes, seed, out, (System.nanoTime() - start) / 1e9);
        return 0;
    }
}
