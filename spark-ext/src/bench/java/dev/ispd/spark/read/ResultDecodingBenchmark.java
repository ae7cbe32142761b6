package dev.ispd.spark.read;

import dev.ispd.bench.AlternatingRounds;
import dev.ispd.bench.AlternatingRounds.Figure;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Field;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.protocol.Extent;
import dev.ispd.spark.TypedRows;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import dev.ispd.spark.pushdown.PushedScan;
import dev.ispd.spark.pushdown.RowBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.spark.sql.execution.vectorized.OnHeapColumnVector;
import org.apache.spark.sql.execution.vectorized.WritableColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The host's rate of decoding a row plan's results into Spark's column vectors: {@code words}
 * ({@link PlanRowsReader}: each row walked once, each column decoded from the result's words)
 * against {@code restore} (the previous path, kept here as the baseline: the results checked
 * twice by walking them, {@code PlanResult.rowCount} then {@code PlanResult.shape}, each row's
 * bytes put back into a record, then the records decoded by {@link ColumnDecoder}), on the same
 * result bytes in one JVM, in alternating rounds ({@link AlternatingRounds}).
 * The results are the plan interpreter's over N records of {@link TypedRows} (88 bytes, a column of
 * every type, NULLs in each nullable one), cut into results of 64 Ki rows, for three read sets:
 * {@code all} (every column, two {@code char(n)} among them), {@code numbers} (every column but
 * the strings) and {@code lineitem} (Q5/Q18's kind: an int key, decimals of 4 and 8 bytes, a date).
 * Prints per read set and path the rows/s and result MB/s, and words' ratio to restore.
 * Args: {@code [records (1000000)] [rounds (7)]}.
 */
public final class ResultDecodingBenchmark {
    private static final int RESULT_ROWS = 64 * 1024;

    private ResultDecodingBenchmark() {
    }

    public static void main(String[] args) throws IOException {
        int records = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        RecordLayout table = RecordLayout.of(LayoutDdl.parse("typed", TypedRows.LAYOUT, TypedRows.ENTRY, "bench"));
        byte[] bytes = TypedRows.records(TypedRows.rows(records, 1), 2);
        Map<String, List<String>> readSets = new LinkedHashMap<>();
        readSets.put("all", table.columnNames());
        readSets.put("numbers", table.columnNames().stream().filter(n -> !n.equals("s") && !n.equals("z")).toList());
        readSets.put("lineitem", List.of("id", "p", "q", "dt"));
        System.out.printf("Row results into Spark's column vectors, %,d records of %d bytes, %d rounds (median), "
                + "%d cores, load average %.2f%n", records, TypedRows.ENTRY, rounds,
                Runtime.getRuntime().availableProcessors(), loadAverage());
        for (Map.Entry<String, List<String>> set : readSets.entrySet()) {
            List<LayoutColumn> read = set.getValue().stream().map(n -> table.column(n).orElseThrow()).toList();
            PushedScan scan = new PushedScan(table, read, Predicate.all(), List.of(), null, Plan.NO_LIMIT, null);
            List<byte[]> results = results(scan, bytes, records);
            long resultBytes = results.stream().mapToLong(r -> r.length).sum();
            SplitPlanRun.Result run = new SplitPlanRun.Result(results, Map.of());
            Map<String, LongSupplier> variants = new LinkedHashMap<>();
            variants.put("restore", () -> new RestoringRows(scan, results).sum());
            variants.put("words", () -> sum(new PlanRowsReader(scan, run, "bench")));
            Map<String, Figure> figures = AlternatingRounds.run(variants, records, rounds);
            if (figures.values().stream().map(Figure::answer).distinct().count() != 1) {
                throw new IllegalStateException("the paths disagree: " + figures);
            }
            figures.forEach((name, f) -> System.out.printf("  %-9s %-8s %8.2f M rows/s %9.1f MB/s%n", set.getKey(),
                    name, f.millionsPerSecond(), f.millionsPerSecond() * resultBytes / records));
            System.out.printf("  %-9s words/restore %.2fx (%.1f result bytes a row, load average %.2f)%n", set.getKey(),
                    figures.get("words").millionsPerSecond() / figures.get("restore").millionsPerSecond(),
                    (double) resultBytes / records, loadAverage());
        }
    }

    /** The row plan's results over the records, run by the interpreter as a drive runs it, in results of {@link #RESULT_ROWS} rows. */
    private static List<byte[]> results(PushedScan scan, byte[] records, int n) throws IOException {
        List<byte[]> out = new ArrayList<>();
        int entry = TypedRows.ENTRY;
        for (int from = 0; from < n; from += RESULT_ROWS) {
            int rows = Math.min(RESULT_ROWS, n - from);
            ByteBuffer part = ByteBuffer.wrap(records, from * entry, rows * entry).slice();
            out.add(new HostRunner(entry * 64, 16).run(new PlanTasklet(scan.plan(), PlanLimits.DRIVE),
                    List.of(new Extent(1, 0, (long) rows * entry)), new InMemoryPageSource(Map.of(1L, part))).bytes());
        }
        return out;
    }

    /** What both paths' batches add up to: their rows, and a checksum of their first column's values. */
    private static long sum(MeteredBatchReader reader) {
        try (reader) {
            long sum = 0;
            while (reader.next()) {
                ColumnarBatch b = reader.get();
                sum += b.numRows();
                for (int r = 0; r < b.numRows(); r++) {
                    sum += b.column(0).isNullAt(r) ? 7 : b.column(0).getInt(r);
                }
            }
            return sum;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The previous path, as PlanRowsReader read row results before: put back into records, then decoded. */
    private static final class RestoringRows {
        private final PushedScan scan;
        private final List<byte[]> results;

        RestoringRows(PushedScan scan, List<byte[]> results) {
            this.scan = scan;
            this.results = results;
        }

        long sum() {
            RowBytes bytes = scan.rowBytes();
            int entrySize = scan.layout().entrySize();
            int fixedBytes = bytes.fixedWords() * Long.BYTES;
            List<LayoutColumn> columns = scan.columns();
            ColumnDecoder[] decoders = columns.stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
            int batchRows = RecordBatchReader.BATCH_ROWS;
            ColumnarBatch batch = new ColumnarBatch(OnHeapColumnVector.allocateColumns(batchRows, scan.readSchema()));
            WritableColumnVector[] strings = new WritableColumnVector[bytes.strings().size()];
            for (int s = 0; s < strings.length; s++) {
                decoders[bytes.stringColumns().get(s)] = null;
                strings[s] = (WritableColumnVector) batch.column(bytes.stringColumns().get(s));
            }
            ByteBuffer records = ByteBuffer.wrap(new byte[batchRows * entrySize]);
            results.forEach(PlanResult::rowCount); // the run's check of each result
            long sum = 0;
            int result = -1;
            int rowsLeft = 0;
            int at = 0;
            ByteBuffer words = null;
            try (batch) {
                while (true) {
                    for (WritableColumnVector s : strings) {
                        s.reset();
                    }
                    int n = 0;
                    while (n < batchRows) {
                        if (rowsLeft == 0) {
                            if (result + 1 == results.size()) {
                                break;
                            }
                            byte[] r = results.get(++result);
                            PlanResult.Shape shape = PlanResult.shape(r);
                            rowsLeft = shape.rows();
                            words = ByteBuffer.wrap(r).order(ByteOrder.LITTLE_ENDIAN);
                            at = shape.firstRow();
                            continue;
                        }
                        int take = Math.min(batchRows - n, rowsLeft);
                        for (int r = n; r < n + take; r++) {
                            restore(bytes, words, at, records, r * entrySize);
                            at += fixedBytes;
                            for (WritableColumnVector s : strings) {
                                words.position(at);
                                int length = PlanResult.readLength(words);
                                if (length < 0) {
                                    s.putNull(r);
                                    at = words.position();
                                } else {
                                    s.putByteArray(r, words.array(), words.position(), length);
                                    at = words.position() + length;
                                }
                            }
                        }
                        n += take;
                        rowsLeft -= take;
                    }
                    if (n == 0) {
                        return sum;
                    }
                    ColumnDecoder.decodeAll(decoders, records, n, entrySize, batch, "bench");
                    sum += n;
                    for (int r = 0; r < n; r++) {
                        sum += batch.column(0).isNullAt(r) ? 7 : batch.column(0).getInt(r);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        /** The previous RowBytes.restore: a row's words put back into the record at {@code at} of {@code records}. */
        private static void restore(RowBytes bytes, ByteBuffer words, int from, ByteBuffer records, int at) {
            List<Field> runs = bytes.runs();
            for (int i = 0; i < runs.size(); i++) {
                Field run = runs.get(i);
                long v = words.getLong(from + i * Long.BYTES);
                if (run.width() == Long.BYTES) {
                    records.putLong(at + run.offset(), v); // a big-endian buffer, as the records'
                    continue;
                }
                for (int b = run.width() - 1; b >= 0; b--, v >>>= 8) {
                    records.put(at + run.offset() + b, (byte) v);
                }
            }
        }
    }

    private static double loadAverage() {
        return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
