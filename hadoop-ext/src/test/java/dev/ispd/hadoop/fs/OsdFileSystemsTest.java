package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The osd:// clients {@link OsdFileSystems} keeps for Configurations with settings of their own:
 * one closed by its user is never handed out again, and at most {@link OsdFileSystems#MAX_CLIENTS}
 * are kept, one that leaves closing only once its last stream has.
 */
class OsdFileSystemsTest {
    private static final byte[] BYTES = "a file the clients share".getBytes(StandardCharsets.UTF_8);

    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(1, 1024).perTest();

    private final List<FileSystem> asked = new ArrayList<>();
    private Path file;

    @BeforeEach
    void writeThroughTheCachedInstance() throws IOException {
        FileSystem cached = DRIVES.cachedFileSystem(new Configuration());
        file = new Path(DRIVES.uri().resolve("/shared.bin"));
        try (OutputStream out = cached.create(file, true)) {
            out.write(BYTES);
        }
    }

    @AfterEach
    void closeWhatWasAskedFor() throws IOException {
        for (FileSystem fs : asked) {
            fs.close();
        }
    }

    /** A client for settings of their own: the drives of this test, with a lease time no other asks for. */
    private FileSystem client(long leaseMs) throws IOException {
        Configuration conf = DRIVES.conf();
        conf.setLong(IspdKeys.FS_LEASE_MS.name(), leaseMs);
        FileSystem fs = OsdFileSystems.get(file, conf);
        asked.add(fs);
        return fs;
    }

    @Test
    void aClientClosedByItsUserIsNeverHandedOutAgain() throws IOException {
        FileSystem first = client(61_000);
        assertNotSame(DRIVES.cachedFileSystem(new Configuration()), first, "other settings, another instance");
        first.close();

        FileSystem again = client(61_000);
        assertNotSame(first, again, "the closed client was handed out again");
        assertTrue(again.exists(file), "the new client reads the drives");
        assertEquals(BYTES.length, again.getFileStatus(file).getLen());
    }

    @Test
    void atMostMaxClientsAreKeptAndOneLeavingClosesWithItsLastStream() throws IOException {
        OsdFileSystem oldest = (OsdFileSystem) client(70_000);
        FSDataInputStream in = oldest.open(file);
        for (int i = 1; i <= OsdFileSystems.MAX_CLIENTS; i++) {
            client(70_000 + i);
        }
        assertTrue(OsdFileSystems.kept() <= OsdFileSystems.MAX_CLIENTS, OsdFileSystems.kept() + " clients kept");

        assertFalse(oldest.isClosed(), "the client left the cache but a stream of it is open");
        byte[] read = new byte[BYTES.length];
        in.readFully(0, read);
        assertArrayEquals(BYTES, read, "the open stream reads on after its client left the cache");
        in.close();
        assertTrue(oldest.isClosed(), "the client closes with its last stream");

        FileSystem back = client(70_000);
        assertNotSame(oldest, back);
        assertTrue(back.exists(file));
    }
}
