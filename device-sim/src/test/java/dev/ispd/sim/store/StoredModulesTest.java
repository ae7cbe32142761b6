package dev.ispd.sim.store;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The modules a store keeps, across reopening: replaced and unloaded ones, compaction, and the
 * modules folder checked against the log by the store's recovery rules.
 */
class StoredModulesTest {
    private static final long CAPACITY = 64 << 20;
    // the store keeps any bytes; checking them as WebAssembly is the drive's job
    private static final byte[] A = "module a".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] B = "module b, longer".getBytes(StandardCharsets.US_ASCII);

    @TempDir
    Path dir;

    private ObjectStore open() throws IOException {
        return ObjectStore.open(dir, CAPACITY, Durability.PROCESS);
    }

    private static String sha(byte[] b) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
    }

    private Path modules() {
        return dir.resolve("modules");
    }

    private List<String> files() throws IOException {
        try (Stream<Path> files = Files.list(modules())) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void modulesAreKeptReplacedAndRemovedAcrossReopening() throws Exception {
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.FSYNC)) {
            s.modules().put("a", 1, A);
            s.modules().put("b", 2, A);
            s.modules().put("b", 2, B); // loaded again with other bytes
            s.modules().put("c", 1, B);
            assertTrue(s.modules().remove("c", 1));
        }
        try (ObjectStore s = open()) {
            assertEquals(List.of(new StoredModule("a", 1, sha(A), A.length), new StoredModule("b", 2, sha(B), B.length)),
                    s.modules().all());
            assertArrayEquals(B, s.modules().read(s.modules().all().get(1)));
            assertEquals(false, s.modules().remove("c", 1));
        }
        assertEquals(List.of("a@1-" + sha(A) + ".wasm", "b@2-" + sha(B) + ".wasm"), files());
    }

    @Test
    void compactionKeepsTheModules() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
            for (int i = 0; i < 1100; i++) {
                s.delete(s.createData(0));
            }
        }
        long before = Files.size(dir.resolve("objects.log"));
        try (ObjectStore s = open()) {
            assertEquals(1, s.modules().all().size());
        }
        assertTrue(Files.size(dir.resolve("objects.log")) < before / 10, "compacted");
        try (ObjectStore s = open()) {
            assertEquals(List.of(new StoredModule("a", 1, sha(A), A.length)), s.modules().all());
        }
    }

    @Test
    void leftoversOfAnInterruptedLoadOrALoggedUnloadAreRemoved() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
        }
        // a load a crash interrupted: its partial file, and a complete one renamed but never logged
        Files.write(modules().resolve("b@1-" + sha(B) + ".wasm.partial"), new byte[3]);
        Files.write(modules().resolve("b@1-" + sha(B) + ".wasm"), B);
        Files.writeString(modules().resolve("README"), "an admin's note");
        try (ObjectStore s = open()) {
            assertEquals(List.of(new StoredModule("a", 1, sha(A), A.length)), s.modules().all());
            assertTrue(s.modules().remove("a", 1));
        }
        assertEquals(List.of("README"), files(), "only the foreign file stays");
    }

    @Test
    void filesTheLogCannotAccountForRefuseTheStartAndQuarantineMovesThem() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
        }
        Files.write(modules().resolve("b@1-" + sha(B) + ".wasm"), B);
        Files.write(modules().resolve("c@1-" + sha(A) + ".wasm"), B); // not the bytes its name says
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("does not account for 2 thing(s) in " + modules() + ": b@1-" + sha(B)
                + ".wasm (" + B.length + " bytes; the log loaded no such module); c@1-"), e.getMessage());
        assertEquals(3, files().size(), "nothing deleted");

        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.QUARANTINE)) {
            assertEquals(List.of(new StoredModule("a", 1, sha(A), A.length)), s.modules().all());
        }
        assertEquals(List.of("a@1-" + sha(A) + ".wasm"), files());
        try (Stream<Path> moved = Files.walk(dir.resolve("quarantine"))) {
            assertEquals(2, moved.filter(p -> p.toString().endsWith(".wasm")).count());
        }
    }

    @Test
    void aMissingLogExplainsNoModuleFile() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
        }
        Files.delete(dir.resolve("objects.log"));
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("is missing (nothing to read at offset 0) but " + dir + " holds 1 file(s) in "
                + "data/ and modules/, a@1-" + sha(A) + ".wasm first"), e.getMessage());
        assertEquals(List.of("a@1-" + sha(A) + ".wasm"), files(), "nothing deleted");
        assertTrue(!Files.exists(dir.resolve("objects.log")), "no log written");
    }

    @Test
    void aModuleFileThatFailsItsHashRefusesTheStartNamingItAndQuarantineMovesIt() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
        }
        String name = "a@1-" + sha(A) + ".wasm";
        byte[] damaged = A.clone();
        damaged[2] ^= 0x40;
        Files.write(modules().resolve(name), damaged);
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("module a@1: its file " + name + " holds " + A.length + " bytes with sha256 "
                + sha(damaged) + ", not " + A.length + " bytes with sha256 " + sha(A)), e.getMessage());
        assertArrayEquals(damaged, Files.readAllBytes(modules().resolve(name)), "nothing changed");

        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.QUARANTINE)) {
            assertEquals(List.of(), s.modules().all());
        }
        assertEquals(List.of(), files());
        try (Stream<Path> moved = Files.walk(dir.resolve("quarantine"))) {
            assertEquals(1, moved.filter(p -> p.getFileName().toString().equals(name)).count(), "moved aside");
        }
    }

    @Test
    void aLoggedModuleWhoseFileIsMissingRefusesAndRecoveryUnloadsIt() throws Exception {
        try (ObjectStore s = open()) {
            s.modules().put("a", 1, A);
        }
        Files.delete(modules().resolve("a@1-" + sha(A) + ".wasm"));
        IOException e = assertThrows(IOException.class, this::open);
        assertTrue(e.getMessage().contains("module a@1: its file a@1-" + sha(A) + ".wasm is missing"), e.getMessage());
        try (ObjectStore s = ObjectStore.open(dir, CAPACITY, Durability.PROCESS, RecoveryMode.QUARANTINE)) {
            assertEquals(List.of(), s.modules().all());
        }
        try (ObjectStore s = open()) {
            assertEquals(List.of(), s.modules().all(), "the unload is logged");
        }
    }
}
