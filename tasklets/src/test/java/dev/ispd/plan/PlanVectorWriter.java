package dev.ispd.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes the plan test vectors and the result vector (only when the encoding's version changes, and then bump it):
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
            Files.write(file, PlanCodec.encode(v.plan()));
            System.out.println("wrote " + file + " (" + Files.size(file) + " bytes)");
        }
        Path result = PlanResultStringsTest.VECTOR;
        Files.createDirectories(result.getParent());
        Files.write(result, PlanResultStringsTest.result(PlanResultStringsTest.ROWS));
        System.out.println("wrote " + result + " (" + Files.size(result) + " bytes)");
    }
}
