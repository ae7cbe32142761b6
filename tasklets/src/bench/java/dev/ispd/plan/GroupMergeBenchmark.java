package dev.ispd.plan;

import dev.ispd.bench.AlternatingRounds;
import dev.ispd.bench.AlternatingRounds.Figure;
import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The host's merge of an aggregate plan's partial groups (what Spark's gathered partition does
 * with its splits' results), old against new in one JVM: {@code boxed}, the merge before
 * {@link MergedGroups} (each result decoded into an array per row, a map keyed by each group's key
 * words as a list of boxed longs), against {@code rows} (the decoded rows merged in place,
 * {@link MergedGroups#add}) and {@code in-place} (the encoded results read straight into the
 * merge, {@link MergedGroups#addResult}: what the gathered partition runs). Three sets of
 * results, each 8 splits' results of a plan run by the interpreter over records
 * {@code okey i64, qty decimal(12,2), flag char(1), status char(1), name char(25)}:
 * <ul>
 *   <li>{@code q18}: TPC-H Q18's pushed {@code GROUP BY okey: SUM(qty)}, 4 records an order, each
 *       order in one split (the merge mostly inserts);
 *   <li>{@code repeated}: the same with every order in every split (each row merges);
 *   <li>{@code names}: {@code GROUP BY name: SUM(qty), COUNT(*)} over names of 9-25 bytes, every
 *       name in every split.
 * </ul>
 * Medians of R alternating rounds, in million partial rows merged per second, each variant's
 * ratio to {@code boxed}; the merged groups' checksums are checked equal.
 *
 * <p>Run: {@code mvn -B -Pbench -pl tasklets -am verify -DskipTests
 * -Dbench.main=dev.ispd.plan.GroupMergeBenchmark -Dbench.args="200000 7"} (groups, rounds).
 */
public final class GroupMergeBenchmark {
    private static final int SPLITS = 8;
    private static final int RECORD = 43;
    private static final Layout LINEITEM = new Layout("lineitem", RECORD, List.of(
            Field.of("okey", 0, 8, FieldType.INTEGER, false),
            Field.of("qty", 8, 8, FieldType.decimal(12, 2), false),
            Field.of("flag", 16, 1, FieldType.chars(false), false),
            Field.of("status", 17, 1, FieldType.chars(false), false),
            Field.of("name", 18, 25, FieldType.chars(false), false)));

    private GroupMergeBenchmark() {
    }

    public static void main(String[] args) {
        int groups = Integer.parseInt(args[0]);
        int rounds = Integer.parseInt(args[1]);
        Plan byOrder = Plan.aggregate(LINEITEM, null, List.of("okey"), List.of(Aggregate.sum(Expr.field("qty"))));
        Plan byName = Plan.aggregate(LINEITEM, null, List.of("name"), List.of(Aggregate.sum(Expr.field("qty")),
                Aggregate.countStar()));
        System.out.printf("GroupMergeBenchmark: %,d groups, results of %d splits, %d rounds, medians%n", groups, SPLITS,
                rounds);
        measure("q18", byOrder, results(byOrder, groups * 4, false), rounds);
        measure("repeated", byOrder, results(byOrder, groups / SPLITS * SPLITS * 4, true), rounds);
        measure("names", byName, results(byName, groups / SPLITS * SPLITS * 4, true), rounds);
    }

    private static void measure(String name, Plan plan, List<byte[]> results, int rounds) {
        long rows = results.stream().mapToLong(PlanResult::rowCount).sum();
        long bytes = results.stream().mapToLong(r -> r.length).sum();
        PartialAggregates partials = new PartialAggregates(plan);
        Map<String, LongSupplier> variants = new LinkedHashMap<>();
        variants.put("boxed", () -> checksum(boxed(partials, plan.keyWords(), results)));
        variants.put("rows", () -> {
            MergedGroups g = partials.groups();
            results.forEach(r -> PlanResult.decode(r).rows().forEach(g::add));
            return checksum(g.result());
        });
        variants.put("in-place", () -> {
            MergedGroups g = partials.groups();
            results.forEach(g::addResult);
            return checksum(g.result());
        });
        Map<String, Figure> figures = AlternatingRounds.run(variants, rows, rounds);
        double base = figures.get("boxed").millionsPerSecond();
        System.out.printf("%-9s %,d partial rows in %,d bytes of results%n", name, rows, bytes);
        figures.forEach((variant, f) -> {
            if (f.answer() != figures.get("boxed").answer()) {
                throw new IllegalStateException(name + "/" + variant + " merged other groups than boxed");
            }
            System.out.printf("  %-9s %8.2f M rows/s  %5.2fx boxed%n", variant, f.millionsPerSecond(),
                    f.millionsPerSecond() / base);
        });
    }

    /** The merge before {@link MergedGroups}: each result decoded, a map from each group's boxed key words to its row. */
    private static List<long[]> boxed(PartialAggregates partials, int keys, List<byte[]> results) {
        Map<List<Long>, long[]> merged = new LinkedHashMap<>();
        for (byte[] result : results) {
            for (long[] row : PlanResult.decode(result).rows()) {
                List<Long> group = Arrays.stream(row, 0, keys).boxed().toList();
                long[] into = merged.get(group);
                if (into == null) {
                    merged.put(group, row.clone());
                } else {
                    partials.merge(into, keys, row, keys);
                }
            }
        }
        return new ArrayList<>(merged.values());
    }

    /** A checksum of the rows' words, in order. */
    private static long checksum(List<long[]> rows) {
        long h = 0;
        for (long[] row : rows) {
            for (long w : row) {
                h = h * 31 + w;
            }
        }
        return h;
    }

    /** {@link #checksum(List)} of rows end to end, read where they are. */
    private static long checksum(WordRows rows) {
        long h = 0;
        for (int i = 0; i < rows.size() * rows.width(); i++) {
            h = h * 31 + rows.words()[i];
        }
        return h;
    }

    /**
     * The plan's results over {@code n} records in {@link #SPLITS} splits: record i of order
     * {@code i / 4} (split by split: each order in one split) or {@code i % (n / 4)} ({@code everywhere}:
     * each order in every split), named by its order.
     */
    private static List<byte[]> results(Plan plan, int n, boolean everywhere) {
        ByteBuffer b = ByteBuffer.allocate(n * RECORD).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < n; i++) {
            int at = i * RECORD;
            long order = everywhere ? i % (n / 4) : i / 4;
            b.putLong(at, order);
            b.putLong(at + 8, 100 + i % 5_000);
            b.put(at + 16, (byte) "ANR".charAt(i % 3));
            b.put(at + 17, (byte) "FO".charAt(i % 2));
            String digits = Long.toString(order);
            byte[] name = ("Customer#" + "0".repeat(Math.max(0, (int) (order % 17) - digits.length())) + digits)
                    .getBytes(StandardCharsets.US_ASCII);
            b.put(at + 18, "                         ".getBytes(StandardCharsets.US_ASCII));
            b.put(at + 18, name, 0, Math.min(name.length, 25));
        }
        List<byte[]> results = new ArrayList<>();
        int per = n / SPLITS;
        for (int s = 0; s < SPLITS; s++) {
            byte[] part = Arrays.copyOfRange(b.array(), s * per * RECORD, (s == SPLITS - 1 ? n : (s + 1) * per) * RECORD);
            try {
                results.add(new HostRunner(1 << 20, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                        List.of(new Extent(1, 0, part.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(part))))
                        .bytes());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return results;
    }
}
