package dev.ispd.examples.worldcup.importer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.builtin.Q1Result;
import dev.ispd.tasklet.wasm.TaskletModule;
import dev.ispd.tasklet.wasm.WasmLimits;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import dev.ispd.worldcup.WorldCup98;
import dev.ispd.worldcup.WorldCupEntry;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The Q1 example modules, in C (wasm/examples/q1.wasm) and in Rust (q1_rust.wasm), against the
 * built-in q1 on the real sample.
 */
class RealSampleUserTaskletTest {
    private static byte[] records;
    private static TaskletRegistry registry;

    @BeforeAll
    static void importSampleAndLoadModule() throws Exception {
        records = Imported.file(new WorldCupImporter(ImportFormat.CSV), RealSample.locate()).records();
        Path root = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        if (!Files.isDirectory(root.resolve("wasm"))) {
            root = root.getParent(); // run from the module directory
        }
        registry = TaskletRegistry.builtins()
                .with(new WasmTaskletFactory(TaskletModule.load("q1c", 1,
                        Files.readAllBytes(root.resolve("wasm/examples/q1.wasm")), WasmLimits.DEFAULT)))
                .with(new WasmTaskletFactory(TaskletModule.load("q1rs", 1,
                        Files.readAllBytes(root.resolve("wasm/examples/q1_rust.wasm")), WasmLimits.DEFAULT)));
    }

    @ParameterizedTest
    @CsvSource({"q1c@1, 20", "q1c@1, 32", "q1rs@1, 20", "q1rs@1, 32"})
    void theModuleCountsTheRealSampleLikeTheBuiltIn(String tasklet, int entrySize) throws Exception {
        byte[] padded = pad(records, entrySize);
        List<Extent> extents = List.of(new Extent(1, 0, padded.length));
        HostRunner runner = new HostRunner(registry, 8192, 128);
        Params params = Params.of("entrySize", Integer.toString(entrySize));

        byte[] builtin = runner.run("q1", params, Params.EMPTY, extents, InMemoryPageSource.of(1, padded)).bytes();
        byte[] module = runner.run(tasklet, params, Params.EMPTY, extents, InMemoryPageSource.of(1, padded)).bytes();

        assertArrayEquals(builtin, module);
        assertEquals(RealSample.LINES, Q1Result.decode(module).total());
    }

    private static byte[] pad(byte[] twentyByteRecords, int entrySize) {
        int n = twentyByteRecords.length / WorldCup98.RECORD_SIZE;
        ByteBuffer in = ByteBuffer.wrap(twentyByteRecords);
        ByteBuffer out = ByteBuffer.allocate(n * entrySize);
        for (int i = 0; i < n; i++) {
            WorldCupEntry.read(in, i * WorldCup98.RECORD_SIZE).writeTo(out, i * entrySize, entrySize);
        }
        return out.array();
    }
}
