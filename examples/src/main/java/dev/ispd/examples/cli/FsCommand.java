package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.FsckReport;
import dev.ispd.hadoop.fs.OsdFileSystem;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Unmatched;

/**
 * {@code bin/ispd fs}: Hadoop's FsShell ({@code hadoop fs}) with osd:// on {@code --drives}, no
 * core-site.xml needed; {@code bin/ispd fs fsck [--repair]} checks osd:// against its drives.
 */
@Command(name = "ispd fs", mixinStandardHelpOptions = true, subcommands = FsCommand.Fsck.class,
        description = {"Hadoop's FsShell (the commands of 'hadoop fs': -ls, -put, -cat, -checksum, ...; generic "
                + "options such as -D key=value too) with osd:// on --drives, e.g.",
                "  bin/ispd fs --drives tcp:127.0.0.1:7000 -ls -R osd:///",
                "fsck checks osd:// against its drives (see 'bin/ispd fs fsck --help')."})
public final class FsCommand implements Callable<Integer> {
    @Option(names = "--drives", scope = ScopeType.INHERIT, split = ",", paramLabel = "ADDR",
            description = "addresses of the running drives of osd:// (host=ADDR names a drive's node); without it, "
                    + "ispd.fs.drives from -D or the Hadoop configuration (--conf-dir, HADOOP_CONF_DIR)")
    List<String> drives = List.of();

    @Mixin
    HadoopConfOptions hadoop;

    @Unmatched
    List<String> shellArgs = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The command line: what follows the options goes to FsShell as it is. */
    static CommandLine commandLine() {
        return CommandLines.of(new FsCommand()).setStopAtUnmatched(true);
    }

    /** The Hadoop configuration (--conf-dir, -D) with the drives of {@code --drives}, if given. */
    Configuration conf() {
        Configuration conf = hadoop.configuration();
        return drives.isEmpty() ? conf : WorldCupDrives.drives(conf, drives);
    }

    @Override
    public Integer call() throws Exception {
        int status = ToolRunner.run(conf(), new FsShell(), shellArgs.toArray(new String[0]));
        return status == 0 ? ExitStatus.OK.code() : ExitStatus.USAGE_OR_INPUT.code();
    }

    /** {@code bin/ispd fs fsck}. */
    @Command(name = "fsck", mixinStandardHelpOptions = true,
            description = {"Checks osd:// against its drives: namespace damage (journal, checkpoint), chunks with "
                    + "no replica left (missing), chunks that lost replicas (under-replicated), objects no file "
                    + "names (orphans). Exit status 0 when healthy, 1 when not.",
                    "--repair writes a new checkpoint over a damaged one, copies under-replicated chunks to other "
                            + "drives, and deletes orphans that have been orphans for the grace period (a writer "
                            + "that is still writing keeps its objects). When the namespace read looks empty or "
                            + "foreign (it accounts for fewer of the drives' data objects than it leaves unnamed) "
                            + "nothing is deleted unless --trust-namespace is given.",
                    "The namespace is the one the configuration names: in ZooKeeper with "
                            + "ispd.fs.namespace.zookeeper (-D, --conf-dir, HADOOP_CONF_DIR), else the journal on "
                            + "drive ispd.fs.namespace.drive."})
    static final class Fsck implements Callable<Integer> {
        @ParentCommand
        FsCommand fs;

        @Option(names = "--repair", description = "repair what can be repaired")
        boolean repair;

        @Option(names = "--trust-namespace", description = "let --repair delete orphans even when the namespace "
                + "read accounts for fewer of the drives' data objects than it leaves unnamed (it looks empty or "
                + "another file system's: check --conf-dir and -D ispd.fs.namespace.zookeeper first)")
        boolean trustNamespace;

        @Option(names = "--grace-ms", paramLabel = "MS", description = "how long an object must have been an "
                + "orphan before --repair deletes it (default: ispd.fs.fsck.grace.ms, one hour)")
        Long graceMs;

        @Override
        public Integer call() throws Exception {
            Configuration conf = fs.conf();
            long grace = graceMs != null ? graceMs : conf.getLong(IspdKeys.FS_FSCK_GRACE_MS.name(),
                    Long.parseLong(IspdKeys.FS_FSCK_GRACE_MS.defaultValue()));
            if (grace < 0) {
                throw new CommandLine.ParameterException(new CommandLine(this), "--grace-ms must be 0 or more, got "
                        + grace);
            }
            try (OsdFileSystem osd = (OsdFileSystem) FileSystem.newInstance(URI.create("osd:///"), conf)) {
                FsckReport report = osd.fsck(repair, grace, trustNamespace);
                System.out.print(report.text());
                return report.healthy() ? ExitStatus.OK.code() : ExitStatus.ANSWERS_DIFFER.code();
            }
        }
    }
}
