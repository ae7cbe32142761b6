package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.protocol.Extent;
import dev.ispd.spark.TypedRows;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.PushedScan;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnarBatch;
import org.junit.jupiter.api.Test;

/**
 * A row plan's rows, run by the plan interpreter over records with a column of every type (decimals
 * of 4, 8 and 16 bytes, dates, timestamps, f32 and f64 with NaN and -0.0, bools, a one-bit bool,
 * char(n) padded with spaces and with zeros, NULLs by null bit and by null value) and read by
 * {@link PlanRowsReader} straight from the result's words, are the rows the host's reader decodes
 * from the records themselves ({@link ColumnDecoder} over the records), for every set of read
 * columns tried, across batches; a malformed result is an error naming the rows' file.
 */
class PlanRowsTypesTest {
    private static final RecordLayout TABLE = RecordLayout.of(LayoutDdl.parse("typed", TypedRows.LAYOUT,
            TypedRows.ENTRY, "test"));
    /** More than a batch. */
    private static final int ROWS = RecordBatchReader.BATCH_ROWS + 1_000;
    private static final byte[] RECORDS = TypedRows.records(TypedRows.rows(ROWS, 5), 6);

    @Test
    void planRowsReadFromTheWordsAreTheRowsDecodedFromTheRecords() throws IOException {
        List<LayoutColumn> all = TABLE.columns();
        Random random = new Random(3);
        List<List<LayoutColumn>> readSets = new ArrayList<>(List.of(all));
        for (int n = 0; n < 6; n++) {
            readSets.add(all.stream().filter(c -> random.nextBoolean()).toList());
        }
        for (List<LayoutColumn> read : readSets) {
            PushedScan scan = scan(read);
            List<String> fromWords = planRows(scan, run(scan));
            assertEquals(ROWS, fromWords.size());
            assertEquals(recordRows(read), fromWords, read.stream().map(LayoutColumn::name).toList().toString());
        }
    }

    @Test
    void aResultCutShortIsAnErrorNamingTheRowsFile() {
        PushedScan scan = scan(TABLE.columns());
        byte[] whole = run(scan);
        byte[] cut = Arrays.copyOf(whole, whole.length - 3);
        IOException e = assertThrows(IOException.class, () -> planRows(scan, cut));
        assertTrue(e.getMessage().contains("the plan's rows of typed-file") && e.getMessage().contains("a plan result"),
                e.getMessage());
    }

    private static PushedScan scan(List<LayoutColumn> read) {
        return new PushedScan(TABLE, read, Predicate.all(), List.of(), null, Plan.NO_LIMIT, null);
    }

    /** The plan's encoded result over all the records, run on the host as a drive runs it. */
    private static byte[] run(PushedScan scan) {
        try {
            return new HostRunner(TypedRows.ENTRY * 64, 1).run(new PlanTasklet(scan.plan(), PlanLimits.DRIVE),
                    List.of(new Extent(1, 0, RECORDS.length)),
                    new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(RECORDS)))).bytes();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> planRows(PushedScan scan, byte[] result) throws IOException {
        List<String> rows = new ArrayList<>();
        try (PlanRowsReader reader = new PlanRowsReader(scan, new SplitPlanRun.Result(List.of(result), Map.of()),
                "typed-file")) {
            while (reader.next()) {
                reader.get().rowIterator().forEachRemaining(r -> rows.add(text(r, scan.readSchema())));
            }
        }
        return rows;
    }

    /** The rows as the host's reader decodes them from the records, a batch at a time. */
    private static List<String> recordRows(List<LayoutColumn> read) throws IOException {
        StructType schema = scan(read).readSchema();
        ColumnDecoder[] decoders = read.stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        List<String> rows = new ArrayList<>();
        try (ColumnarBatch batch = ColumnDecoder.batchOf(read, RecordBatchReader.BATCH_ROWS)) {
            for (int from = 0; from < ROWS; from += RecordBatchReader.BATCH_ROWS) {
                int n = Math.min(RecordBatchReader.BATCH_ROWS, ROWS - from);
                ByteBuffer records = ByteBuffer.wrap(Arrays.copyOfRange(RECORDS, from * TypedRows.ENTRY,
                        (from + n) * TypedRows.ENTRY));
                ColumnDecoder.decodeAll(decoders, records, n, TypedRows.ENTRY, batch, "the records");
                batch.rowIterator().forEachRemaining(r -> rows.add(text(r, schema)));
            }
        }
        return rows;
    }

    private static String text(InternalRow row, StructType schema) {
        List<String> cells = new ArrayList<>();
        for (int c = 0; c < schema.size(); c++) {
            cells.add(row.isNullAt(c) ? "NULL" : String.valueOf(row.get(c, schema.fields()[c].dataType())));
        }
        return String.join("|", cells);
    }
}
