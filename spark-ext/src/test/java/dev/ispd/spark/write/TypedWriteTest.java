package dev.ispd.spark.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.TypedRows;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.spark.SparkException;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Writes of typed layouts with {@code df.write.format("ispd")}: the table of every type with NULLs
 * ({@link TypedRows}) reads back as written, whatever ran the read; a value a field cannot hold
 * fails the write naming column, value and field, and leaves what the target held untouched.
 */
class TypedWriteTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_003);

    private static final String TARGET = "/typed-write/table";
    private static List<Row> rows;

    @BeforeAll
    static void write() {
        rows = TypedRows.rows(3_000, 30);
        frame(rows).write().format("ispd").option("layout", TypedRows.LAYOUT).option("entrySize", TypedRows.ENTRY)
                .mode("overwrite").save(DRIVES.uri(TARGET));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"host-only", "device-only", "fastest"})
    void readsBackAsWritten(String policy) {
        Dataset<Row> read = spark().read().format("ispd").option("ispd.offload.policy", policy).load(DRIVES.uri(TARGET));
        assertEquals(TypedRows.SCHEMA, read.schema(), "the layout the files record");
        assertEquals(sorted(frame(rows)), sorted(read));
    }

    /** Rows that do not fit: the first row of the table with one column replaced by {@code expression}. */
    @ParameterizedTest(name = "{0} = {1}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "p|CAST(12345678.9 AS DECIMAL(10,1))|column p value 12345678.90 does not fit field p of layout custom (decimal(9,2): at most 9 digits)",
        "p|CAST(1.005 AS DECIMAL(4,3))|column p value 1.005 does not fit field p of layout custom (decimal(9,2): 2 digits after the point)",
        "s|'123456789'|column s value '123456789' does not fit field s of layout custom (char(8): 9 bytes of UTF-8, more than 8)",
        "s|'ééééé'|column s value 'ééééé' does not fit field s of layout custom (char(8): 10 bytes of UTF-8, more than 8)",
        "s|'ab '|column s value 'ab ' does not fit field s of layout custom (char(8) padded with spaces",
        "id|CAST(NULL AS INT)|column id value NULL does not fit field id of layout custom which is not nullable",
        "i|65535|column i value 65535 does not fit field i of layout custom whose null value it is",
        "i|70000|column i value 70000 does not fit field i of layout custom (values [0, 65535])"})
    void aValueThatDoesNotFitFailsTheWriteNamingColumnValueAndFieldAndTouchesNothing(String column, String expression,
                                                                                      String message) throws IOException {
        List<String> before = files();
        List<String> rowsBefore = sorted(spark().read().format("ispd").load(DRIVES.uri(TARGET)));
        String[] columns = Arrays.stream(TypedRows.SCHEMA.fieldNames())
                .map(c -> c.equals(column) ? expression + " AS " + c : c).toArray(String[]::new);
        Dataset<Row> bad = frame(rows.subList(0, 1)).selectExpr(columns);
        SparkException e = assertThrows(SparkException.class, () -> bad.write().format("ispd").mode("append")
                .save(DRIVES.uri(TARGET)));
        assertTrue(messages(e).contains(message), messages(e));
        assertEquals(before, files(), "the target's files");
        assertEquals(rowsBefore, sorted(spark().read().format("ispd").load(DRIVES.uri(TARGET))), "the target's rows");
    }

    @Test
    void aColumnOfATypeTheFieldDoesNotTakeIsAnAnalysisError() {
        String[] columns = Arrays.stream(TypedRows.SCHEMA.fieldNames())
                .map(c -> c.equals("dt") ? "'2024-01-01' AS dt" : c).toArray(String[]::new);
        AnalysisException e = assertThrows(AnalysisException.class, () -> frame(rows).selectExpr(columns).write()
                .format("ispd").mode("append").save(DRIVES.uri(TARGET)));
        assertTrue(e.getMessage().contains("column dt is STRING; field dt of layout custom is date, which takes DATE"),
                e.getMessage());
    }

    private static List<String> files() throws IOException {
        Path dir = new Path(DRIVES.uri(TARGET));
        List<String> out = new ArrayList<>();
        for (FileStatus s : dir.getFileSystem(DRIVES.hadoopConf()).listStatus(dir)) {
            out.add(s.getPath().getName() + " " + s.getLen());
        }
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static Dataset<Row> frame(List<Row> rows) {
        return spark().createDataFrame(rows, TypedRows.SCHEMA);
    }

    private static List<String> sorted(Dataset<Row> df) {
        List<String> out = new ArrayList<>(df.collectAsList().stream().map(Row::toString).toList());
        out.sort(Comparator.naturalOrder());
        return out;
    }

    private static String messages(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            s.append(t.getMessage()).append('\n');
        }
        return s.toString();
    }

    private static SparkSession spark() {
        return DRIVES.spark();
    }
}
