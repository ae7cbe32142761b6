package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileHandlesTest {
    @TempDir
    Path dir;

    @Test
    void keepsAtMostTheBoundOpenAndReopensEvictedFiles() throws IOException {
        try (FileHandles handles = new FileHandles(3)) {
            for (int i = 0; i < 10; i++) {
                try (FileHandles.Lease l = handles.create(dir.resolve(i + ".obj"))) {
                    l.channel().write(ByteBuffer.wrap(new byte[] {(byte) i}), 0);
                }
                assertTrue(handles.openCount() <= 3, handles.openCount() + " open");
            }
            try (FileHandles.Lease l = handles.lease(dir.resolve("0.obj"))) {
                ByteBuffer b = ByteBuffer.allocate(1);
                l.channel().read(b, 0);
                assertEquals(0, b.get(0), "an evicted file is opened again with its contents");
            }
            assertEquals(11, handles.opens());
        }
    }

    @Test
    void aLeasedChannelIsNeverClosedUnderItsHolder() throws IOException {
        try (FileHandles handles = new FileHandles(1)) {
            List<FileHandles.Lease> held = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                held.add(handles.create(dir.resolve(i + ".obj")));
            }
            assertEquals(4, handles.openCount(), "over the bound while all are leased");
            held.forEach(l -> assertTrue(l.channel().isOpen()));
            held.forEach(FileHandles.Lease::close);
            try (FileHandles.Lease l = handles.lease(dir.resolve("0.obj"))) {
                assertTrue(l.channel().isOpen());
            }
            assertEquals(1, handles.openCount(), "back within the bound once released");
        }
    }

    @Test
    void aForgottenFileClosesWhenItsLastLeaseEnds() throws IOException {
        try (FileHandles handles = new FileHandles(4)) {
            Path p = dir.resolve("x.obj");
            FileHandles.Lease reader = handles.create(p);
            handles.forget(p);
            Files.delete(p);
            assertTrue(reader.channel().isOpen(), "a reader keeps reading the deleted file");
            reader.close();
            assertTrue(!reader.channel().isOpen());
            assertThrows(NoSuchFileException.class, () -> handles.lease(p));
        }
    }
}
