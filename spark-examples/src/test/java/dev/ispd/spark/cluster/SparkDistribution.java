package dev.ispd.spark.cluster;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * The Spark distribution the pyspark package carries ({@code bin/spark-class},
 * {@code bin/spark-submit}, {@code jars/}) and the Python that has pyspark: the one named by
 * {@value #HOME_ENV}, else the virtual environment {@code .venv-pyspark} in the checkout that
 * {@code .ci/run} makes. Without one, tests needing it are skipped with a message saying how to
 * get it, or fail where {@value #REQUIRED_ENV} is set (CI sets it).
 */
final class SparkDistribution {
    static final String HOME_ENV = "ISPD_SPARK_HOME";
    static final String REQUIRED_ENV = "ISPD_REQUIRE_PYSPARK";
    private static final Path VENV = Path.of("..", ".venv-pyspark");

    private final Path home;
    private final Path python;

    private SparkDistribution(Path home, Path python) {
        this.home = home;
        this.python = python;
    }

    /** The distribution, or the test is skipped (failed, when required) saying how to install it. */
    static SparkDistribution require() throws IOException {
        Optional<SparkDistribution> found = find();
        if (found.isEmpty()) {
            String how = "no pyspark 4.2.0 distribution: python3 -m venv .venv-pyspark && "
                    + ".venv-pyspark/bin/pip install pyspark==4.2.0 in the checkout (as .ci/run does), or set "
                    + HOME_ENV + " to a Spark 4.2.0 home";
            if (System.getenv(REQUIRED_ENV) != null) {
                fail(how + " (" + REQUIRED_ENV + " is set: it must be present)");
            }
            Assumptions.abort(how);
        }
        return found.get();
    }

    private static Optional<SparkDistribution> find() throws IOException {
        String env = System.getenv(HOME_ENV);
        if (env != null) {
            return Optional.of(new SparkDistribution(Path.of(env), Path.of("python3")));
        }
        Path lib = VENV.resolve("lib");
        if (!Files.isDirectory(lib)) {
            return Optional.empty();
        }
        try (Stream<Path> pythons = Files.list(lib)) {
            return pythons.map(p -> p.resolve("site-packages").resolve("pyspark"))
                    .filter(p -> Files.isExecutable(p.resolve("bin").resolve("spark-class"))).findFirst()
                    .map(p -> new SparkDistribution(p.toAbsolutePath().normalize(),
                            VENV.resolve("bin").resolve("python").toAbsolutePath().normalize()));
        }
    }

    Path home() {
        return home;
    }

    Path bin(String script) {
        return home.resolve("bin").resolve(script);
    }

    /** The Python with pyspark, for PySpark drivers and workers. */
    Path python() {
        return python;
    }
}
