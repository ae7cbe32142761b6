package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.worldcup.importer.ImportFormat;
import dev.ispd.examples.worldcup.importer.ImportReport;
import dev.ispd.examples.worldcup.importer.WorldCupImporter;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code bin/ispd import}: turns the real CSV sample or a Common Log Format file into 20-byte
 * WorldCup98 records (docs/import.md), then prints what it wrote, what it rejected and what it
 * filled in because the input did not say.
 */
@Command(name = "ispd import", mixinStandardHelpOptions = true,
        description = "Turns the real WorldCup98 CSV sample (clientID,date,time,URL,status,size) or Common Log "
                + "Format into 20-byte WorldCup98 records; gzip output when --out ends in .gz. Input may be plain, "
                + ".gz, .bz2 or a tar of one file (e.g. wc_day6_1_sample.tar.bz2).")
public final class ImportCommand implements Callable<Integer> {
    @Option(names = "--format", required = true, description = "input format: csv or clf")
    ImportFormat format;

    @Option(names = "--zone", description = "time zone of CSV dates and times, which name none "
            + "(default: GMT); e.g. Europe/Paris or +02:00")
    ZoneId zone;

    @Option(names = "--out", required = true, description = "records file to write; gzip if it ends in .gz")
    Path out;

    @Parameters(index = "0", description = "input file")
    Path input;

    @Spec
    CommandSpec spec;

    private final PrintStream stdout;

    public ImportCommand() {
        this(System.out);
    }

    ImportCommand(PrintStream stdout) {
        this.stdout = stdout;
    }

    public static void main(String[] args) {
        CommandLines.exit(new ImportCommand(), args);
    }


    @Override
    public Integer call() throws IOException {
        if (zone != null && format == ImportFormat.CLF) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--zone is for --format csv: Common Log Format timestamps carry their own zone");
        }
        WorldCupImporter importer = new WorldCupImporter(format, zone == null ? ZoneOffset.UTC : zone);
        Path partial = out.resolveSibling(out.getFileName() + ".part");
        try {
            ImportReport report;
            try (WorldCupLogWriter records = WorldCupLogWriter.of(open(partial),
                    WorldCupLogWriter.isGzipName(out.getFileName().toString()), WorldCup98.RECORD_SIZE)) {
                report = importer.importFile(input, records);
            }
            stdout.print(report.describe());
            if (report.records() == 0) {
                spec.commandLine().getErr().println(spec.name() + ": no line of " + input + " became a record; " + out
                        + " was not written");
                return ExitStatus.USAGE_OR_INPUT.code();
            }
            Files.move(partial, out, StandardCopyOption.REPLACE_EXISTING);
            stdout.printf("wrote %,d records (%,d bytes before compression) to %s%n", report.records(),
                    report.records() * WorldCup98.RECORD_SIZE, out);
            return ExitStatus.OK.code();
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /** The partial records file, an error naming {@code --out} if it cannot be created. */
    private OutputStream open(Path file) throws IOException {
        try {
            return Files.newOutputStream(file);
        } catch (IOException e) {
            throw new IOException("cannot write " + out + ": " + e.getClass().getSimpleName() + " " + e.getMessage(), e);
        }
    }
}
