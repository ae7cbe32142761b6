package dev.ispd.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the plan test vectors that are not there yet (those of an older version stay: a drive still
 * decodes them) and the result vectors:
 * {@code mvn -q -pl tasklets test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=dev.ispd.plan.PlanVectorWriter}, run from the repository root.
 */
public final class PlanVectorWriter {
    private PlanVectorWriter() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of("docs", "protocol", "vectors", "plan");
        Files.createDirectories(dir);
        for (PlanVectors.Vector v : PlanVectors.all()) {
            Path file = dir.resolve(v.file());
            if (Files.exists(file)) {
                continue;
            }
            Files.write(file, PlanCodec.encode(v.plan()));
            System.out.println("wrote " + file + " (" + Files.size(file) + " bytes)");
        }
        writeResult(PlanResultStringsTest.VECTOR, PlanResultStringsTest.result(PlanResultStringsTest.ROWS));
        writeResult(GroupResultStringsTest.VECTOR, PlanResultStringsTest.result(GroupResultStringsTest.GROUPS));
    }

    private static void writeResult(Path file, byte[] result) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, result);
        System.out.println("wrote " + file + " (" + Files.size(file) + " bytes)");
    }
}
