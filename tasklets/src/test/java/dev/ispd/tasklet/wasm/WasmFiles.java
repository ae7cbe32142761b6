package dev.ispd.tasklet.wasm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The checked-in modules of the repository's wasm/ folder (built by wasm/build.sh), for tests. */
public final class WasmFiles {
    private WasmFiles() {
    }

    /** The bytes of {@code wasm/<relative>}, e.g. {@code examples/q1.wasm}. */
    public static byte[] read(String relative) {
        Path root = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        if (!Files.isDirectory(root.resolve("wasm"))) {
            root = root.getParent(); // run from a module directory
        }
        try {
            return Files.readAllBytes(root.resolve("wasm").resolve(relative));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A module of wasm/ loaded as version 1 under {@code name}, within {@code limits}. */
    public static TaskletModule load(String name, String relative, WasmLimits limits) throws ModuleRejectedException {
        return TaskletModule.load(name, 1, read(relative), limits);
    }
}
