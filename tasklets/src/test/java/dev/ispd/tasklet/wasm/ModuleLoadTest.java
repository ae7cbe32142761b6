package dev.ispd.tasklet.wasm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

/** What a drive refuses at load, and what it tells about a module it accepts. */
class ModuleLoadTest {

    private static ModuleRejectedException refused(String name, byte[] wasm, WasmLimits limits) {
        return assertThrows(ModuleRejectedException.class, () -> TaskletModule.load(name, 1, wasm, limits));
    }

    @Test
    void anAcceptedModuleIsNamedByNameAndVersionAndKnownByItsDigest() throws Exception {
        byte[] wasm = WasmFiles.read("examples/q1.wasm");
        TaskletModule m = TaskletModule.load("q1c", 3, wasm, WasmLimits.DEFAULT);

        assertEquals("q1c@3", m.taskletName());
        assertEquals("q1c@3", new WasmTaskletFactory(m).name());
        assertEquals(wasm.length, m.size());
        assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(wasm)), m.digest());
    }

    @Test
    void aWasiImportIsRefusedNamingTheImport() {
        ModuleRejectedException e = refused("wasi", WasmFiles.read("tests/wasi.wasm"), WasmLimits.DEFAULT);
        assertEquals("import wasi_snapshot_preview1.fd_write is not allowed: a tasklet module may import only "
                + "ispd.emit, ispd.param, ispd.progress (no WASI)", e.getMessage());
    }

    @Test
    void anExportOfTheWrongTypeIsRefusedNamingTheExport() {
        ModuleRejectedException e = refused("bad", WasmFiles.read("tests/bad_scan.wasm"), WasmLimits.DEFAULT);
        assertTrue(e.getMessage().startsWith("export 'scan' has type"), e.getMessage());
    }

    @Test
    void memoryBeyondTheLimitIsRefused() {
        ModuleRejectedException e = refused("big", WasmFiles.read("tests/big_memory.wasm"), WasmLimits.DEFAULT);
        assertEquals("the module's memory starts at 134217728 bytes, beyond the memory limit of 67108864 bytes",
                e.getMessage());
    }

    @Test
    void bytesThatAreNotWebAssemblyAreRefusedWithTheRealCause() {
        byte[] q1 = WasmFiles.read("examples/q1.wasm");
        assertEquals("module 'junk' is not a well-formed WebAssembly module: it does not start with WebAssembly's "
                + "magic number and version 1 (00 61 73 6d 01 00 00 00) but with 6e 6f 74 20 61 20 6d 6f: not a .wasm "
                + "file", refused("junk", "not a module".getBytes(), WasmLimits.DEFAULT).getMessage());
        assertEquals("module 'none' is not a well-formed WebAssembly module: the file is empty (0 bytes)",
                refused("none", new byte[0], WasmLimits.DEFAULT).getMessage());
        String cut = refused("cut", Arrays.copyOf(q1, q1.length / 2), WasmLimits.DEFAULT).getMessage();
        assertTrue(cut.startsWith("module 'cut' is not a well-formed WebAssembly module: a section runs past the end "
                + "of its " + q1.length / 2 + " bytes (length out of bounds") && cut.endsWith("): the file is cut short")
                && !cut.contains("section size mismatch"), cut);
    }

    @Test
    void namesAndVersionsAreChecked() {
        byte[] q1 = WasmFiles.read("examples/q1.wasm");
        assertEquals("module name 'a b' must be 1-64 letters, digits, '_', '.' or '-'",
                refused("a b", q1, WasmLimits.DEFAULT).getMessage());
        assertEquals("module version must be positive, got 0", assertThrows(ModuleRejectedException.class,
                () -> TaskletModule.load("q1c", 0, q1, WasmLimits.DEFAULT)).getMessage());
    }
}
