package dev.ispd.spark.tpch.bench;

import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.time.LocalDate;
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
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * The benchmark's "no pushdown" baseline: plain Spark over the same record files in osd://,
 * without the connector. Hadoop's FixedLengthInputFormat (through {@code newAPIHadoopFile}) hands
 * Spark every record's bytes, moved whole to the host, and each record is decoded here into a
 * Row by the table's layout; Spark then filters, joins and aggregates everything itself. This is
 * what a user without ispd would do with these files, and the Spark types are the connector's
 * (bigint, int, decimal(P,S), date, string), so the answers compare exactly.
 */
final class RawRecords {
    private RawRecords() {
    }

    /** The records of {@code uri}, of {@code layout}, as a DataFrame of the layout's fields. */
    static Dataset<Row> read(SparkSession spark, String uri, Layout layout) {
        Field[] fields = layout.fields().toArray(Field[]::new);
        StructType schema = new StructType();
        for (Field f : fields) {
            schema = schema.add(f.name(), sparkType(f, layout), false);
        }
        Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
        FixedLengthInputFormat.setRecordLength(conf, layout.recordSize());
        JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .newAPIHadoopFile(uri, FixedLengthInputFormat.class, LongWritable.class, BytesWritable.class, conf)
                .map(record -> decode(record._2(), fields));
        return spark.createDataFrame(rows, schema);
    }

    private static DataType sparkType(Field f, Layout layout) {
        FieldType t = f.type();
        return switch (t.kind()) {
            case INTEGER -> f.width() == 8 ? DataTypes.LongType : DataTypes.IntegerType;
            case DECIMAL -> DataTypes.createDecimalType(t.precision(), t.scale());
            case DATE -> DataTypes.DateType;
            case CHAR -> DataTypes.StringType;
            default -> throw new IllegalArgumentException("layout " + layout.name() + ", field " + f.name() + ": "
                    + f.typeText() + " is not a TPC-H column type (bigint, int, decimal, date, char)");
        };
    }

    private static Row decode(BytesWritable record, Field[] fields) {
        ByteBuffer b = ByteBuffer.wrap(record.getBytes(), 0, record.getLength());
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            Field f = fields[i];
            values[i] = switch (f.type().kind()) {
                case INTEGER -> f.width() == 8 ? (Object) f.readInteger(b, 0) : (Object) (int) f.readInteger(b, 0);
                case DECIMAL -> BigDecimal.valueOf(f.readInteger(b, 0), f.type().scale());
                case DATE -> Date.valueOf(LocalDate.ofEpochDay(f.readInteger(b, 0)));
                default -> chars(record.getBytes(), f);
            };
        }
        return RowFactory.create(values);
    }

    /** A char(N) field's string: its bytes less the trailing padding (zero bytes or spaces, as the layout says). */
    private static String chars(byte[] record, Field f) {
        byte pad = f.type().zeroPad() ? 0 : (byte) ' ';
        int end = f.width();
        while (end > 0 && record[f.offset() + end - 1] == pad) {
            end--;
        }
        return new String(record, f.offset(), end, StandardCharsets.UTF_8);
    }
}
