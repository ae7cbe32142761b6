package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.Quickstart;
import dev.ispd.hadoop.conf.IspdKeys;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Every command takes the cluster's Hadoop configuration as Hadoop's tools do: the site files of
 * --conf-dir (else HADOOP_CONF_DIR), and -D key=value over them; the drives, the replication and
 * the other osd:// settings then come from there.
 */
class HadoopConfigurationTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    @TempDir
    Path dir;

    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Mixin
        HadoopConfOptions hadoop;

        @Override
        public void run() {
        }
    }

    private Path confDir(String name, Map<String, String> settings) throws IOException {
        StringBuilder xml = new StringBuilder("<configuration>\n");
        settings.forEach((k, v) -> xml.append("<property><name>").append(k).append("</name><value>").append(v)
                .append("</value></property>\n"));
        Path conf = Files.createDirectories(dir.resolve(name));
        Files.writeString(conf.resolve("core-site.xml"), xml.append("</configuration>\n"));
        return conf;
    }

    private static Configuration probe(Map<String, String> environment, String... args) {
        Probe probe = new Probe();
        probe.hadoop = new HadoopConfOptions(environment);
        new CommandLine(probe).parseArgs(args);
        return probe.hadoop.configuration();
    }

    @Test
    void theDirectoryComesFromConfDirElseHadoopConfDirAndDashDGoesOverIt() throws IOException {
        Path env = confDir("env", Map.of("ispd.fs.replication", "2", "ispd.fs.lease.ms", "5000"));
        Path given = confDir("given", Map.of("ispd.fs.replication", "3"));
        Map<String, String> environment = Map.of(HadoopConfOptions.HADOOP_CONF_DIR, env.toString());

        assertEquals("2", probe(environment).get("ispd.fs.replication"), "HADOOP_CONF_DIR's core-site.xml");
        assertEquals("3", probe(environment, "--conf-dir", given.toString()).get("ispd.fs.replication"),
                "--conf-dir over HADOOP_CONF_DIR");
        Configuration both = probe(environment, "-D", "ispd.fs.lease.ms=7", "-Dispd.fs.chunk.size=4096");
        assertEquals("7", both.get("ispd.fs.lease.ms"), "-D over the files");
        assertEquals("4096", both.get("ispd.fs.chunk.size"));
        assertEquals(null, probe(Map.of()).get("ispd.fs.lease.ms"), "no directory: Hadoop's defaults only");

        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> probe(Map.of(HadoopConfOptions.HADOOP_CONF_DIR, dir.resolve("nosuch").toString())));
        assertTrue(bad.getMessage().startsWith("HADOOP_CONF_DIR " + dir.resolve("nosuch") + " is not a directory"),
                bad.getMessage());
    }

    @Test
    void everyCommandTakesConfDirAndDashD() {
        List<Object> commands = List.of(new Quickstart(), new GenerateCommand(), new LoadCommand(), new QueryCommand(),
                new InfoCommand(), new FsCommand());
        for (Object command : commands) {
            CommandLine cmd = CommandLines.of(command);
            assertTrue(cmd.getCommandSpec().findOption("--conf-dir") != null
                    && cmd.getCommandSpec().findOption("-D") != null, cmd.getCommandName());
        }
        CommandLine fsck = CommandLines.of(new FsCommand()).getSubcommands().get("fsck");
        assertTrue(fsck.getCommandSpec().findOption("--conf-dir") != null, "fs fsck takes them too");
    }

    @Test
    void generateAndInfoReachTheDrivesAndReplicationOfTheConfiguration() throws Exception {
        Path conf = confDir("cluster", Map.of(IspdKeys.FS_DRIVES.name(), DRIVES.addresses().replace(",", ",localhost=")
                .replaceFirst("^", "localhost=")));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        CommandLine generate = CommandLines.of(new GenerateCommand(new PrintStream(out, true, StandardCharsets.UTF_8)));
        generate.setErr(new PrintWriter(err, true));
        int status = generate.execute("--conf-dir", conf.toString(), "-D", "ispd.fs.replication=2", "--entries",
                "1000", "--entry-size", "32", "--chunk-size", "8192", "--out", "osd:///conf/r2.bin");
        assertEquals(0, status, err.toString());
        try (FileSystem fs = DRIVES.osd()) {
            assertEquals(2, fs.getFileStatus(new org.apache.hadoop.fs.Path("osd:///conf/r2.bin")).getReplication(),
                    "-D ispd.fs.replication=2 reached the writer");
        }

        ByteArrayOutputStream shown = new ByteArrayOutputStream();
        CommandLine info = CommandLines.of(new InfoCommand(new PrintStream(shown, true, StandardCharsets.UTF_8)));
        info.setErr(new PrintWriter(err, true));
        assertEquals(0, info.execute("--conf-dir", conf.toString(), "osd:///conf/r2.bin"), err.toString());
        assertTrue(shown.toString(StandardCharsets.UTF_8).contains("2 replicas"), shown.toString(StandardCharsets.UTF_8));
    }
}
