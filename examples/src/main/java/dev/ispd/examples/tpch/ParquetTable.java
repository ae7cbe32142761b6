package dev.ispd.examples.tpch;

import dev.ispd.hadoop.parquet.FileSystemOutputFile;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * One TPC-H table as a Snappy-compressed Parquet file ({@code TABLE.parquet}), the same values as
 * its {@link TpchLayouts records} with the types Spark reads them as: identifiers int64, integers
 * int32, money and quantities decimal(15,2) in an int64, dates and strings. The file is written
 * under a hidden name ({@code .TABLE.parquet.loading}) and renamed when whole. On osd:// the
 * writer pads row groups to chunk boundaries (docs/parquet.md): with {@code parquet.block.size} a
 * little under the chunk size, each row group lies in one chunk, so one drive scans it.
 */
final class ParquetTable<E extends TpchEntity> implements AutoCloseable {
    private final List<TpchColumn<E>> columns;
    private final SimpleGroupFactory groups;
    private final ParquetWriter<Group> writer;
    private final FileSystem fs;
    private final Path staging;
    private final Path file;
    private boolean closed;

    /** Starts the table's file in {@code dir} of {@code fs}, which stays the caller's; {@code conf} has the writer's settings. */
    ParquetTable(TpchTable<E> table, FileSystem fs, Path dir, Configuration conf) throws IOException {
        columns = table.getColumns();
        MessageType schema = schema(table);
        groups = new SimpleGroupFactory(schema);
        this.fs = fs;
        file = new Path(dir, table.getTableName() + ".parquet");
        staging = new Path(dir, "." + file.getName() + ".loading");
        fs.mkdirs(dir);
        writer = ExampleParquetWriter.builder(new FileSystemOutputFile(fs, staging)).withConf(conf).withType(schema)
                .withCompressionCodec(CompressionCodecName.SNAPPY).withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withRowGroupSize(conf.getLong(ParquetOutputFormat.BLOCK_SIZE, ParquetWriter.DEFAULT_BLOCK_SIZE)).build();
    }

    /** The Parquet schema of {@code table}. */
    static MessageType schema(TpchTable<?> table) {
        List<Type> fields = new ArrayList<>();
        for (TpchColumn<?> column : table.getColumns()) {
            String name = column.getColumnName();
            fields.add(switch (column.getType().getBase()) {
                case IDENTIFIER -> Types.required(PrimitiveTypeName.INT64).named(name);
                case INTEGER -> Types.required(PrimitiveTypeName.INT32).named(name);
                case DATE -> Types.required(PrimitiveTypeName.INT32).as(LogicalTypeAnnotation.dateType()).named(name);
                case DOUBLE -> Types.required(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.decimalType(
                        TpchLayouts.DECIMAL_SCALE, TpchLayouts.DECIMAL_PRECISION)).named(name);
                case VARCHAR -> Types.required(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(name);
            });
        }
        return new MessageType(table.getTableName(), fields);
    }

    /** The file, once {@link #commit}ted. */
    Path file() {
        return file;
    }

    void write(E row) throws IOException {
        Group g = groups.newGroup();
        for (int i = 0; i < columns.size(); i++) {
            TpchColumn<E> column = columns.get(i);
            switch (column.getType().getBase()) {
                case IDENTIFIER, DOUBLE -> g.add(i, column.getIdentifier(row));
                case INTEGER -> g.add(i, column.getInteger(row));
                case DATE -> g.add(i, column.getDate(row));
                case VARCHAR -> g.add(i, column.getString(row));
            }
        }
        writer.write(g);
    }

    /** Finishes the file and renames it into place, replacing an older one. */
    void commit() throws IOException {
        closed = true;
        writer.close();
        if (fs.exists(file) && !fs.delete(file, false)) {
            throw new IOException("could not replace " + file + ": deleting the old file failed");
        }
        if (!fs.rename(staging, file)) {
            throw new IOException("could not rename " + staging + " to " + file);
        }
    }

    /** Drops the unfinished file unless it was committed. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            try {
                writer.close();
            } finally {
                fs.delete(staging, false);
            }
        }
    }
}
