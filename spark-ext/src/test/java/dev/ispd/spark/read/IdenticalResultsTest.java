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
                "SELECT min(timestamp), max(timestamp), sum(size), max(clientID) FROM t WHERE server >= 64",
                // A filter on every field; counts always give a row, whatever the data selects.
                "SELECT count(*), sum(size) FROM t WHERE timestamp >= 893980800 AND timestamp <= 4294967295",
                "SELECT count(*), max(objectID) FROM t WHERE clientID < 500",
                "SELECT count(*) FROM t WHERE objectID BETWEEN 10 AND 2000",
                "SELECT count(*), min(server), max(status) FROM t "
                        + "WHERE method = 0 AND status <> 0 AND server BETWEEN 1 AND 200",
                "SELECT type, count(*) FROM t WHERE type IN (0, 1, 255, 300, -1) GROUP BY type",
                "SELECT count(*) FROM t WHERE NOT (region IN (0, 2)) AND server > 10",
                "SELECT max(objectID), min(size) FROM t WHERE NOT (type = 1 OR method = 1)",
                "SELECT count(*) FROM t WHERE status <= 72 OR method > 0",
                // The edges of each type: 1-byte, 4-byte and 3-bit unsigned fields, folded or kept.
                "SELECT count(*) FROM t WHERE type < 1000",
                "SELECT count(*) FROM t WHERE type > 255",
                "SELECT count(*) FROM t WHERE type >= 0 AND type <= 255 AND method < 256",
                "SELECT count(*) FROM t WHERE size >= 4294967295 OR size <= 0",
                "SELECT count(*) FROM t WHERE size > 4294967296 OR clientID < -1",
                "SELECT count(*) FROM t WHERE region >= 0 AND region <= 7 AND server <= 255",
                "SELECT count(*) FROM t WHERE region > 7 OR status < 0",
                // Pushed and not pushed together: Spark filters only what was not pushed.
                "SELECT clientID, size FROM t WHERE size + 1 > 1000 AND type = 1");
    }

    /** Queries that select nothing, from the connector and from plain Spark alike. */
    static Stream<String> emptyQueries() {
        return Stream.of(
                "SELECT * FROM t WHERE type > 255",
                "SELECT clientID FROM t WHERE region = 8",
                "SELECT objectID FROM t WHERE size < 0",
                "SELECT * FROM t WHERE type = 0 AND type = 1",
                "SELECT region, count(*) FROM t WHERE server IN (-1, 256) GROUP BY region");
    }

    static Stream<Arguments> datasetsAndEmptyQueries() {
        return datasets().flatMap(d -> emptyQueries().map(q -> Arguments.of(d, q)));
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

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("datasetsAndEmptyQueries")
    void bothSelectNothing(String dataset, String query) {
        assertEquals(List.of(), rows(query.replace("FROM t", "FROM plain_" + dataset)));
        assertEquals(List.of(), rows(query.replace("FROM t", "FROM ispd_" + dataset)));
    }

    /** The query's rows as text, sorted (equal result sets, whatever order the partitions came in). */
    private static List<String> rows(String sql) {
        return DRIVES.spark().sql(sql).collectAsList().stream().map(Row::toString).sorted().toList();
    }
}
