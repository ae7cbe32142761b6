package dev.ispd.spark.read;

import dev.ispd.spark.conf.HadoopConf;
import dev.ispd.spark.conf.SparkSettings;
import dev.ispd.spark.layout.RecordLayout;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;

/**
 * What one {@code load(path)} reads, resolved and checked on the driver: the path as given, the
 * record layout, the files (the path itself, or the visible files directly in the directory it
 * names, each a whole number of records), the Hadoop configuration to open them with and the
 * offload settings the partitions are planned and run with. Parquet files carry their footers
 * ({@code parquet}, null for records): the layout is their table's. Files whose records are
 * stored column-blocked record how many a block holds ({@link RecordLayout#recordsPerBlock}),
 * the same for every file of the read. Its sample of rows ({@link RecordSample}, {@link ParquetRowSample}) is read once,
 * when a scan's statistics first need it, and shared by every scan of the load.
 */
public record ScanInput(String path, RecordLayout layout, List<FileStatus> files, HadoopConf conf,
                        SparkSettings settings, ParquetFiles parquet, TableSample sample) {
    public ScanInput {
        files = List.copyOf(files);
    }

    /** An input whose sample is of its files' records or Parquet rows, read when first needed. */
    public ScanInput(String path, RecordLayout layout, List<FileStatus> files, HadoopConf conf,
                     SparkSettings settings, ParquetFiles parquet) {
        this(path, layout, files, conf, settings, parquet, parquet != null ? new ParquetRowSample(parquet, files, conf)
                : new RecordSample(layout, files, conf));
    }

    /** This input read with {@code settings} (the session's when a scan is built), its sample shared. */
    public ScanInput withSettings(SparkSettings settings) {
        return new ScanInput(path, layout, files, conf, settings, parquet, sample);
    }

    /** The records in the files: Parquet's rows, or the files' bytes in whole records. */
    public long records() {
        return parquet != null ? parquet.rows()
                : files.stream().mapToLong(f -> f.getLen() / layout.entrySize()).sum();
    }
}
