package dev.ispd.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLoaderTest {
    @TempDir
    Path tmp;

    @Test
    void platformNamesAreCMakes() {
        assertEquals("linux", NativeLoader.os("Linux"));
        assertEquals("darwin", NativeLoader.os("Mac OS X"));
        assertEquals("windows", NativeLoader.os("Windows 11"));
        assertEquals("x86_64", NativeLoader.arch("amd64"));
        assertEquals("x86_64", NativeLoader.arch("x86_64"));
        assertEquals("aarch64", NativeLoader.arch("aarch64"));
        assertEquals("aarch64", NativeLoader.arch("arm64"));
        assertEquals("/native/" + NativeLoader.platform() + "/libispd.so", NativeLoader.resourcePath());
    }

    @Test
    void theBuildPutTheLibraryOnTheClassPathWhereTheLoaderLooks() {
        assertNotNull(NativeLoader.class.getResource(NativeLoader.resourcePath()),
                "CMake should have written " + NativeLoader.resourcePath() + " into target/classes");
    }

    @Test
    void extractsAnIdenticalCopyIntoTheGivenFolder() throws IOException {
        Path dir = tmp.resolve("libs");
        Path file = NativeLoader.locate(null, dir.toString(), NativeLoader.resourcePath());
        assertEquals(dir.toAbsolutePath(), file.getParent());
        assertTrue(file.getFileName().toString().matches("libispd-.*\\.so"), file.toString());
        try (InputStream in = NativeLoader.class.getResourceAsStream(NativeLoader.resourcePath())) {
            assertArrayEquals(in.readAllBytes(), Files.readAllBytes(file));
        }
    }

    @Test
    void aMissingResourceIsNamedInTheError() {
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLoader.locate(null, tmp.toString(), "/native/plan9-mips/libispd.so"));
        assertTrue(e.getMessage().contains("no class-path resource /native/plan9-mips/libispd.so"), e.getMessage());
        assertTrue(e.getMessage().contains("-Dispd.native.path="), e.getMessage());
    }

    @Test
    void aBadOverridePathIsNamedInTheError() {
        Path missing = tmp.resolve("nowhere/libispd.so");
        UnsatisfiedLinkError e = assertThrows(UnsatisfiedLinkError.class,
                () -> NativeLoader.locate(missing.toString(), null, NativeLoader.resourcePath()));
        assertEquals("ispd native library not found: -Dispd.native.path=" + missing + " names no file (" + missing + ")",
                e.getMessage());
    }

    @Test
    void loadsOnceFromAnyNumberOfThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Path>> loads = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                loads.add(pool.submit((Callable<Path>) NativeLoader::load));
            }
            Path first = loads.get(0).get(30, TimeUnit.SECONDS);
            for (Future<Path> f : loads) {
                assertEquals(first, f.get(30, TimeUnit.SECONDS));
            }
            assertEquals(first, NativeLoader.loadedPath());
            assertTrue(Files.isRegularFile(first));
        } finally {
            pool.shutdownNow();
        }
    }

    /** Both bindings run on the one extracted file: the process maps no other copy of libispd. */
    @Test
    @Tag("jna")
    void jniAndJnaShareOneMappedFile() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        assumeTrue(Files.isReadable(maps), "needs Linux /proc");
        Binding.JNI.get();
        Binding.JNA.get();
        Set<String> mapped;
        try (Stream<String> lines = Files.lines(maps)) {
            mapped = lines.filter(l -> l.contains("libispd"))
                    .map(l -> l.substring(l.indexOf('/')))
                    .collect(Collectors.toSet());
        }
        assertEquals(Set.of(NativeLoader.loadedPath().toString()), mapped);
    }

    @Test
    void theOverridePropertyLoadsTheGivenFile() throws Exception {
        Path built = Path.of(NativeLoader.class.getResource(NativeLoader.resourcePath()).toURI());
        Probe p = probe("-D" + NativeLoader.PATH_PROPERTY + "=" + built);
        assertEquals(0, p.exit(), p.err());
        assertEquals(built.toString(), p.out().strip());
    }

    @Test
    void theOverridePropertyWithABadPathFailsNamingThePath() throws Exception {
        Path missing = tmp.resolve("missing/libispd.so");
        Probe p = probe("-D" + NativeLoader.PATH_PROPERTY + "=" + missing);
        assertEquals(3, p.exit(), p.err());
        assertTrue(p.err().contains("-Dispd.native.path=" + missing + " names no file"), p.err());
    }

    @Test
    void aFileThatIsNotALibraryFailsNamingTheFile() throws Exception {
        Path bogus = Files.writeString(tmp.resolve("libispd.so"), "not an ELF file");
        Probe p = probe("-D" + NativeLoader.PATH_PROPERTY + "=" + bogus);
        assertEquals(3, p.exit(), p.err());
        assertTrue(p.err().contains("cannot load the ispd native library " + bogus), p.err());
    }

    @Test
    void theTmpdirPropertyChoosesWhereTheCopyGoes() throws Exception {
        Path dir = tmp.resolve("extract here");
        Probe p = probe("-D" + NativeLoader.TMPDIR_PROPERTY + "=" + dir);
        assertEquals(0, p.exit(), p.err());
        assertEquals(dir.toAbsolutePath(), Path.of(p.out().strip()).getParent());
    }

    private record Probe(int exit, String out, String err) {
    }

    /** Runs {@link LoaderProbe} in a fresh JVM (a library loads once per JVM) with the given options. */
    private Probe probe(String option) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), option, "-cp", System.getProperty("java.class.path"),
                LoaderProbe.class.getName())
                .redirectError(tmp.resolve("probe.err").toFile())
                .start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "probe JVM did not finish");
        return new Probe(process.exitValue(), out, Files.readString(tmp.resolve("probe.err")));
    }
}
