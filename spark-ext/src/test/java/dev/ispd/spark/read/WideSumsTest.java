package dev.ispd.spark.read;

import dev.ispd.spark.SparkDrives;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.lib.input.FixedLengthInputFormat;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SUM, AVG, try_sum and try_avg over 64-bit columns of a user layout, and a string compared with
 * an integer column, against plain Spark over the same bytes (read through FixedLengthInputFormat
 * and decoded here), under every policy and with ANSI on and off: the same rows, or the same error
 * condition ([ARITHMETIC_OVERFLOW], [CAST_INVALID_INPUT]). The data overflows 64 bits in every
 * order where a query says so (sums of values of one sign, or random values far beyond the range),
 * so the answer does not depend on the order Spark adds partitions in. AVG and try_avg are sums of
 * doubles in Spark, whose last bits depend on that order: they are compared within 1e-12.
 */
@Tag("heavy")
class WideSumsTest {
    private static final int CHUNK = 300_001;
    private static final int ENTRY = 32;
    private static final int RECORDS = 20_000;
    private static final String LAYOUT = "big i64 le @0, ubig u64 le @8, mid i64 le @16, umid u64 le @24, k u8 @31";
    private static final StructType SCHEMA = new StructType().add("big", DataTypes.LongType, false)
            .add("ubig", DataTypes.LongType, false).add("mid", DataTypes.LongType, false)
            .add("umid", DataTypes.LongType, false).add("k", DataTypes.IntegerType, false);
    private static final List<String> POLICIES = List.of("host-only", "device-only", "fastest");

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, CHUNK);

    static List<String> queries() {
        return List.of(
                // overflow in every order: all of one sign, or far beyond the range
                "SELECT sum(big) FROM t",
                "SELECT sum(big) FROM t WHERE big < 0",
                "SELECT sum(big) FROM t WHERE big > 0",
                "SELECT k, sum(big), count(*), min(big), max(mid) FROM t GROUP BY k",
                "SELECT sum(ubig) FROM t",
                "SELECT try_sum(big) FROM t",
                "SELECT k, try_sum(big), try_sum(mid) FROM t WHERE big > 0 GROUP BY k",
                // no overflow, but the type's range could: exact sums of the halves
                "SELECT sum(mid), sum(umid) FROM t",
                "SELECT k, sum(mid), sum(umid), count(mid) FROM t WHERE k < 3 GROUP BY k",
                "SELECT try_sum(mid) FROM t WHERE mid < 0",
                "SELECT sum(big) FROM t WHERE k = 1 AND big BETWEEN -100000 AND 100000",
                // averages in double
                "SELECT avg(big), avg(ubig) FROM t",
                "SELECT k, avg(mid), try_avg(big) FROM t GROUP BY k",
                "SELECT try_avg(umid), avg(k) FROM t",
                // a string compared with an integer column: Spark casts it (an error under ANSI, NULL otherwise)
                "SELECT count(*) FROM t WHERE k = 'abc'",
                "SELECT count(*), sum(mid) FROM t WHERE k < '3.5'",
                "SELECT k, count(*) FROM t WHERE k = '3' GROUP BY k");
    }

    static Stream<Arguments> cases() {
        return QueryAnswer.cases(POLICIES, queries());
    }

    @BeforeAll
    static void load() throws IOException {
        SparkSession spark = DRIVES.spark();
        spark.conf().set("spark.sql.adaptive.enabled", "false");
        String uri = DRIVES.write("/wide/records.bin", records());
        for (String policy : POLICIES) {
            spark.read().format("ispd").option("layout", LAYOUT).option("entrySize", ENTRY)
                    .option("ispd.offload.policy", policy).load(uri).createOrReplaceTempView(view(policy));
        }
        Configuration conf = new Configuration(spark.sparkContext().hadoopConfiguration());
        FixedLengthInputFormat.setRecordLength(conf, ENTRY);
        JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .newAPIHadoopFile(uri, FixedLengthInputFormat.class, LongWritable.class, BytesWritable.class, conf)
                .map(r -> decode(r._2()));
        spark.createDataFrame(rows, SCHEMA).createOrReplaceTempView("plain");
    }

    /** Random 64-bit values (big, ubig), values within 2^40 of 0 (mid, umid as a u64's bits) and a key 0-4. */
    private static byte[] records() {
        Random random = new Random(28);
        ByteBuffer b = ByteBuffer.allocate(RECORDS * ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < RECORDS; i++) {
            int at = i * ENTRY;
            b.putLong(at, random.nextLong());
            b.putLong(at + 8, random.nextLong());
            b.putLong(at + 16, random.nextLong() >> 24);
            b.putLong(at + 24, random.nextLong() >> 24);
            b.put(at + 31, (byte) random.nextInt(5));
        }
        return b.array();
    }

    private static Row decode(BytesWritable record) {
        ByteBuffer b = ByteBuffer.wrap(record.getBytes(), 0, record.getLength()).order(ByteOrder.LITTLE_ENDIAN);
        return RowFactory.create(b.getLong(0), b.getLong(8), b.getLong(16), b.getLong(24), b.get(31) & 0xFF);
    }

    private static String view(String policy) {
        return "wide_" + policy.replace('-', '_');
    }

    @ParameterizedTest(name = "ansi {0} {1}: {2}")
    @MethodSource("cases")
    void answersOrFailsAsPlainSpark(String ansi, String policy, String query) {
        QueryAnswer.assertSameUnderAnsi(DRIVES.spark(), ansi, query, "plain", view(policy));
    }
}
