package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What another client's changes do to streams that are open: a writer whose directory was
 * deleted or renamed fails on close instead of bringing the directory back (a slow task attempt
 * closing after the job's commit must not resurrect {@code _temporary}); a reader of a deleted
 * file gets an error naming the path and offset. Metadata calls on a missing path throw.
 */
class OpenFileSemanticsTest {
    @RegisterExtension
    static final OsdDrives DRIVES = new OsdDrives(2, 1024);

    private OsdFileSystem writer;
    private OsdFileSystem committer;

    @BeforeEach
    void openClients() throws IOException {
        writer = DRIVES.newClient();
        committer = DRIVES.newClient();
    }

    @AfterEach
    void closeClients() throws IOException {
        committer.delete(new Path("/"), true);
        writer.close();
        committer.close();
    }

    @Test
    void onePathHasOneWriterUntilItCloses() throws Exception {
        Path file = new Path("/leased/part-0");
        FSDataOutputStream first = writer.create(file);
        first.write(new byte[3000]);
        org.apache.hadoop.fs.FileAlreadyExistsException e = assertThrows(
                org.apache.hadoop.fs.FileAlreadyExistsException.class, () -> committer.create(file, true));
        assertTrue(e.getMessage().contains("/leased/part-0 is being written by "), e.getMessage());
        first.close();
        try (FSDataOutputStream second = committer.create(file, true)) {
            second.write(1);
        }
        assertEquals(1, writer.getFileStatus(file).getLen(), "the second writer's file, once the first closed");
    }

    @Test
    void aWriterWhoseDirectoryWasDeletedFailsOnCloseAndTheDirectoryStaysGone() throws Exception {
        Path attempt = new Path("/out/_temporary/0/task_0/part-0");
        assertTrue(committer.mkdirs(attempt.getParent()));
        FSDataOutputStream slow = writer.create(attempt);
        slow.write("late output ".repeat(200).getBytes(StandardCharsets.UTF_8));
        assertTrue(committer.delete(new Path("/out/_temporary"), true), "the job commits and cleans up");

        FileNotFoundException e = assertThrows(FileNotFoundException.class, slow::close);
        assertTrue(e.getMessage().contains("/out/_temporary/0/task_0 was deleted or renamed")
                && e.getMessage().contains(attempt.toUri().getPath()), e.getMessage());
        assertFalse(committer.exists(new Path("/out/_temporary")));
        assertFalse(writer.exists(new Path("/out/_temporary")));
    }

    @Test
    void aWriterWhoseDirectoryWasRenamedFailsOnCloseAndNothingAppearsAtEitherPath() throws Exception {
        assertTrue(committer.mkdirs(new Path("/in/dir")));
        FSDataOutputStream out = writer.create(new Path("/in/dir/f"));
        out.write(42);
        assertTrue(committer.rename(new Path("/in/dir"), new Path("/in/moved")));
        assertThrows(FileNotFoundException.class, out::close);
        assertFalse(committer.exists(new Path("/in/dir")));
        assertEquals(0, committer.listStatus(new Path("/in/moved")).length);
    }

    @Test
    void aWriterMayCreateItsMissingParentsAsBefore() throws Exception {
        try (FSDataOutputStream out = writer.create(new Path("/new/a/b/f"))) {
            out.write(1);
            assertTrue(committer.mkdirs(new Path("/new/a")), "someone else creates one of them meanwhile");
        }
        assertEquals(1, committer.getFileStatus(new Path("/new/a/b/f")).getLen());
    }

    @Test
    void aPositionedReadOfAFileDeletedMeanwhileNamesThePathAndOffset() throws Exception {
        Path file = new Path("/doomed.bin");
        try (FSDataOutputStream out = writer.create(file)) {
            out.write(new byte[3000]);
        }
        try (FSDataInputStream in = writer.open(file)) {
            assertTrue(committer.delete(file, false));
            FileNotFoundException e = assertThrows(FileNotFoundException.class, () -> in.readFully(2100, new byte[10]));
            assertTrue(e.getMessage().contains("/doomed.bin at offset 2100"), e.getMessage());
        }
    }

    @Test
    void setTimesSetPermissionAndSetOwnerOnAMissingPathThrowFileNotFound() throws Exception {
        Path missing = new Path("/no/such");
        assertThrows(FileNotFoundException.class, () -> writer.setTimes(missing, 1L, 1L));
        assertThrows(FileNotFoundException.class, () -> writer.setPermission(missing, FsPermission.getFileDefault()));
        assertThrows(FileNotFoundException.class, () -> writer.setOwner(missing, "u", "g"));
        assertTrue(writer.mkdirs(new Path("/there")));
        writer.setTimes(new Path("/there"), 1L, 1L);
        writer.setPermission(new Path("/there"), FsPermission.getDirDefault());
        writer.setOwner(new Path("/there"), "u", "g");
    }
}
