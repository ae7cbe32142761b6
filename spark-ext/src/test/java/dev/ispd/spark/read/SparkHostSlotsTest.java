package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.spark.IspdExplain;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Auto host slots under Spark on the measured basis: the tasks one executor runs at once
 * ({@code local[4]}: 4) less the drives in this JVM (2), whatever this machine's cores; the pool
 * those lanes share with the drives is this machine's cores, not the executor's 4 slots; the
 * modeled basis keeps the profile's cores and shares none.
 */
@Tag("heavy")
class SparkHostSlotsTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 1 << 20).master("local[4]");

    private static String uri;

    @BeforeAll
    static void load() throws IOException {
        uri = DRIVES.write("/slots/wc.bin", WorldCupFiles.generate(24, 20_000, 256));
    }

    private static String slotsLine(String basis) {
        DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", 256)
                .option("ispd.offload.cost.basis", basis).load(uri).createOrReplaceTempView("t");
        return IspdExplain.placement(DRIVES.spark().sql("SELECT region, count(*) FROM t GROUP BY region"))
                .lines().toList().get(1);
    }

    @Test
    void theMeasuredBasisGivesTheHostTheExecutorsTaskSlotsLessItsLocalDrives() {
        assertEquals("policy fastest, cost basis measured, host profile host-i5-2500, correction on, host slots 2; "
                + "its " + Runtime.getRuntime().availableProcessors() + " core(s) shared with 2 drive(s) on this "
                + "machine", slotsLine("measured"), "the executor's 4 slots run on this machine's cores");
    }

    @Test
    void theModeledBasisKeepsTheProfilesCores() {
        assertEquals("policy fastest, cost basis modeled, host profile host-i5-2500, correction on, host slots 4",
                slotsLine("modeled"));
    }
}
