package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.LogOrder;
import dev.ispd.examples.worldcup.WorldCupLoader;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bin/ispd load}: published WorldCup98 logs into osd:// (or any Hadoop file system), padded. */
@Command(name = "ispd load", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Loads published WorldCup98 logs (wc_dayX_Y.gz, gzip or raw, or - for standard input) into "
                + "one file of entries padded with zero bytes to --entry-size.",
                "Files named wc_dayX_Y[.gz] are loaded in chronological order (day X, then Y, numerically); other "
                        + "names in the order given. The target is written under a temporary name and renamed "
                        + "when every log was read: a bad log (named with its byte offset) leaves it as it was."})
public final class LoadCommand implements Callable<Integer> {
    @Option(names = "--to", required = true, paramLabel = "PATH",
            description = "target file: osd:///path (with --drives), another Hadoop URI, or a local file")
    String to;

    @Option(names = "--entry-size", description = "bytes per entry: 20 (unpadded), 32, 64, 128 or 256 "
            + "(default: ${DEFAULT-VALUE})")
    int entrySize = 256;

    @Mixin
    TargetOptions target;

    @Mixin
    HadoopConfOptions hadoop;

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "log files, or - for standard input")
    List<String> files;

    @Spec
    CommandSpec spec;

    private final PrintStream print;

    public LoadCommand() {
        this(System.out);
    }

    LoadCommand(PrintStream print) {
        this.print = print;
    }


    public static void main(String[] args) {
        CommandLines.exit(new LoadCommand(), args);
    }

    @Override
    public Integer call() throws Exception {
        CommandLine cmd = spec.commandLine();
        OptionChecks.of(cmd).oneOf("--entry-size", entrySize, WorldCup98.ENTRY_SIZES);
        if (files.stream().filter("-"::equals).count() > 1) {
            throw new CommandLine.ParameterException(cmd, "standard input (-) can be given only once");
        }
        List<String> ordered = LogOrder.of(files);
        if (!ordered.equals(files)) {
            print.println("loading in chronological order: " + String.join(" ", ordered));
        }
        long start = System.nanoTime();
        long bytes;
        try (TargetOptions.Target t = target.open(cmd, hadoop.configuration(), to, "--to", entrySize)) {
            bytes = WorldCupLoader.ofLogs(ordered, entrySize).progress(target.progress()).load(t.fs(), t.path());
        } catch (IOException e) {
            throw new IOException(e.getMessage() + "; " + to + " was left as it was", e);
        }
        print.printf("loaded %,d records from %d file(s) into %s: %,d bytes at %d B per entry in %.2f s%n",
                bytes / entrySize, files.size(), to, bytes, entrySize, (System.nanoTime() - start) / 1e9);
        return 0;
    }
}
