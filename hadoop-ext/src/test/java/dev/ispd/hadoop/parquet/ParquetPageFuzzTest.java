package dev.ispd.hadoop.parquet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Plan;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.parquet.ParquetDecodeException;
import dev.ispd.plan.parquet.ParquetTable;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Single pages of a row group damaged one way at a time and fed to the drive's decoder (the
 * tasklet a drive runs, over the damaged chunks): a page body's bytes changed, a header's byte
 * changed, a page dropped, repeated, cut short or swapped with the next. Every run either answers
 * or fails with the decoder's error naming file, row group and column, within 5 s. A damaged body
 * or a page dropped, repeated or cut never gives an answer other than the undamaged row group's
 * (page checksums, value counts and page bounds catch them). A damaged header or two whole pages
 * swapped may: Parquet checksums neither headers nor the order of pages (a header byte can become
 * another valid encoding or count; the footer's optional offset index places pages by offset and
 * first row, which two swapped pages of equal size keep), so those answers are counted, not refused. Two files: uncompressed v1 pages
 * with dictionaries (the damage reaches the encodings themselves) and Snappy v2 pages.
 */
class ParquetPageFuzzTest {
    @TempDir
    static java.nio.file.Path dir;

    private enum Damage { BODY, HEADER, DROP, REPEAT, CUT, SWAP }

    @Test
    void damagedPagesGiveTheAnswerOrANamedErrorWithinSeconds() throws IOException {
        fuzz(CompressionCodecName.UNCOMPRESSED, WriterVersion.PARQUET_1_0, 120, 11);
        fuzz(CompressionCodecName.SNAPPY, WriterVersion.PARQUET_2_0, 120, 12);
    }

    /** The long run: {@code mvn -B -o -pl hadoop-ext -am test -Pslow -Dtest=ParquetPageFuzzTest -Dsurefire.failIfNoSpecifiedTests=false}. */
    @Test
    @Tag("slow")
    void tenThousandDamagedPagesPerFile() throws IOException {
        fuzz(CompressionCodecName.UNCOMPRESSED, WriterVersion.PARQUET_1_0, 10_000, 21);
        fuzz(CompressionCodecName.SNAPPY, WriterVersion.PARQUET_2_0, 10_000, 22);
        fuzz(CompressionCodecName.ZSTD, WriterVersion.PARQUET_2_0, 5_000, 23);
    }

    private static void fuzz(CompressionCodecName codec, WriterVersion version, int trials, long seed) throws IOException {
        Configuration conf = new Configuration();
        FileSystem fs = FileSystem.getLocal(conf);
        String name = codec + "-" + version + ".parquet";
        Path file = new Path(dir.resolve(name).toUri());
        ParquetData.write(conf, file, ParquetData.rows(3_000, seed), codec, true, version, 64 * 1024, 2 * 1024);
        byte[] bytes = Files.readAllBytes(dir.resolve(name));
        ParquetTable table = ParquetInputs.table(fs, fs.getFileStatus(file));
        Plan plan = Plan.aggregate(table.layout(), Predicate.compare("qty", CompareOp.LT, 30), List.of("mode"),
                List.of(Aggregate.countStar(), Aggregate.sum(Expr.field("price")), Aggregate.min(Expr.field("day")),
                        Aggregate.max(Expr.field("score")), Aggregate.sum(Expr.field("id"))));
        ParquetInput input = ParquetInputs.input(fs, fs.getFileStatus(file), plan).parquet();
        ParquetInput.RowGroup g = input.rowGroups().get(0);
        byte[] good = ChunkPages.run(name, input, plan, g.group(), ChunkPages.stored(bytes, g));
        List<List<ChunkPages.Page>> pages = ChunkPages.of(bytes, g);
        Random random = new Random(seed);
        Map<Damage, int[]> outcomes = new EnumMap<>(Damage.class); // same answer, error, other answer
        for (int trial = 0; trial < trials; trial++) {
            Damage damage = Damage.values()[random.nextInt(Damage.values().length)];
            int column = random.nextInt(pages.size());
            List<byte[]> chunks = ChunkPages.stored(bytes, g);
            chunks.set(column, damaged(pages.get(column), damage, random));
            int[] counts = outcomes.computeIfAbsent(damage, d -> new int[3]);
            try {
                byte[] answer = assertTimeoutPreemptively(Duration.ofSeconds(5),
                        () -> ChunkPages.run(name, input, plan, g.group(), chunks));
                if (java.util.Arrays.equals(good, answer)) {
                    counts[0]++;
                } else if (damage == Damage.HEADER || damage == Damage.SWAP) {
                    counts[2]++;
                } else {
                    assertArrayEquals(good, answer, name + ", trial " + trial + ": " + damage + " of column "
                            + input.columns().get(column).name() + " gave another answer");
                }
            } catch (ParquetDecodeException e) {
                counts[1]++;
                assertTrue(e.getMessage().startsWith(name + ": row group 0, column "
                        + input.columns().get(column).name() + ": "), e.getMessage());
            }
        }
        StringBuilder summary = new StringBuilder(name + ", " + trials + " damaged pages (same answer/error/other answer):");
        outcomes.forEach((d, c) -> summary.append(' ').append(d).append(' ').append(c[0]).append('/').append(c[1])
                .append('/').append(c[2]));
        System.out.println(summary);
        assertEquals(Damage.values().length, outcomes.size(), summary.toString());
        assertTrue(outcomes.values().stream().mapToInt(c -> c[1]).sum() > trials / 2, summary.toString());
    }

    /** The chunk of {@code pages} with one page damaged as {@code damage} says. */
    private static byte[] damaged(List<ChunkPages.Page> pages, Damage damage, Random random) {
        List<ChunkPages.Page> out = new ArrayList<>(pages);
        int p = random.nextInt(out.size());
        ChunkPages.Page page = out.get(p);
        switch (damage) {
            case BODY -> {
                byte[] body = page.body().clone();
                for (int k = 1 + random.nextInt(3); k > 0 && body.length > 0; k--) {
                    body[random.nextInt(body.length)] ^= (byte) (1 + random.nextInt(255));
                }
                out.set(p, page.withBody(body));
            }
            case HEADER -> {
                byte[] chunk = ChunkPages.chunk(out);
                int at = 0;
                for (int i = 0; i < p; i++) {
                    at += ChunkPages.bytes(out.get(i).header()).length + out.get(i).body().length;
                }
                chunk[at + random.nextInt(ChunkPages.bytes(page.header()).length)] ^= (byte) (1 + random.nextInt(255));
                return chunk;
            }
            case DROP -> out.remove(p);
            case REPEAT -> out.add(p, page);
            case CUT -> out.set(p, page.withBody(java.util.Arrays.copyOf(page.body(), random.nextInt(page.body().length + 1))));
            case SWAP -> {
                int q = (p + 1) % out.size();
                out.set(p, out.get(q));
                out.set(q, page);
            }
        }
        return ChunkPages.chunk(out);
    }
}
