package dev.ispd.spark.read;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitPiece;
import dev.ispd.plan.BoundPredicate;
import dev.ispd.plan.Predicate;
import dev.ispd.spark.layout.LayoutColumn;
import dev.ispd.spark.layout.RecordLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * The host-side reader of a partition placed on the host that returns every matching record: reads
 * its records through osd:// (piece by piece) a batch at a time into one reused buffer, keeps those the pushed predicate passes (tested by the plan
 * model's interpreter code, {@link BoundPredicate}, and moved to the front of the buffer) and
 * decodes the read columns of the kept ones into one reused {@link ColumnarBatch} (valid until
 * the next call of {@link #next}, as Spark's own vectorized readers do). Nothing is allocated per
 * record. Its metrics: the partition on the host, the bytes it read, and the host time and energy
 * the scheduler predicted for it (the plan's host cost; the reader does not meter its own work).
 * Its wall clock, from its opening to its last batch (Spark's work on the rows in the same task
 * included: what placing the partition on the host cost), goes to the measured cost basis.
 */
final class RecordBatchReader extends MeteredBatchReader {
    /** Records per batch: Spark's own columnar batch size. */
    static final int BATCH_ROWS = 4096;

    private final int entrySize;
    /** The pushed predicate, or null when none was pushed (every record is kept). */
    private final BoundPredicate where;
    private final Path file;
    private final FSDataInputStream in;
    private final List<SplitPiece> pieces;
    private int piece = -1;
    private final ColumnDecoder[] decoders;
    private final byte[] buffer;
    private final ByteBuffer records;
    private long remaining;
    private final long opened = System.nanoTime();
    /** Gets the wall clock once the last batch is read; a reader closed before that reports nothing. */
    private LongConsumer readAll;

    RecordBatchReader(PlannedSplit split, RecordLayout layout, List<LayoutColumn> columns, Predicate where,
                      Configuration conf, LongConsumer readAll) throws IOException {
        super(ColumnDecoder.batchOf(columns, BATCH_ROWS));
        this.entrySize = layout.entrySize();
        this.where = where instanceof Predicate.True ? null : BoundPredicate.bind(where, layout.planLayout());
        this.file = new Path(split.file());
        this.in = OsdFileSystems.get(file, conf).open(file);
        this.pieces = split.pieces();
        this.readAll = readAll;
        this.decoders = columns.stream().map(ColumnDecoder::new).toArray(ColumnDecoder[]::new);
        this.buffer = new byte[BATCH_ROWS * entrySize];
        this.records = ByteBuffer.wrap(buffer);
        metrics.add(SplitMetric.SPLITS_ON_HOST, 1);
        metrics.add(SplitMetric.BYTES_MOVED_TO_HOST, split.length());
        metrics.add(SplitMetric.MODELED_HOST_NS, split.decision().host().timeNs());
        metrics.add(SplitMetric.MODELED_HOST_ENERGY_NJ, split.decision().host().energyNj());
    }

    @Override
    public boolean next() throws IOException {
        int rows = 0;
        while (rows == 0) {
            if (remaining == 0 && !nextPiece()) {
                if (readAll != null) {
                    readAll.accept(System.nanoTime() - opened);
                    readAll = null;
                }
                return false;
            }
            int read = (int) Math.min(BATCH_ROWS, remaining / entrySize);
            remaining -= (long) read * entrySize;
            // With no predicate and no column to decode (count(*)), the number of records is all Spark needs.
            if (where != null || decoders.length > 0) {
                in.readFully(buffer, 0, read * entrySize);
            }
            rows = where == null ? read : keepPassing(read);
        }
        ColumnDecoder.decodeAll(decoders, records, rows, entrySize, batch, "records of " + file + " from byte "
                + pieces.get(piece).start());
        return true;
    }

    /** Moves to the next piece with records; false after the last. */
    private boolean nextPiece() throws IOException {
        while (remaining == 0) {
            if (++piece == pieces.size()) {
                return false;
            }
            in.seek(pieces.get(piece).start());
            remaining = pieces.get(piece).length();
        }
        return true;
    }

    /** Moves the records of the first {@code read} that pass the predicate to the front of the buffer; how many. */
    private int keepPassing(int read) {
        int kept = 0;
        for (int r = 0; r < read; r++) {
            int at = r * entrySize;
            if (where.test(records, at)) {
                if (kept != r) {
                    System.arraycopy(buffer, at, buffer, kept * entrySize, entrySize);
                }
                kept++;
            }
        }
        return kept;
    }

    @Override
    public void close() throws IOException {
        try {
            in.close();
        } finally {
            batch.close();
        }
    }
}
