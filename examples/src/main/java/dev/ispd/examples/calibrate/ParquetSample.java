package dev.ispd.examples.calibrate;

import dev.ispd.hadoop.parquet.ParquetInputs;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Plan;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.ParquetTable;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

/**
 * Rows written as one Parquet file (one row group) in a {@link Format}, held in memory, so that
 * calibration can run plans over its column chunks as a drive does; the file itself is written
 * under a directory the caller removes.
 */
final class ParquetSample {
    /**
     * How the file is written: its codec, whether its columns are dictionary encoded (a column of
     * many distinct values falls back to PLAIN pages all the same) and whether they are optional
     * (definition levels).
     */
    record Format(CompressionCodecName codec, boolean dictionary, boolean optional) {
        /** Snappy, dictionaries, required columns: parquet-java's defaults, and Spark's. */
        static final Format DEFAULT = new Format(CompressionCodecName.SNAPPY, true, false);

        /** The schema {@code required} writes with this format's optionality. */
        MessageType schema(MessageType required) {
            return optional ? MessageTypeParser.parseMessageType(
                    required.toString().replace("required ", "optional ")) : required;
        }

        /** The format in a workload's name: {@code snappy dictionary}, {@code gzip plain optional}, ... */
        String label() {
            return codec.name().toLowerCase(Locale.ROOT) + (dictionary ? " dictionary" : " plain")
                    + (optional ? " optional" : "");
        }
    }

    /** What a drive is sent to run a plan over the file: its row groups and columns, and their extents in object 1. */
    record Run(ParquetSource source, List<Extent> extents) {
    }

    private final byte[] bytes;
    private final Layout layout;
    private final FileSystem fs;
    private final Path file;

    private ParquetSample(byte[] bytes, Layout layout, FileSystem fs, Path file) {
        this.bytes = bytes;
        this.layout = layout;
        this.fs = fs;
        this.file = file;
    }

    /**
     * {@code rows} rows of table {@code name} ({@code row} makes each, of {@code schema}) written in
     * {@code format} to a file of {@code dir} named by both.
     */
    static ParquetSample write(java.nio.file.Path dir, String name, MessageType schema, Format format, int rows,
                               IntFunction<Group> row) throws IOException {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        Path file = new Path(dir.resolve(name + "-" + format.label().replace(' ', '-') + ".parquet").toUri());
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(schema)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(format.codec())
                .withDictionaryEncoding(format.dictionary()).withRowGroupSize(1L << 30).build()) {
            for (int i = 0; i < rows; i++) {
                out.write(row.apply(i));
            }
        }
        byte[] bytes = Files.readAllBytes(java.nio.file.Path.of(file.toUri()));
        return new ParquetSample(bytes, ParquetTable.of(name, schema).layout(), fs, file);
    }

    /** The file's bytes, the object a workload scans. */
    byte[] bytes() {
        return bytes;
    }

    /** The layout of the file's table, which plans over it are written against. */
    Layout layout() {
        return layout;
    }

    /** What a drive is sent to run {@code plan} over the file. */
    Run run(Plan plan) throws IOException {
        ParquetInput input = ParquetInputs.input(fs, fs.getFileStatus(file), plan).parquet();
        ParquetSource source = new ParquetSource(file.getName(), input.columns(),
                input.rowGroups().stream().map(ParquetInput.RowGroup::group).toList());
        List<Extent> extents = new ArrayList<>();
        for (ParquetInput.RowGroup g : input.rowGroups()) {
            for (int c = 0; c < g.chunkOffsets().size(); c++) {
                extents.add(new Extent(1, g.chunkOffsets().get(c), g.group().chunks().get(c).length()));
            }
        }
        return new Run(source, extents);
    }
}
