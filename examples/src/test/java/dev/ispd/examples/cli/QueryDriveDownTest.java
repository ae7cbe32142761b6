package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.offload.plan.SplitPlanner;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileSystem;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import picocli.CommandLine;

/**
 * {@code bin/ispd query --drives n0,n1,n2} with one listed drive down, every byte having a copy
 * elsewhere: planning goes without the drive (logged) and all three variants run on the replicas
 * and agree.
 */
class QueryDriveDownTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(3);

    @AfterEach
    void closeClients() throws IOException {
        FileSystem.closeAll();
    }

    @Test
    void aDriveDownLeavesTheQueryToTheReplicas() throws Exception {
        String all = DRIVES.addresses();
        CommandLine generate = CommandLines.of(new GenerateCommand(new PrintStream(new ByteArrayOutputStream())));
        StringWriter err = new StringWriter();
        generate.setErr(new PrintWriter(err, true));
        assertEquals(0, generate.execute("--drives", all, "-D", "ispd.fs.replication=2", "--entries", "20000",
                "--entry-size", "32", "--chunk-size", "65536", "--out", "osd:///down/day.bin"), err.toString());
        FileSystem.closeAll();
        DRIVES.stop(2); // not drive 0, which keeps the namespace journal

        StringWriter log = new StringWriter();
        Logger planner = Logger.getLogger(SplitPlanner.class);
        WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
        planner.addAppender(appender);
        planner.setLevel(Level.WARN);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        int status;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            CommandLine query = CommandLines.of(new QueryCommand());
            query.setErr(new PrintWriter(err, true));
            status = query.execute("--query", "q1", "--variant", "all", "--drives", all, "--input",
                    "osd:///down/day.bin", "-D", "ispd.device.probe.timeout.ms=2000");
        } finally {
            System.setOut(stdout);
            planner.removeAppender(appender);
            planner.setLevel(null);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, err + printed);
        assertTrue(printed.contains("the 3 variants gave identical answers"), printed);
        assertTrue(log.toString().contains("planning without drive 2 (" + all.split(",")[2] + ") did not answer"),
                log.toString());
    }
}
