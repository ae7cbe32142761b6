package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.examples.worldcup.WorldCupGenerator;
import dev.ispd.hadoop.fs.LayoutAttribute;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The layout travels with the file: load and generate record it in osd://, and query takes the
 * entry size from it; a --entry-size that disagrees (the silent wrong answer: 20-byte
 * entries read as 32-byte ones) is a usage error naming both; info shows it, with the file's
 * length and chunks. Two in-JVM drives over TCP.
 */
class FileLayoutCommandsTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    @TempDir
    Path dir;

    @AfterEach
    void closeClients() throws IOException {
        FileSystem.closeAll();
    }

    /** What a command returned and wrote to standard error. */
    record Run(int status, String err) {
    }

    private static Run run(CommandLine cmd, String... args) {
        StringWriter err = new StringWriter();
        cmd.setErr(new PrintWriter(err, true));
        return new Run(cmd.execute(args), err.toString());
    }

    private static Run query(String... args) {
        PrintStream stdout = System.out;
        try {
            System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
            return run(CommandLines.of(new QueryCommand()), args);
        } finally {
            System.setOut(stdout);
        }
    }

    private static Optional<String> layoutOf(String path) throws IOException {
        try (FileSystem fs = DRIVES.osd()) {
            return LayoutAttribute.read(fs, new org.apache.hadoop.fs.Path(path));
        }
    }

    /** The file: 5,000 entries loaded at 20 B into osd:///k/keep.bin. */
    private void loadKeepAt20Bytes() throws IOException {
        ByteBuffer entries = ByteBuffer.allocate(5_000 * 20);
        WorldCupGenerator.withDefaults(1, 5_000).fill(entries, 5_000, 20);
        Path log = Files.write(dir.resolve("wc_day6_1"), entries.array());
        Run loaded = run(CommandLines.of(new LoadCommand(new PrintStream(new ByteArrayOutputStream()))),
                "--drives", DRIVES.addresses(), "--entry-size", "20", "--to", "osd:///k/keep.bin", log.toString());
        assertEquals(0, loaded.status(), loaded.err());
    }

    @Test
    void aDisagreeingEntrySizeIsAnErrorNamingBothInsteadOfAWrongAnswer() throws IOException {
        loadKeepAt20Bytes();
        assertEquals(Optional.of("worldcup98/20"), layoutOf("osd:///k/keep.bin"));

        Run wrong = query("--query", "q1", "--entry-size", "32", "--input", "osd:///k/keep.bin", "--drives", DRIVES.addresses());

        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), wrong.status(), wrong.err());
        assertEquals(1, wrong.err().lines().count(), wrong.err());
        assertTrue(wrong.err().contains("--input osd:///k/keep.bin") && wrong.err().contains("entries of 20 B")
                && wrong.err().contains("entry size of 32 B"), wrong.err());
    }

    @Test
    void theEntrySizeComesFromTheFileAndAnAgreeingOneIsFine() throws IOException {
        loadKeepAt20Bytes();
        Run recorded = query("--query", "q1", "--variant", "device", "--input", "osd:///k/keep.bin",
                "--drives", DRIVES.addresses());
        assertEquals(0, recorded.status(), recorded.err());
        Run agreeing = query("--query", "q1", "--variant", "device", "--entry-size", "20",
                "--input", "osd:///k/keep.bin", "--drives", DRIVES.addresses());
        assertEquals(0, agreeing.status(), agreeing.err());
    }

    @Test
    void aFileWithoutALayoutNeedsAnExplicitEntrySize() throws IOException {
        try (FileSystem fs = DRIVES.osd(); FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/put/plain.bin"))) {
            ByteBuffer entries = ByteBuffer.allocate(1_000 * 32);
            WorldCupGenerator.withDefaults(2, 1_000).fill(entries, 1_000, 32);
            out.write(entries.array()); // as hadoop fs -put writes it: no layout
        }
        Run none = query("--query", "q1", "--variant", "device", "--input", "osd:///put/plain.bin",
                "--drives", DRIVES.addresses());
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), none.status(), none.err());
        assertTrue(none.err().contains("--input osd:///put/plain.bin records no layout: give its entry size with --entry-size"), none.err());

        Run given = query("--query", "q1", "--variant", "device", "--entry-size", "32",
                "--input", "osd:///put/plain.bin", "--drives", DRIVES.addresses());
        assertEquals(0, given.status(), given.err());
    }

    @Test
    void generateRecordsTheLayoutOfWhatItWritesToOsd() throws IOException {
        Run gen = run(CommandLines.of(new GenerateCommand(new PrintStream(new ByteArrayOutputStream()))),
                "--entries", "100", "--entry-size", "128", "--drives", DRIVES.addresses(), "--out", "osd:///gen/wc-128.bin");
        assertEquals(0, gen.status(), gen.err());
        assertEquals(Optional.of("worldcup98/128"), layoutOf("osd:///gen/wc-128.bin"));
    }

    /** info's standard output and its run. */
    private static String info(Run[] run, String... paths) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String[] args = new String[paths.length + 2];
        args[0] = "--drives";
        args[1] = DRIVES.addresses();
        System.arraycopy(paths, 0, args, 2, paths.length);
        run[0] = run(CommandLines.of(new InfoCommand(new PrintStream(out, true, StandardCharsets.UTF_8))), args);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void infoShowsLengthLayoutAndChunksWithTheirDrives() throws IOException {
        Run gen = run(CommandLines.of(new GenerateCommand(new PrintStream(new ByteArrayOutputStream()))),
                "--entries", "5000", "--entry-size", "20", "--chunk-size", "40000", "--drives", DRIVES.addresses(),
                "--out", "osd:///info/wc.bin");
        assertEquals(0, gen.status(), gen.err());
        try (FileSystem fs = DRIVES.osd(); FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/info/put.bin"))) {
            out.write(new byte[100]); // as hadoop fs -put writes it: no layout
        }
        Run[] run = new Run[1];

        String text = info(run, "osd:///info/wc.bin", "osd:///info/put.bin");

        assertEquals(0, run[0].status(), run[0].err());
        assertTrue(text.startsWith("/info/wc.bin\n  length  100,000 bytes\n  layout  worldcup98/20 (5,000 records of "
                + "20 B)\n  chunks  3\n"), text);
        assertTrue(text.contains("  0  bytes 0-39,999  1 replica: drive "), text);
        assertTrue(text.contains("  2  bytes 80,000-99,999  1 replica: drive "), text);
        for (String address : DRIVES.addresses().split(",")) {
            assertTrue(text.contains("(localhost " + address + ") object "), "chunks on both drives: " + text);
        }
        assertTrue(text.contains("/info/put.bin\n  length  100 bytes\n  layout  none recorded"), text);

        String dir = info(run, "osd:///info");
        assertEquals(0, run[0].status(), run[0].err());
        assertTrue(dir.contains("/info/wc.bin\n") && dir.contains("/info/put.bin\n"), "a directory's files: " + dir);
    }

    @Test
    void infoOfAMissingPathIsOneLineNamingIt() {
        Run[] run = new Run[1];
        info(run, "osd:///info/no-such.bin");
        assertEquals(ExitStatus.USAGE_OR_INPUT.code(), run[0].status(), run[0].err());
        assertEquals("ispd info: osd:/info/no-such.bin: no such file or directory on the drives\n", run[0].err());
    }
}
