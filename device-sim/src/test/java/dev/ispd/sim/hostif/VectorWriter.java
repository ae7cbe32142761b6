package dev.ispd.sim.hostif;

import dev.ispd.sim.auth.AuthVectors;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes the protocol test vectors (docs/protocol/vectors.md) into a directory with the Java
 * encoder. Run from the repository root:
 * {@code mvn -q -pl device-sim test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.ispd.sim.hostif.VectorWriter -Dexec.args=docs/protocol/vectors}
 */
public final class VectorWriter {
    private VectorWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: VectorWriter <directory>");
            System.exit(2);
        }
        Path dir = resolve(args[0]);
        Files.createDirectories(dir);
        for (Vectors.Vector v : Vectors.all()) {
            write(dir.resolve(v.file()), v.encode());
        }
        Path auth = Files.createDirectories(dir.resolve(AuthVectors.FOLDER));
        for (AuthVectors.Vector v : AuthVectors.all()) {
            write(auth.resolve(v.file()), v.frame());
        }
    }

    private static void write(Path file, ByteBuffer frame) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (frame.hasRemaining()) {
                ch.write(frame);
            }
        }
        System.out.println("wrote " + file + " (" + Files.size(file) + " bytes)");
    }

    /** A relative directory is taken from the repository root, whether Maven runs there or in device-sim. */
    private static Path resolve(String arg) {
        Path p = Path.of(arg);
        if (p.isAbsolute()) {
            return p;
        }
        Path cwd = Path.of("").toAbsolutePath();
        Path root = Files.exists(cwd.resolve("docs/protocol.md")) ? cwd : cwd.getParent();
        return root.resolve(p);
    }
}
