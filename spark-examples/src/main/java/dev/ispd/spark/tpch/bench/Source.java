package dev.ispd.spark.tpch.bench;

import dev.ispd.examples.tpch.TpchGenerator;
import dev.ispd.examples.tpch.TpchLayouts;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.settings.OffloadKeys;
import io.trino.tpch.TpchTable;
import java.util.Arrays;
import java.util.function.Function;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The ways the benchmark reads the same TPC-H data, each giving Spark the eight tables: the
 * connector under three policies over the records in rows and two over their column-blocked
 * copy, Parquet on local disk and on osd:// (Spark's own reader, and the connector's), and
 * plain Spark over the raw records. The connector reads on the measured cost basis (issue 24),
 * so {@code fastest} places splits by what earlier runs took on this machine. The osd:// Parquet
 * copy is read both by Spark's reader and through the connector (decoded in the drives). A new
 * way to read the data is one more constant here, with a key for {@code --sources}; the
 * benchmark and its report take every constant.
 */
enum Source {
    /** {@code format("ispd")}, every split in the drives. */
    ISPD_DEVICE_ONLY("device-only", "ispd device-only", "device-only"),
    /** {@code format("ispd")} with the default policy; it learns from the wall clock of its warm-up runs. */
    ISPD_FASTEST("fastest", "ispd fastest", "fastest"),
    /** {@code format("ispd")}, every split on the host (records moved, the same plan run in Spark's task). */
    ISPD_HOST_ONLY("host-only", "ispd host-only", "host-only"),
    /** {@code format("ispd")} of the same records stored column-blocked ({@code tpch --block}), every split in the drives. */
    ISPD_DEVICE_ONLY_BLOCKED("device-only-blocked", "ispd device-only, blocked", "device-only") {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> connector(spark, at.blocked() + "/" + t);
        }
    },
    /** {@code format("ispd")} of the column-blocked copy with the default policy, which learns as {@code fastest} does. */
    ISPD_FASTEST_BLOCKED("fastest-blocked", "ispd fastest, blocked", "fastest") {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> connector(spark, at.blocked() + "/" + t);
        }
    },
    /** The same values as Parquet (Snappy) on local disk, read by Spark's Parquet reader. */
    PARQUET_LOCAL("parquet-local", "Parquet, local disk", null) {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> spark.read().parquet(at.parquetLocal() + "/" + t + ".parquet");
        }
    },
    /** The same Parquet files copied into osd://, read by Spark's Parquet reader through the file system. */
    PARQUET_OSD("parquet-osd", "Parquet on osd://", null) {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> spark.read().parquet(at.parquetOsd() + "/" + t + ".parquet");
        }
    },
    /**
     * The Parquet files on osd:// read through the connector: the drives decode their row groups
     * and run the scan's plan over them (docs/parquet.md), every split in the drives but those
     * whose row group straddles a chunk boundary.
     */
    PARQUET_ISPD("parquet-ispd", "Parquet on osd://, ispd device-only", "device-only") {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> connector(spark, at.parquetOsd() + "/" + t + ".parquet");
        }
    },
    /** Plain Spark over the record files, no connector, no pushdown ({@link RawRecords}). */
    RAW_RECORDS("raw", "raw records, plain Spark", null) {
        @Override
        Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
            return t -> RawRecords.read(spark, at.records() + "/" + t, TpchLayouts.of(table(t)));
        }
    };

    /**
     * Where the data is: the record files' directory, the local Parquet directory, its osd://
     * copy, and the record files' column-blocked copy.
     */
    record Locations(String records, String parquetLocal, String parquetOsd, String blocked) {
    }

    private final String key;
    private final String label;
    /** The connector's offload policy; null for the sources that are not the connector. */
    private final String policy;

    Source(String key, String label, String policy) {
        this.key = key;
        this.label = label;
        this.policy = policy;
    }

    /** Each table, by name, read this way: through the connector with its policy unless the source says otherwise. */
    Function<String, Dataset<Row>> tables(SparkSession spark, Locations at) {
        return t -> connector(spark, at.records() + "/" + t);
    }

    /** {@code path} read through the connector with this source's policy. */
    Dataset<Row> connector(SparkSession spark, String path) {
        return spark.read().format("ispd").option(OffloadKeys.OFFLOAD_POLICY.name(), policy)
                .option(OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MEASURED.key()).load(path);
    }

    /** The name {@code --sources} takes. */
    String key() {
        return key;
    }

    /** The name the report prints. */
    String label() {
        return label;
    }

    /** Whether this source's policy learns from its own runs (fastest, on the measured basis), so warms up longer. */
    boolean learns() {
        return "fastest".equals(policy);
    }

    /** Whether this is the connector, whose scans report the offload core's metrics. */
    boolean connector() {
        return policy != null;
    }

    /** The source {@code --sources} names {@code key}. */
    static Source of(String key) {
        return Arrays.stream(values()).filter(s -> s.key.equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no source " + key + "; the sources are "
                        + Arrays.stream(values()).map(Source::key).toList()));
    }

    private static TpchTable<?> table(String name) {
        return TpchGenerator.TABLES.stream().filter(t -> t.getTableName().equals(name)).findFirst().orElseThrow();
    }
}
