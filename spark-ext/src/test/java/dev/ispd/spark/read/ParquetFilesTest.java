package dev.ispd.spark.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ispd.offload.plan.InputFile;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Predicate;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file's planner input is worked out once for the columns read and the WHERE: the scan's
 * planning, its description (EXPLAIN, Spark's UI) and its driver metrics of one query share it.
 */
class ParquetFilesTest {
    @TempDir
    java.nio.file.Path dir;

    @Test
    void aFilesPlannerInputIsWorkedOutOncePerColumnsAndWhere() throws IOException {
        Configuration conf = new Configuration(false);
        FileSystem fs = FileSystem.getLocal(conf);
        Path file = new Path(dir.resolve("t.parquet").toUri());
        MessageType schema = MessageTypeParser.parseMessageType("message t { required int64 k; required int32 v; }");
        try (ParquetWriter<Group> out = ExampleParquetWriter.builder(file).withConf(conf).withType(schema)
                .withRowGroupSize(4096L).build()) {
            SimpleGroupFactory rows = new SimpleGroupFactory(schema);
            for (int i = 0; i < 5000; i++) {
                out.write(rows.newGroup().append("k", (long) i).append("v", i % 10));
            }
        }
        FileStatus status = fs.getFileStatus(file);
        ParquetFiles files = ParquetFiles.read("t", fs, List.of(status), 16);
        Predicate small = new Predicate.Compare("k", CompareOp.LT, 10);

        InputFile first = files.input(status, Set.of("k"), small);
        assertSame(first, files.input(status, new LinkedHashSet<>(List.of("k")), new Predicate.Compare("k", CompareOp.LT, 10)),
                "the same columns and an equal WHERE: the input already worked out");
        assertNotSame(first, files.input(status, Set.of("k", "v"), small), "other columns");
        InputFile wider = files.input(status, Set.of("k"), new Predicate.Compare("k", CompareOp.LT, 4000));
        assertNotSame(first, wider, "another WHERE");
        assertEquals(first.parquet().rowGroups().size() + first.parquet().rowGroupsSkipped(),
                wider.parquet().rowGroups().size() + wider.parquet().rowGroupsSkipped());

        for (int v = 0; v < 8; v++) {
            files.input(status, Set.of("v"), new Predicate.Compare("v", CompareOp.EQ, v));
        }
        InputFile again = files.input(status, Set.of("k"), small);
        assertNotSame(first, again, "eight inputs per file are kept, the least recently used dropped");
        assertEquals(first, again, "and worked out again the same");
    }
}
