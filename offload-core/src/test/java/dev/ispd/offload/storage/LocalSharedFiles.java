package dev.ispd.offload.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** {@link SharedFiles} on the local disk, for tests of the job-wide records. */
public final class LocalSharedFiles implements SharedFiles {
    @Override
    public boolean exists(String path) {
        return Files.exists(Path.of(path));
    }

    @Override
    public InputStream open(String path) throws IOException {
        return Files.newInputStream(Path.of(path));
    }

    @Override
    public OutputStream create(String path) throws IOException {
        Files.createDirectories(Path.of(path).getParent());
        return Files.newOutputStream(Path.of(path));
    }

    @Override
    public List<String> list(String dir) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            return files.map(Path::toString).sorted().toList();
        }
    }

    @Override
    public void deleteDirectory(String dir) throws IOException {
        try (Stream<Path> all = Files.walk(Path.of(dir))) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
