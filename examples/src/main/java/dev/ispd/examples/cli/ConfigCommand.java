package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.hadoop.conf.IspdKeys;
import java.io.PrintStream;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bin/ispd config}: the ispd settings a MapReduce job would run with on this cluster, each
 * with where its value came from, checked as the job checks them; refuses an unknown ispd key.
 */
@Command(name = "ispd config", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Prints the ispd settings a MapReduce job would run with (policy, weight, host profile, "
                + "timeouts, retries, replication, auth identity, ...) and where each value came from: the command "
                + "line, the job's configuration, the cluster's, or the default. An ispd.* key no part of ispd "
                + "reads is refused, naming the known key nearest to it; a bad value is refused naming its key.")
public final class ConfigCommand implements Callable<Integer> {
    @Option(names = "--drives", split = ",", paramLabel = "ADDR",
            description = "the drives of osd:// (ispd.fs.drives), e.g. node1=tcp:10.0.0.1:7070,node2=tcp:10.0.0.2:7070")
    List<String> drives;

    @Option(names = "--job-conf", paramLabel = "FILE",
            description = "a job's configuration (Hadoop XML, as written by Configuration.writeXml or a job.xml)")
    java.nio.file.Path jobConf;

    @Option(names = "--cluster-conf", paramLabel = "FILE",
            description = "a cluster configuration file (Hadoop XML) over core-site.xml on the class path and the "
                    + "--conf-dir files; repeatable, later files win")
    List<java.nio.file.Path> clusterConf = new ArrayList<>();

    @Mixin
    HadoopConfOptions hadoop = new HadoopConfOptions();

    @Spec
    CommandSpec spec;

    private final PrintStream print;

    public ConfigCommand() {
        this(System.out);
    }

    ConfigCommand(PrintStream print) {
        this.print = print;
    }

    public static void main(String[] args) {
        CommandLines.exit(new ConfigCommand(), args);
    }

    @Override
    public Integer call() {
        List<EffectiveSettings.Layer> layers = new ArrayList<>();
        if (drives != null) {
            Configuration given = new Configuration(false);
            given.set(IspdKeys.FS_DRIVES.name(), String.join(",", drives));
            layers.add(new EffectiveSettings.Layer("--drives", given));
        }
        if (!hadoop.settings.isEmpty()) {
            Configuration given = new Configuration(false);
            hadoop.settings.forEach(given::set);
            layers.add(new EffectiveSettings.Layer("-D", given));
        }
        if (jobConf != null) {
            layers.add(new EffectiveSettings.Layer("job (" + jobConf + ")", load(new Configuration(false), "--job-conf",
                    jobConf)));
        }
        Configuration cluster = hadoop.siteConfiguration();
        for (java.nio.file.Path file : clusterConf) {
            load(cluster, "--cluster-conf", file);
        }
        EffectiveSettings settings = EffectiveSettings.of(layers, cluster);
        print.println("ispd settings of a job" + (jobConf == null ? "" : " with " + jobConf)
                + " (command line over job over cluster over default)");
        print.print(settings.table());
        return 0;
    }

    /** {@code conf} with the XML file added; a file that is missing or does not parse is an error naming it. */
    private Configuration load(Configuration conf, String option, java.nio.file.Path file) {
        if (!Files.isRegularFile(file)) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + " " + file + ": no such file");
        }
        conf.addResource(new Path(file.toAbsolutePath().toUri()));
        try {
            conf.size(); // Hadoop parses lazily: parse now, so that a bad file is named here
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(option + " " + file + ": not a Hadoop configuration file: "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()), e);
        }
        return conf;
    }
}
