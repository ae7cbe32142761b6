package dev.ispd.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A read lists its files and reads their layouts once, in {@code load}: the table Spark scans is
 * that input, so a file added to the directory later is not read by the loaded DataFrame (as
 * Spark's own file sources keep the listing of their load), and a new load sees it.
 */
class InputResolvedOnceTest {
    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(2, 100_000);

    @Test
    void aLoadedDataFrameScansTheFilesItsLoadListed() throws IOException {
        DRIVES.write("/once/part-0", WorldCupFiles.generate(1, 1_000, 256));
        Dataset<Row> loaded = DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", 256).load(DRIVES.uri("/once"));
        assertEquals(1_000, loaded.count());
        DRIVES.write("/once/part-1", WorldCupFiles.generate(2, 500, 256));
        assertEquals(1_000, loaded.count(), "the files listed by load");
        assertEquals(1_500, DRIVES.spark().read().format("ispd").option("layout", "worldcup98")
                .option("entrySize", 256).load(DRIVES.uri("/once")).count(), "a new load lists anew");
    }
}
