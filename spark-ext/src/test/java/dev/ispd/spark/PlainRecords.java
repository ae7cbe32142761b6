package dev.ispd.spark;

import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The reference the connector is compared with: plain Spark reading the same bytes without it,
 * through Hadoop's FixedLengthInputFormat, each record decoded here from the WorldCup98 format
 * document (big-endian fields; region is the top 3 bits of server), not with the connector's code.
 */
public final class PlainRecords {
    public static final StructType SCHEMA = new StructType()
            .add("timestamp", DataTypes.LongType, false).add("clientID", DataTypes.LongType, false)
            .add("objectID", DataTypes.LongType, false).add("size", DataTypes.LongType, false)
            .add("method", DataTypes.IntegerType, false).add("status", DataTypes.IntegerType, false)
            .add("type", DataTypes.IntegerType, false).add("server", DataTypes.IntegerType, false)
            .add("region", DataTypes.IntegerType, false);

    private PlainRecords() {
    }

    /** The records of {@code uri}, entries of {@code entrySize} bytes, as a DataFrame of {@link #SCHEMA}. */
    public static Dataset<Row> read(SparkSession spark, String uri, int entrySize) {
        Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
        FixedLengthInputFormat.setRecordLength(conf, entrySize);
        JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .newAPIHadoopFile(uri, FixedLengthInputFormat.class, LongWritable.class, BytesWritable.class, conf)
                .map(record -> decode(record._2()));
        return spark.createDataFrame(rows, SCHEMA);
    }

    private static Row decode(BytesWritable record) {
        ByteBuffer b = ByteBuffer.wrap(record.getBytes(), 0, record.getLength());
        int server = b.get(19) & 0xFF;
        return RowFactory.create(u32(b, 0), u32(b, 4), u32(b, 8), u32(b, 12),
                b.get(16) & 0xFF, b.get(17) & 0xFF, b.get(18) & 0xFF, server, server >>> 5);
    }

    private static long u32(ByteBuffer b, int at) {
        return b.getInt(at) & 0xFFFF_FFFFL;
    }
}
