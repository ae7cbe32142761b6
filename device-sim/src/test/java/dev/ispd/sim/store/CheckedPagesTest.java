package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Views pass over pages an earlier view found good only while nothing could have changed them;
 * damage made outside the drive after such a view is still found and never served.
 */
class CheckedPagesTest {
    private static final int PAGE = PageChecksums.PAGE;
    private static final int PAGES = 8;
    /** A clock a minute ahead: the files written just now look settled. */
    private static final Clock LATER = Clock.offset(Clock.systemUTC(), Duration.ofMinutes(1));

    @TempDir
    Path dir;

    private ObjectStore open(Clock clock) throws IOException {
        return ObjectStore.open(dir, 16 << 20, Durability.PROCESS, RecoveryMode.REFUSE, 16, clock);
    }

    private static long stored(ObjectStore s) throws Exception {
        long id = s.createData(0);
        byte[] b = new byte[PAGES * PAGE];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (i * 31 + 7);
        }
        s.write(id, 0, ByteBuffer.wrap(b));
        return id;
    }

    private Path file(long id, String extension) {
        return dir.resolve("data").resolve(id + "-0" + extension);
    }

    private static void flipByte(Path file, long at) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, at);
            ch.write(b.put(0, (byte) (b.get(0) ^ 0x01)).rewind(), at);
        }
    }

    /** Pages a view of {@code [offset, offset + length)} checks. */
    private static long checkedBy(ObjectStore s, long id, long offset, int length) throws Exception {
        long before = s.pagesViewChecked();
        s.view(id, offset, length);
        return s.pagesViewChecked() - before;
    }

    @Test
    void aSettledObjectsPagesAreCheckedOnce() throws Exception {
        try (ObjectStore s = open(LATER)) {
            long id = stored(s);
            assertEquals(PAGES, checkedBy(s, id, 0, PAGES * PAGE));
            assertEquals(0, checkedBy(s, id, 0, PAGES * PAGE), "found good, unchanged since");
            assertEquals(0, checkedBy(s, id, 2 * PAGE, PAGE));
        }
    }

    @Test
    void filesThatChangedJustNowAreCheckedOnEveryView() throws Exception {
        try (ObjectStore s = open(Clock.systemUTC())) {
            long id = stored(s);
            assertEquals(PAGES, checkedBy(s, id, 0, PAGES * PAGE));
            assertEquals(PAGES, checkedBy(s, id, 0, PAGES * PAGE), "a change now might leave their stamps alike");
        }
    }

    @Test
    void aPageDamagedOutsideTheDriveAfterAViewCheckedItIsFoundByTheNextOne() throws Exception {
        try (ObjectStore s = open(LATER)) {
            long id = stored(s);
            s.view(id, 0, PAGES * PAGE);
            flipByte(file(id, ".obj"), 3 * PAGE + 5);
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> s.view(id, 0, PAGES * PAGE));
            assertEquals(3 * PAGE, e.offset());
            assertThrows(MediaErrorException.class, () -> s.view(id, 2 * PAGE, 2 * PAGE), "and never served");
            assertEquals(0, checkedBy(s, id, 0, 3 * PAGE), "the pages before it were found good again");
        }
    }

    @Test
    void aChecksumDamagedOutsideTheDriveIsFoundByTheNextView() throws Exception {
        try (ObjectStore s = open(LATER)) {
            long id = stored(s);
            s.view(id, 0, PAGES * PAGE);
            flipByte(file(id, ".crc"), 16 + 8 * 6); // page 6's CRC32C
            MediaErrorException e = assertThrows(MediaErrorException.class, () -> s.view(id, 0, PAGES * PAGE));
            assertEquals(6 * PAGE, e.offset());
        }
    }

    @Test
    void aWriteByTheDriveHasThePagesCheckedAgain() throws Exception {
        try (ObjectStore s = open(LATER)) {
            long id = stored(s);
            s.view(id, 0, PAGES * PAGE);
            s.write(id, PAGE, ByteBuffer.wrap(new byte[] {1, 2, 3}));
            assertEquals(PAGES, checkedBy(s, id, 0, PAGES * PAGE));
        }
    }

    @Test
    void aScrubChecksEveryPageWhateverTheViewsFound() throws Exception {
        try (ObjectStore s = open(LATER)) {
            long id = stored(s);
            s.view(id, 0, PAGES * PAGE);
            ObjectStore.ScrubReport clean = s.scrub(id);
            assertEquals(PAGES * PAGE, clean.bytes());
            assertEquals(0, clean.damaged().size());
            flipByte(file(id, ".obj"), 5 * PAGE);
            ObjectStore.ScrubReport damaged = s.scrub(id);
            assertEquals(1, damaged.damaged().size());
            assertEquals(5 * PAGE, damaged.damaged().get(0).offset());
        }
    }
}
