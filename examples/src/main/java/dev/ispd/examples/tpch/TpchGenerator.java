package dev.ispd.examples.tpch;

import dev.ispd.examples.worldcup.LoadProgress;
import dev.ispd.examples.worldcup.StagedTarget;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.BlockedOutput;
import dev.ispd.plan.Layout;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetOutputFormat;

/**
 * Generates the eight TPC-H tables at a scale factor with dbgen's algorithm (io.trino.tpch) and
 * writes each as a file of fixed-width records ({@link TpchLayouts}, the layout recorded on the
 * file), as Parquet ({@link ParquetTable}), or both from one pass over the generator. Record files
 * are named as their tables ({@code DIR/lineitem}), in chunks of whole records, and written
 * under a temporary name ({@link StagedTarget}), so a failed run leaves what was there.
 */
public final class TpchGenerator {
    /** The tables in the order they are written: the small ones first. */
    public static final List<TpchTable<?>> TABLES = List.of(TpchTable.REGION, TpchTable.NATION, TpchTable.SUPPLIER,
            TpchTable.CUSTOMER, TpchTable.PART, TpchTable.PART_SUPPLIER, TpchTable.ORDERS, TpchTable.LINE_ITEM);
    /** The smallest scale factor: the generator makes one supplier per 10,000 of a scale factor. */
    public static final double MIN_SCALE = 1.0 / SupplierGenerator.SCALE_BASE;
    /** The largest scale factor the specification defines (100,000: 600 billion lineitem rows). */
    public static final double MAX_SCALE = 100_000;
    private static final int BATCH_BYTES = 4 << 20;

    /**
     * Where record files go: a directory of a file system, chunks of whole records up to
     * {@code chunkSize} bytes, the records stored column-blocked {@code recordsPerBlock} to a
     * block ({@link BlockLayout}; 0: in rows), each chunk then whole blocks.
     */
    public record RecordTarget(FileSystem fs, Path dir, long chunkSize, int recordsPerBlock) {
        /** Records in rows. */
        public RecordTarget(FileSystem fs, Path dir, long chunkSize) {
            this(fs, dir, chunkSize, 0);
        }

        public RecordTarget {
            if (recordsPerBlock < 0) {
                throw new IllegalArgumentException("--block must be a positive number of records, got " + recordsPerBlock);
            }
        }
    }

    /**
     * Where Parquet files go: a directory of a file system the caller owns, written with the
     * Parquet writer's settings in {@code conf} ({@code parquet.block.size}: the row group size).
     */
    public record ParquetTarget(FileSystem fs, Path dir, Configuration conf) {
        /**
         * The osd:// chunk Parquet files are written in by default: chunks go round robin over the
         * drives, so a file of many chunks spreads evenly (SF 1's lineitem is 16), where one of a
         * few 64 MiB chunks leaves a drive a chunk more than the others (docs/parquet.md).
         */
        public static final long CHUNK_SIZE = 16L << 20;

        /**
         * Parquet for osd:// chunks of {@code chunk} bytes into {@code dir} of {@code osd} (opened
         * with that chunk size): row groups of {@code parquet.block.size} from {@code conf}, else
         * 7/8 of a chunk, so that the writer's padding to chunk boundaries keeps each in one chunk
         * (docs/parquet.md, "Row groups that live in one drive").
         */
        public static ParquetTarget inChunks(FileSystem osd, Path dir, Configuration conf, long chunk) {
            Configuration writer = new Configuration(conf);
            writer.setLong(ParquetOutputFormat.BLOCK_SIZE, conf.getLong(ParquetOutputFormat.BLOCK_SIZE, chunk / 8 * 7));
            return new ParquetTarget(osd, dir, writer);
        }
    }

    /** What was written of one table: its rows, the record file (or null) and the Parquet file (or null). */
    public record Written(String table, long rows, int recordSize, Path records, Path parquet) {
        /** Bytes of the record file. */
        public long recordBytes() {
            return rows * recordSize;
        }
    }

    private final double scale;
    private LoadProgress.Mode progress = LoadProgress.Mode.OFF;

    /** @throws IllegalArgumentException a scale factor outside [{@link #MIN_SCALE}, {@link #MAX_SCALE}] */
    public TpchGenerator(double scale) {
        checkScale(scale);
        this.scale = scale;
    }

    /** Refuses a scale factor the generator cannot make all eight tables at, naming it. */
    public static void checkScale(double scale) {
        if (!(scale >= MIN_SCALE && scale <= MAX_SCALE)) {
            String min = BigDecimal.valueOf(MIN_SCALE).stripTrailingZeros().toPlainString();
            throw new IllegalArgumentException("a TPC-H scale factor is " + min + " to " + (long) MAX_SCALE
                    + " (at least one supplier), got " + scale);
        }
    }

