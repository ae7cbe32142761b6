package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code bin/ispd fs}: FsShell and fsck on running drives given by --drives, with no core-site.xml. */
class FsCommandTest {
    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    private record Run(int exit, String out) {
    }

    private static Run fs(String... args) {
        PrintStream stdout = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            return new Run(FsCommand.commandLine().execute(args), out.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
        }
    }

    @Test
    void hadoopFsCommandsAndFsckRunOnTheDrives(@TempDir Path tmp) throws Exception {
        Path local = Files.writeString(tmp.resolve("hello.txt"), "hello osd\n");
        String drives = DRIVES.addresses();
        assertEquals(0, fs("--drives", drives, "-mkdir", "-p", "osd:///cmd/in").exit());
        assertEquals(0, fs("--drives", drives, "-put", local.toString(), "osd:///cmd/in/hello.txt").exit());
        Run ls = fs("--drives", drives, "-ls", "-R", "osd:///cmd");
        assertEquals(0, ls.exit());
        assertTrue(ls.out().contains("osd:///cmd/in/hello.txt"), ls.out());
        Run cat = fs("--drives", drives, "-cat", "osd:///cmd/in/hello.txt");
        assertEquals("hello osd\n", cat.out());

        Run fsck = fs("--drives", drives, "fsck", "--repair");
        assertEquals(0, fsck.exit(), fsck.out());
        assertTrue(fsck.out().contains(": HEALTHY"), fsck.out());
        assertEquals(2, fs("--drives", drives, "-ls", "osd:///no/such").exit(), "a missing path: status 2");
    }
}
