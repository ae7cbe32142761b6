package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bin/ispd config: each setting with its origin, and unknown keys and bad values refused by name. */
class ConfigCommandTest {
    @TempDir
    Path dir;

    /** What the command printed and returned. */
    private record Run(int status, String out, String err) {
        /** The table row of {@code key}, its columns split on runs of spaces. */
        String[] row(String key) {
            return Arrays.stream(out.split("\n")).map(String::strip).filter(l -> l.startsWith(key + " "))
                    .findFirst().orElseThrow(() -> new AssertionError("no row " + key + " in\n" + out))
                    .split(" {2,}");
        }
    }

    private static Run config(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int status = CommandLines.of(new ConfigCommand(new PrintStream(out, true, StandardCharsets.UTF_8)))
                .setErr(new PrintWriter(err, true)).execute(args);
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString().strip());
    }

    private Path xml(String name, Map<String, String> keys) throws Exception {
        Configuration conf = new Configuration(false);
        keys.forEach(conf::set);
        Path file = dir.resolve(name);
        try (OutputStream out = Files.newOutputStream(file)) {
            conf.writeXml(out);
        }
        return file;
    }

    @Test
    void eachSettingSaysWhereItCameFrom() throws Exception {
        Path cluster = xml("cluster.xml", Map.of("ispd.offload.policy", "fastest", "ispd.offload.weight", "0.3",
                "ispd.fs.replication", "2"));
        Path job = xml("job.xml", Map.of("ispd.offload.policy", "weighted", "ispd.auth.identity", "7",
                "ispd.auth.key", "00ff"));
        Run r = config("--drives", "n1=tcp:10.0.0.1:7070,n2=tcp:10.0.0.2:7070", "--job-conf", job.toString(),
                "--cluster-conf", cluster.toString());
        assertEquals(0, r.status(), r.err());
        assertEquals("n1=tcp:10.0.0.1:7070,n2=tcp:10.0.0.2:7070|--drives", String.join("|",
                Arrays.copyOfRange(r.row("ispd.fs.drives"), 1, 3)));
        assertEquals("weighted|job (" + job + ")", String.join("|", Arrays.copyOfRange(r.row("ispd.offload.policy"),
                1, 3)));
        assertEquals("0.3|cluster (" + "file:" + cluster + ")",
                String.join("|", Arrays.copyOfRange(r.row("ispd.offload.weight"), 1, 3)));
        assertEquals("2", r.row("ispd.fs.replication")[1]);
        assertEquals("host-i5-2500|default", String.join("|", Arrays.copyOfRange(r.row("ispd.offload.host.profile"),
                1, 3)));
        assertEquals("600000|default", String.join("|", Arrays.copyOfRange(r.row("ispd.device.timeout.ms"), 1, 3)));
        assertEquals("1|default", String.join("|", Arrays.copyOfRange(r.row("ispd.device.retries"), 1, 3)));
        assertEquals("7", r.row("ispd.auth.identity")[1]);
        assertEquals("(set, hidden)", r.row("ispd.auth.key")[1]);
        assertTrue(!r.out().contains("00ff"), r.out());
    }

    @Test
    void theClustersConfDirAndDashDSettingsAreLayersOfTheirOwn() throws Exception {
        Path confDir = Files.createDirectories(dir.resolve("hadoop-conf"));
        Path site = xml("hadoop-conf/core-site.xml", Map.of("ispd.offload.weight", "0.4", "ispd.device.retries", "2"));
        Run r = config("--conf-dir", confDir.toString(), "-D", "ispd.device.retries=3", "-D",
                "ispd.offload.policy=least-energy");
        assertEquals(0, r.status(), r.err());
        assertEquals("0.4|cluster (file:" + site + ")", String.join("|",
                Arrays.copyOfRange(r.row("ispd.offload.weight"), 1, 3)));
        assertEquals("3|-D", String.join("|", Arrays.copyOfRange(r.row("ispd.device.retries"), 1, 3)));
        assertEquals("least-energy|-D", String.join("|", Arrays.copyOfRange(r.row("ispd.offload.policy"), 1, 3)));

        Run typo = config("-D", "ispd.device.retires=3");
        assertEquals(2, typo.status(), typo.out());
        assertTrue(typo.err().contains("unknown key ispd.device.retires in -D; did you mean ispd.device.retries?"),
                typo.err());
        Run missing = config("--conf-dir", dir.resolve("nowhere").toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("--conf-dir " + dir.resolve("nowhere") + " is not a directory"), missing.err());
    }

    @Test
    void anUnknownKeyIsRefusedNamingTheNearestKnownOne() throws Exception {
        Path job = xml("job.xml", Map.of("ispd.offload.polcy", "weighted"));
        Run r = config("--job-conf", job.toString());
        assertEquals(2, r.status());
        assertEquals("ispd config: unknown key ispd.offload.polcy in job (" + job + "); did you mean "
                + "ispd.offload.policy? (docs/hadoop.md lists the keys)", r.err());
        Path cluster = xml("cluster.xml", Map.of("ispd.device.retry", "3"));
        Run c = config("--cluster-conf", cluster.toString());
        assertEquals("ispd config: unknown key ispd.device.retry in " + "file:" + cluster
                + "; did you mean ispd.device.retries? (docs/hadoop.md lists the keys)", c.err());
    }

    @Test
    void aBadValueOrFileIsRefusedNamingIt() throws Exception {
        Path job = xml("job.xml", Map.of("ispd.offload.weight", "2"));
        Run r = config("--job-conf", job.toString());
        assertEquals(2, r.status());
        assertEquals("ispd config: ispd.offload.weight: '2' must be a number from 0 to 1", r.err());
        Path junk = Files.writeString(dir.resolve("junk.xml"), "<configuration><property>");
        Run j = config("--job-conf", junk.toString());
        assertEquals(2, j.status());
        assertTrue(j.err().startsWith("ispd config: --job-conf " + junk + ": not a Hadoop configuration file: "),
                j.err());
        Run missing = config("--cluster-conf", dir.resolve("none.xml").toString());
        assertEquals("ispd config: --cluster-conf " + dir.resolve("none.xml") + ": no such file "
                + "(--help lists the options)", missing.err());
    }
}
