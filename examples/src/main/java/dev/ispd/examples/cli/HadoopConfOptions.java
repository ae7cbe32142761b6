package dev.ispd.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/**
 * The cluster's Hadoop configuration, taken as Hadoop's own tools take it: the site files of a
 * configuration directory ({@code --conf-dir}, else {@code HADOOP_CONF_DIR}), then {@code -D
 * key=value} settings over them. Every command that reaches osd:// or runs a job mixes it in, so
 * the drives, the replication, the namespace (ZooKeeper or a drive), the identity and the
 * timeouts are the cluster's, not a default. A command's subcommands take the options too.
 */
public final class HadoopConfOptions {
    /** The environment variable Hadoop's scripts take the configuration directory from. */
    public static final String HADOOP_CONF_DIR = "HADOOP_CONF_DIR";
    /** The files read from the directory, in this order (a later one's settings win), those that exist. */
    static final List<String> SITE_FILES = List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml");

    @Option(names = "--conf-dir", scope = ScopeType.INHERIT, paramLabel = "DIR", description = "a Hadoop configuration directory: its "
            + "core-site.xml, hdfs-site.xml, mapred-site.xml and yarn-site.xml are read (default: $HADOOP_CONF_DIR "
            + "when set)")
    Path confDir;

    @Option(names = "-D", scope = ScopeType.INHERIT, paramLabel = "KEY=VALUE", description = "a Hadoop setting over the configuration "
            + "directory's, e.g. -D ispd.fs.replication=2 or -D ispd.fs.namespace.zookeeper=zk1:2181 (repeatable)")
    Map<String, String> settings = new LinkedHashMap<>();

    private final Map<String, String> environment;

    public HadoopConfOptions() {
        this(System.getenv());
    }

    /** Options that take {@code HADOOP_CONF_DIR} from {@code environment} (tests). */
    HadoopConfOptions(Map<String, String> environment) {
        this.environment = environment;
    }

    /**
     * Hadoop's defaults, the directory's site files and the {@code -D} settings. A directory that
     * is not one is an IllegalArgumentException (a usage error) naming where it came from.
     */
    public Configuration configuration() {
        Configuration conf = siteConfiguration();
        settings.forEach(conf::set);
        return conf;
    }

    /** Hadoop's defaults and the directory's site files, without the {@code -D} settings. */
    Configuration siteConfiguration() {
        Configuration conf = new Configuration();
        Path dir = directory();
        if (dir != null) {
            for (String name : SITE_FILES) {
                Path file = dir.resolve(name);
                if (Files.isRegularFile(file)) {
                    conf.addResource(new org.apache.hadoop.fs.Path(file.toUri()));
                }
            }
        }
        return conf;
    }

    /** The configuration directory in use, or null when neither --conf-dir nor HADOOP_CONF_DIR names one. */
    Path directory() {
        String env = environment.get(HADOOP_CONF_DIR);
        Path dir = confDir != null ? confDir : env == null || env.isBlank() ? null : Path.of(env);
        if (dir != null && !Files.isDirectory(dir)) {
            String source = confDir != null ? "--conf-dir" : HADOOP_CONF_DIR;
            throw new IllegalArgumentException(source + " " + dir
                    + " is not a directory: name the Hadoop configuration directory (holding core-site.xml)");
        }
        return dir;
    }
}
