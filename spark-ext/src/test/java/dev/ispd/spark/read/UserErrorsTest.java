package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The errors a user's action throws name what went wrong in their first line, the one Spark
 * prints first (a SparkException's message quotes the failed task's exception there): a query
 * over a one-replica file whose drive died names the drive (host-only: the host's read; device-only:
 * the gathered partition's drive run falling back to the host's read), not only in a "Caused by";
 * a write of a value its field cannot hold names the column and the value. The drives 1 and 2 are
 * stopped by the queries' tests (drive 0 holds the namespace); the write runs first.
 */
@TestMethodOrder(MethodOrderer.MethodName.class) // the write first, while every drive answers
class UserErrorsTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(3, 100_000);

    @ParameterizedTest
    @CsvSource({"host-only, 1", "device-only, 2"})
    void aQueryOverADeadDriveNamesItInItsFirstLine(String policy, int victim) throws IOException {
        String file = DRIVES.write("/errors/" + policy + ".bin", WorldCupFiles.generate(41, 3_000, 256));
        Dataset<Row> q1 = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", 256).option("ispd.offload.policy", policy).load(file).groupBy("region").count();
        q1.queryExecution().executedPlan(); // planned while every drive answers
        DRIVES.kill(victim);
        SparkException e = assertThrows(SparkException.class, q1::collectAsList);
        String first = e.getMessage().lines().findFirst().orElse("");
        assertTrue(first.contains("no replica could be read; drive " + victim + " (" + DRIVES.address(victim) + ")"),
                first);
    }

    @Test
    void aFirstWriteOfAValueItsFieldCannotHoldNamesTheColumnInTheFirstLine() {
        StructType schema = new StructType().add("id", DataTypes.LongType, false)
                .add("flags", DataTypes.IntegerType, false);
        Dataset<Row> rows = DRIVES.spark().createDataFrame(List.of(RowFactory.create(1L, 9)), schema);
        SparkException e = assertThrows(SparkException.class, () -> rows.write().format("ispd")
                .option("layout", "id u32 le @0, flags u8 @4 bits 0..2").mode("overwrite")
                .save(DRIVES.uri("/errors/written")));
        String first = e.getMessage().lines().findFirst().orElse("");
        assertTrue(first.contains("column flags value 9 does not fit field flags"), first);
    }
}
