package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.fs.InProcessZooKeeper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/ispd fs fsck} over a namespace kept in a real (in-process) ZooKeeper: told where it
 * is (-D, or a configuration directory's core-site.xml) it sees every file; not told, it reads
 * the empty journal on drive 0, says the namespace looks foreign and its repair deletes nothing.
 */
class FsckNamespaceCommandTest {
    @RegisterExtension
    static final InProcessZooKeeper ZOOKEEPER = new InProcessZooKeeper();

    @RegisterExtension
    static final TcpDrives DRIVES = new TcpDrives(2);

    /** FsShell's file systems are cached per scheme and authority: none from another test's drives. */
    @BeforeEach
    @AfterEach
    void forgetCachedFileSystems() throws IOException {
        FileSystem.closeAll();
    }

    /** A run's exit status and its standard output, then its standard error. */
    private record Run(int exit, String out) {
    }

    private static Run fs(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int exit = FsCommand.commandLine().execute(args);
            return new Run(exit, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }

    @Test
    void fsckFindsTheZooKeeperNamespaceFromTheConfigurationAndRefusesToDeleteOverTheWrongOne(@TempDir Path tmp)
            throws Exception {
        String drives = DRIVES.addresses();
        String zk = "ispd.fs.namespace.zookeeper=" + ZOOKEEPER.connectString();
        Path local = Files.writeString(tmp.resolve("kept.txt"), "kept in ZooKeeper's namespace\n".repeat(1000));
        Run put = fs("--drives", drives, "-D", zk, "-D", "ispd.fs.replication=2", "-put", local.toString(),
                "osd:///kept.txt");
        assertEquals(0, put.exit(), put.out());

        Run wrong = fs("--drives", drives, "fsck", "--repair", "--grace-ms", "0");
        assertEquals(1, wrong.exit(), wrong.out());
        assertTrue(wrong.out().contains("NAMESPACE the namespace read, segments on drive 0"), wrong.out());
        assertTrue(wrong.out().contains("looks empty or another file system's"), wrong.out());
        assertTrue(wrong.out().contains(" 0 files, ") && wrong.out().contains("CORRUPT"), wrong.out());
        assertTrue(!wrong.out().contains("; deleted"), "nothing deleted: " + wrong.out());

        Path conf = Files.createDirectory(tmp.resolve("conf"));
        Files.writeString(conf.resolve("core-site.xml"), "<configuration><property><name>ispd.fs.namespace.zookeeper"
                + "</name><value>" + ZOOKEEPER.connectString() + "</value></property></configuration>\n");
        Run right = fs("--drives", drives, "fsck", "--conf-dir", conf.toString(), "--repair", "--grace-ms", "0");
        assertEquals(0, right.exit(), right.out());
        assertTrue(right.out().contains("ZooKeeper " + ZOOKEEPER.connectString()), right.out());
        assertTrue(right.out().contains(": 1 files, 1 chunks; 0 missing, 0 under-replicated, 0 orphans"),
                right.out());

        Run byD = fs("--drives", drives, "-D", zk, "fsck");
        assertTrue(byD.out().contains(" 0 orphans") && byD.out().contains("HEALTHY"), "the file and the list of "
                + "orphans the repair kept (/.ispd/fsck/orphans, empty): " + byD.out());
        Run cat = fs("--drives", drives, "-D", zk, "-cat", "osd:///kept.txt");
        assertEquals(Files.readString(local), cat.out(), "every byte is still there");
    }
}
