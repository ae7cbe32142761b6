package dev.ispd.examples.worldcup.importer;

import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.worldcup.WorldCup98;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.file.Path;

/** An import done in memory for the tests: its report and the raw records it wrote. */
public record Imported(ImportReport report, byte[] records) {
    /** Imports {@code file} with {@code importer}. */
    public static Imported file(WorldCupImporter importer, Path file) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImportReport report;
        try (WorldCupLogWriter out = WorldCupLogWriter.of(bytes, false, WorldCup98.RECORD_SIZE)) {
            report = importer.importFile(file, out);
        }
        return new Imported(report, bytes.toByteArray());
    }

    /** Imports the lines of {@code in}, named {@code source}. */
    static Imported lines(WorldCupImporter importer, BufferedReader in, String source) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImportReport report;
        try (WorldCupLogWriter out = WorldCupLogWriter.of(bytes, false, WorldCup98.RECORD_SIZE)) {
            report = importer.importLines(in, source, out);
        }
        return new Imported(report, bytes.toByteArray());
    }

    /** Imports {@code text}. */
    static Imported text(WorldCupImporter importer, String text) throws IOException {
        return lines(importer, new BufferedReader(new StringReader(text)), "inline");
    }

    ByteBuffer buffer() {
        return ByteBuffer.wrap(records);
    }
}
