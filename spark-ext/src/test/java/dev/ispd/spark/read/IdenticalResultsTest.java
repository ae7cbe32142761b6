package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.ispd.examples.worldcup.importer.ImportFormat;
import dev.ispd.examples.worldcup.importer.WorldCupImporter;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import dev.ispd.spark.PlainRecords;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import dev.ispd.worldcup.WorldCup98;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The connector against plain Spark reading the same bytes through FixedLengthInputFormat: equal
 * result sets for each query, on generated data (20- and 256-byte entries, chunks that cut
 * records) and on the real WorldCup98 sample (200,000 requests imported from its CSV).
 */
class IdenticalResultsTest {
    /** Bytes a chunk: not a multiple of any entry size, so records straddle chunk ends. */
    private static final int CHUNK = 300_001;
    private static final String SAMPLE = "wc_day6_1_sample.tar.bz2";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    static Stream<String> datasets() {
        return Stream.of("generated20", "generated256", "sample");
    }

    static Stream<String> queries() {
        return Stream.of(
                "SELECT * FROM t",
                "SELECT count(*) FROM t",
                "SELECT region, count(*) FROM t GROUP BY region",
                "SELECT region, type, count(*) FROM t GROUP BY region, type",
                "SELECT clientID, size FROM t WHERE type = 0 AND size > 1000",
                "SELECT objectID, method, status FROM t WHERE region IN (1, 3) OR status <> 72",
                "SELECT objectID, count(*) AS n FROM t GROUP BY objectID ORDER BY n DESC, objectID LIMIT 10",
                "SELECT min(timestamp), max(timestamp), sum(size), max(clientID) FROM t WHERE server >= 64");
    }

    static Stream<Arguments> datasetsAndQueries() {
        return datasets().flatMap(d -> queries().map(q -> Arguments.of(d, q)));
    }

    @BeforeAll
    static void load() throws IOException {
        register("generated20", WorldCupFiles.generate(1, 30_000, 20), 20);
        register("generated256", WorldCupFiles.generate(2, 3_000, 256), 256);
        register("sample", importSample(), WorldCup98.RECORD_SIZE);
    }

    private static void register(String name, byte[] records, int entrySize) throws IOException {
        SparkSession spark = DRIVES.spark();
        String uri = DRIVES.write("/identical/" + name + ".bin", records);
        spark.read().format("ispd").option("layout", "worldcup98").option("entrySize", entrySize).load(uri)
                .createOrReplaceTempView("ispd_" + name);
        PlainRecords.read(spark, uri, entrySize).createOrReplaceTempView("plain_" + name);
    }

    /** The real sample (../shared/data/worldcup98 beside the repository) as 20-byte records. */
    private static byte[] importSample() throws IOException {
        Path sample = Path.of("..").toAbsolutePath().normalize().resolveSibling("shared")
                .resolve("data/worldcup98").resolve(SAMPLE);
        if (!Files.isReadable(sample)) {
            throw new IllegalStateException("the WorldCup98 sample is not at " + sample
                    + " (expected ../shared/data/worldcup98 beside the repository root)");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (WorldCupLogWriter out = WorldCupLogWriter.of(bytes, false, WorldCup98.RECORD_SIZE)) {
            new WorldCupImporter(ImportFormat.CSV).importFile(sample, out);
        }
        return bytes.toByteArray();
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("datasetsAndQueries")
    void theConnectorAnswersAsPlainSparkOnTheSameBytes(String dataset, String query) {
        List<String> expected = rows(query.replace("FROM t", "FROM plain_" + dataset));
        List<String> actual = rows(query.replace("FROM t", "FROM ispd_" + dataset));
        assertFalse(expected.isEmpty(), "the query selects something");
        assertEquals(expected, actual);
    }

    /** The query's rows as text, sorted (equal result sets, whatever order the partitions came in). */
    private static List<String> rows(String sql) {
        return DRIVES.spark().sql(sql).collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