    /** Shows a progress bar on standard error: AUTO does on long runs only. Default OFF. */
    public TpchGenerator progress(LoadProgress.Mode mode) {
        this.progress = mode;
        return this;
    }

    /** The rows of all eight tables at this scale factor, lineitem's estimated (1 to 7 per order, 4 on average). */
    public long expectedRows() {
        long orders = (long) (scale * OrderGenerator.SCALE_BASE);
        long parts = (long) (scale * PartGenerator.SCALE_BASE);
        return 5 + 25 + (long) (scale * SupplierGenerator.SCALE_BASE) + (long) (scale * CustomerGenerator.SCALE_BASE)
                + 5 * parts + 5 * orders;
    }

    /**
     * Writes every table: as records into {@code records} unless null, as Parquet into
     * {@code parquet} unless null.
     */
    public List<Written> write(RecordTarget records, ParquetTarget parquet) throws IOException {
        if (records == null && parquet == null) {
            throw new IllegalArgumentException("nowhere to write the TPC-H tables: give record files, Parquet or both");
        }
        List<Written> written = new ArrayList<>();
        try (LoadProgress bar = LoadProgress.records(progress, String.format(Locale.ROOT, "TPC-H SF %s", scale),
                expectedRows())) {
            long[] done = {0};
            for (TpchTable<?> table : TABLES) {
                written.add(table(table, records, parquet, bar, done));
            }
        }
        return written;
    }

    private <E extends TpchEntity> Written table(TpchTable<E> table, RecordTarget records, ParquetTarget parquetTarget,
                                                 LoadProgress bar, long[] done) throws IOException {
        RecordEncoder<E> encoder = new RecordEncoder<>(table);
        int size = encoder.recordSize();
        Path file = records == null ? null : new Path(records.dir(), table.getTableName());
        try (ParquetTable<E> parquet = parquetTarget == null ? null
                : new ParquetTable<>(table, parquetTarget.fs(), parquetTarget.dir(), parquetTarget.conf())) {
            long rows;
            if (file == null) {
                rows = generate(table, null, encoder, parquet, bar, done);
            } else {
                Layout layout = TpchLayouts.of(table);
                int block = records.recordsPerBlock();
                BlockLayout blocks = block == 0 ? null : new BlockLayout(layout, block);
                long unit = blocks == null ? size : blocks.blockBytes();
                if (records.chunkSize() < unit) {
                    throw new IllegalArgumentException("--block " + block + ": a block of " + block + " "
                            + table.getTableName() + " records is " + unit + " bytes, more than a chunk ("
                            + records.chunkSize() + " bytes, --chunk-size); a block lies in one chunk");
                }
                long chunk = records.chunkSize() - records.chunkSize() % unit;
                rows = StagedTarget.write(records.fs(), file, Optional.of(layout), block, chunk, out -> {
                    if (blocks == null) {
                        return generate(table, out, encoder, parquet, bar, done) * size;
                    }
                    BlockedOutput blocked = new BlockedOutput(out, blocks);
                    long n = generate(table, blocked, encoder, parquet, bar, done);
                    blocked.finish();
                    return n * size;
                }) / size;
            }
            if (parquet != null) {
                parquet.commit();
            }
            return new Written(table.getTableName(), rows, size, file, parquet == null ? null : parquet.file());
        }
    }

    /** Generates the table's rows into {@code out} (unless null) and {@code parquet} (unless null); returns the rows. */
    private <E extends TpchEntity> long generate(TpchTable<E> table, OutputStream out, RecordEncoder<E> encoder,
                                                 ParquetTable<E> parquet, LoadProgress bar, long[] done)
            throws IOException {
        int size = encoder.recordSize();
        ByteBuffer batch = ByteBuffer.allocate(BATCH_BYTES - BATCH_BYTES % size).order(ByteOrder.LITTLE_ENDIAN);
        int at = 0;
        long rows = 0;
        for (E row : table.createGenerator(scale, 1, 1)) {
            if (out != null) {
                if (at == batch.capacity()) {
                    out.write(batch.array(), 0, at);
                    at = 0;
                }
                encoder.encode(row, batch, at);
                at += size;
            }
            if (parquet != null) {
                parquet.write(row);
            }
            if ((++rows & 0xFFFF) == 0) {
                bar.stepTo(done[0] + rows);
            }
        }
        if (out != null) {
            out.write(batch.array(), 0, at);
        }
        done[0] += rows;
        bar.stepTo(done[0]);
        return rows;
    }
}
