package dev.ispd.spark.tpch.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The benchmark's data kept in a directory between runs ({@code --keep}): the drives' objects and
 * the Parquet files, with a file saying what they were generated for, written once generation and
 * copying have finished. A later run for the same settings reuses them; one for other settings, or
 * a directory holding anything else (an interrupted generation, say), is refused rather than
 * mixing two data sets or deleting what it did not write.
 */
record KeptData(Path dir, String settings) {
    private static final String MARKER = "generated-for";

    /**
     * The kept data in {@code dir} for {@code settings}: complete if an earlier run generated it
     * for the same settings, else to be generated.
     *
     * @throws IllegalArgumentException {@code dir} holds data generated for other settings, or other files
     */
    static KeptData in(Path dir, String settings) {
        KeptData kept = new KeptData(dir, settings);
        Path marker = dir.resolve(MARKER);
        try {
            if (Files.exists(marker)) {
                String was = Files.readString(marker, StandardCharsets.UTF_8);
                if (!was.equals(settings)) {
                    throw new IllegalArgumentException(dir + " holds tables generated for " + was + ", not " + settings
                            + ": give another directory or delete it");
                }
            } else if (Files.isDirectory(dir) && !isEmpty(dir)) {
                throw new IllegalArgumentException(dir + " holds files but no complete tables (an interrupted "
                        + "generation?): give an empty or new directory");
            } else {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot use " + dir + ": " + e.getMessage(), e);
        }
        return kept;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    /** Whether an earlier run generated the data for these settings, to the end. */
    boolean complete() {
        return Files.exists(dir.resolve(MARKER));
    }

    /** Records that the data for these settings is complete. */
    void markComplete() throws IOException {
        Files.writeString(dir.resolve(MARKER), settings, StandardCharsets.UTF_8);
    }
}
