package dev.ispd.plan;

import static dev.ispd.plan.Expr.field;
import static dev.ispd.plan.Expr.gt;
import static dev.ispd.plan.Expr.lit;
import static dev.ispd.plan.Expr.mul;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.math.BigDecimal;
import dev.ispd.tasklet.Meter;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Plans over column-blocked records ({@link BlockLayout}, {@link BlockedPlanTasklet}) against the
 * same records in rows: the same result bytes and meter for every plan of {@link BatchScanTest}
 * and plans the batch loop does not take (dense groups, a LIMIT, top-N, hashed string groups,
 * plain rows), with blocks of one record, of fewer than a batch and of more, each file ending in
 * a partial block, scan buffers cutting blocks anywhere; nullable fields, strings, 16-byte decimals.
 */
class BlockedPlanTaskletTest {
    private static final Layout L = ExprRecords.ITEMS;
    private static final PlanLimits LIMITS = new PlanLimits(1L << 32, Long.MAX_VALUE / 2, 64);
    /** 3,037 records: no block size below divides it, so every file ends in a partial block. */
    private static final byte[] DATA = ExprRecords.bytes(ExprRecords.generate(3_037, 11));

    static Stream<Arguments> plans() {
        Predicate air = Predicate.compare("mode", CompareOp.EQ, "AIR");
        return Stream.concat(Stream.concat(BatchScanTest.plans(), FieldLeavesTest.plans()), Stream.of(
                Arguments.of("dense groups of plain fields", Plan.aggregate(L, Predicate.compare("band", CompareOp.LT, 4),
                        List.of("band"), List.of(Aggregate.countStar(), Aggregate.sum("big"), Aggregate.max("disc")))),
                Arguments.of("rows of a string WHERE under a LIMIT", Plan.rows(L, air, List.of("qty", "mode", "price"))
                        .limit(50)),
                Arguments.of("top-N of an expression", Plan.rows(L, Predicate.not(air), List.of("big", "ratio", "ok"))
                        .top(20, List.of(Plan.SortKey.of(mul(field("qty"), lit(3)), true)))),
                Arguments.of("hashed groups of a nullable string", Plan.aggregate(L, null, List.of("mode"),
                        List.of(Aggregate.countStar(), Aggregate.sum("big"), Aggregate.min(field("price"))))),
                Arguments.of("every row", Plan.rows(L, null, List.of("f", "ship", "disc", "mode", "ok"))),
                Arguments.of("rows of fields the blocks hold in place", Plan.rows(L, Predicate.compare("band", CompareOp.LT, 3),
                        List.of("disc", "ship", "big", "f", "band"))),
                Arguments.of("plain leaves of strings, NULLs and numbers, rows out", Plan.rows(L, plainLeaves(),
                        List.of("qty", "mode", "ratio"))),
                Arguments.of("plain leaves of strings, NULLs and numbers, hashed groups", Plan.aggregate(L,
                        plainLeaves(), List.of("mode"), List.of(Aggregate.countStar(), Aggregate.sum("big"))))));
    }

    /** A WHERE of leaves without expressions (the per-record loop's plans): strings, IS [NOT] NULL, BETWEEN, IN. */
    private static Predicate plainLeaves() {
        return Predicate.or(Predicate.and(Predicate.compare("mode", CompareOp.GE, "RAIL"), Predicate.between("qty", -5, 30)),
                Predicate.and(Predicate.isNull("mode"), Predicate.in("band", 0, 2)),
                Predicate.and(Predicate.not(Predicate.isNull("ratio")), Predicate.compare("mode", CompareOp.EQ, "AIR")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("plans")
    void theSameBytesAndWorkAsOverRowsReadingOnlyItsColumns(String name, Plan plan)
            throws IOException, BadParameterException {
        int size = plan.layout().recordSize();
        int records = DATA.length / size;
        for (int recordsPerBlock : new int[] {1, 100, 1_500}) {
            // two objects, as two chunks of a file, cut at a block boundary
            int cut = records / 2 / recordsPerBlock * recordsPerBlock;
            for (int pageSize : new int[] {100, 4096}) {
                HostRunner.Result rows = run(new PlanTasklet(plan, LIMITS), DATA, cut * size, List.of(
                        new Extent(1, 0, (long) cut * size), new Extent(2, 0, (long) (records - cut) * size)), pageSize);
                BlockLayout blocks = new BlockLayout(plan.layout(), recordsPerBlock);
                List<Extent> extents = new ArrayList<>(blocks.extents(1, 0, cut, PlanSources.fields(plan)));
                extents.addAll(blocks.extents(2, 0, records - cut, PlanSources.fields(plan)));
                HostRunner.Result blocked = run(PlanSources.tasklet(plan, LIMITS, Params.of(PlanSources.BLOCK,
                        Integer.toString(recordsPerBlock), PlanSources.RECORDS, Integer.toString(records))),
                        blocked(plan.layout(), recordsPerBlock), cut * size, extents, pageSize);
                String what = plan + " in blocks of " + recordsPerBlock + " on " + pageSize + "-byte pages";
                assertArrayEquals(rows.bytes(), blocked.bytes(), "result bytes of " + what);
                long columnBytes = (long) records * Arrays.stream(blocks.columns(PlanSources.fields(plan)))
                        .map(blocks::columnWidth).sum();
                assertEquals(columnBytes, blocked.meter().bytesScanned(), "bytes read of " + what);
                Meter work = rows.meter().copy(); // the interpreter's work: all but the pages and bytes read
                work.addPages(blocked.meter().pages() - rows.meter().pages());
                work.addBytesScanned(blocked.meter().bytesScanned() - rows.meter().bytesScanned());
                // the same work; an aggregate's blocks are taken a column at a time, not record by record
                assertEquals(LoopMeters.work(work), LoopMeters.work(blocked.meter()), "meter of " + what);
                if (VectorGroups.takes(plan)) {
                    assertEquals(0, blocked.meter().recordsOneAtATime(), "records one at a time of " + what);
                }
            }
        }
    }

    /**
     * Every WHERE leaf kind, expressions, dense groups and rows of fields without a null bit read the
     * blocks' columns: no batch is gathered into records.
     */
    @Test
    void aPlanOfExpressionsAndDenseGroupsGathersNoRecords() throws IOException, BadParameterException {
        Expr discPrice = mul(field("price"), Expr.sub(lit(1), field("disc")));
        Plan q1 = Plan.aggregate(L, Predicate.holds(Expr.compare(field("ship"), CompareOp.LE,
                lit(LocalDate.of(1998, 9, 2)))), List.of("band"), List.of(Aggregate.sum(discPrice),
                Aggregate.sum(field("qty")), Aggregate.countStar()));
        Plan q6 = Plan.aggregate(L, Predicate.holds(gt(discPrice, lit(new BigDecimal("5000.5")))), List.of(),
                List.of(Aggregate.sum(mul(field("price"), field("disc")))));
        Plan leaf = Plan.aggregate(L, Predicate.compare("band", CompareOp.LT, 3), List.of(),
                List.of(Aggregate.sum(discPrice)));
        Plan string = Plan.aggregate(L, Predicate.compare("mode", CompareOp.EQ, "AIR"), List.of(),
                List.of(Aggregate.sum(discPrice)));
        Plan everyLeaf = Plan.aggregate(L, BatchScanTest.everyLeaf(), List.of("band"), List.of(Aggregate.sum(discPrice)));
        Plan rows = Plan.rows(L, BatchScanTest.everyLeaf(), List.of("disc", "ship", "big", "f", "band"));
        int records = DATA.length / L.recordSize();
        for (Plan plan : List.of(q1, q6, leaf, string, everyLeaf, rows)) {
            BlockedPlanTasklet t = (BlockedPlanTasklet) PlanSources.tasklet(plan, LIMITS,
                    Params.of(PlanSources.BLOCK, "1000", PlanSources.RECORDS, Integer.toString(records)));
            byte[] bytes = blocked(L, 1000);
            new HostRunner(4096, 4).run(t, new BlockLayout(L, 1000).extents(1, 0, records, PlanSources.fields(plan)),
                    new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(bytes))));
            assertEquals(0, t.batchesGathered(), "batches gathered for " + plan);
        }
    }

    @Test
    void aBlockHoldsEachColumnContiguouslyAndTheLastBlockItsOwnCount() {
        Layout layout = new Layout("t", 7, List.of(Field.unsigned("a", 0, 4), Field.unsigned("b", 5, 2)));
        BlockLayout blocks = new BlockLayout(layout, 4);
        assertEquals(28, blocks.blockBytes());
        // columns a (@0, 4 bytes), the uncovered byte 4, b (@5, 2 bytes)
        assertEquals(List.of(0, 4, 5), List.of(blocks.columnOffset(3), blocks.columnOffset(4), blocks.columnOffset(6)));
        assertEquals(4 * 4 + 1 * 4 + 2 * 2, blocks.position(5, 4, 2), "b of record 2: after a's 4 values and byte 4's");
        assertEquals(3 * 4 + 1 * 1, blocks.position(4, 3, 1), "byte 4 of record 1 of a last block of 3");
        ByteBuffer rows = ByteBuffer.allocate(3 * 7);
        for (int i = 0; i < rows.capacity(); i++) {
            rows.put(i, (byte) i);
        }
        ByteBuffer block = ByteBuffer.allocate(21);
        blocks.toBlock(rows, 0, 3, block);
        assertEquals(21, block.position());
        for (int j = 0; j < 3; j++) {
            for (int at = 0; at < 7; at++) {
                assertEquals(j * 7 + at, block.get(blocks.position(at, 3, j)), "byte " + at + " of record " + j);
            }
        }
    }

    @Test
    void badBlocksAreRefusedNamingWhatIsWrong() {
        PlanException zero = assertThrows(PlanException.class, () -> new BlockLayout(L, 0));
        assertTrue(zero.getMessage().contains("block must be a positive number of records, got 0"), zero.getMessage());
        Layout overlapping = new Layout("o", 8, List.of(Field.unsigned("whole", 0, 8), Field.unsigned("half", 4, 4)));
        PlanException part = assertThrows(PlanException.class, () -> new BlockLayout(overlapping, 10));
        assertTrue(part.getMessage().contains("fields whole and half overlap in part"), part.getMessage());
        new BlockLayout(Layout.worldCup98(20), 10); // region shares server's byte: one column

        Plan plan = Plan.aggregate(L, null, List.of(), List.of(Aggregate.countStar()));
        for (String bad : new String[] {"0", "-3", "many"}) {
            BadParameterException e = assertThrows(BadParameterException.class,
                    () -> PlanSources.tasklet(plan, LIMITS, Params.of(PlanSources.BLOCK, bad, PlanSources.RECORDS, "10")));
            assertTrue(e.getMessage().contains("'block'"), e.getMessage());
        }
        BadParameterException alone = assertThrows(BadParameterException.class, () -> PlanSources.tasklet(plan, LIMITS,
                Params.of(PlanSources.BLOCK, "10")));
        assertTrue(alone.getMessage().contains("go together"), alone.getMessage());
        BadParameterException both = assertThrows(BadParameterException.class, () -> PlanSources.tasklet(plan, LIMITS,
                Params.of(PlanSources.BLOCK, "10", PlanSources.RECORDS, "10", "parquet", "AAAA")));
        assertTrue(both.getMessage().contains("give one"), both.getMessage());
    }

    @Test
    void extentsNotWhereTheBlocksColumnsLieAreRefused() throws BadParameterException {
        Plan plan = Plan.aggregate(L, Predicate.holds(gt(field("price"), lit(new BigDecimal("1.5")))), List.of(),
                List.of(Aggregate.countStar()));
        BlockLayout blocks = new BlockLayout(L, 100);
        List<Extent> all = blocks.extents(1, 0, 3_037, PlanSources.fields(plan));
        assertEquals(new Extent(1, 4 * 100, 8 * 100), all.get(0), "price's column of the first block");
        assertEquals(new Extent(1, 47 * 100, 100), all.get(1), "the column of its null bit");
        assertEquals(new Extent(1, 30 * 4900 + 4 * 37, 8 * 37), all.get(60), "price's column of the last block, of 37");
        assertEquals(62, all.size());

        List<Extent> shifted = List.of(new Extent(1, 49 + 400, 800));
        assertTrue(refusal(plan, shifted).contains("byte 449 of object 1 is not the start of the column at record offset 4"
                + " of a block of 100 records: blocks start at multiples of 4900 bytes"));
        List<Extent> lacking = new ArrayList<>(all);
        lacking.remove(1);
        assertTrue(refusal(plan, lacking).contains("the block at byte 0 of object 1 has 0 of the 100 bytes of its column at"
                + " record offset 47 (byte 4700 next), and the extents go on at byte 5300 of object 1"));
        assertTrue(refusal(plan, all.subList(0, 2)).contains("the extents hold no block of the execution's last 2937 records"));
        assertTrue(refusal(plan, all.subList(0, 3)).contains("part of a block of the execution's last 2937 records: the block"
                + " at byte 4900 of object 1 lacks its column at record offset 47"));
    }

    /** The message of the execution of {@code plan} over {@code extents} of {@link #DATA} in blocks of 100. */
    private static String refusal(Plan plan, List<Extent> extents) throws BadParameterException {
        Tasklet t = PlanSources.tasklet(plan, LIMITS, Params.of(PlanSources.BLOCK, "100", PlanSources.RECORDS, "3037"));
        byte[] bytes = blocked(L, 100);
        return assertThrows(IllegalArgumentException.class, () -> new HostRunner(4096, 1)
                .run(t, extents, new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(bytes))))).getMessage();
    }

    /** {@code tasklet} over {@code extents} of two objects, of the {@code bytes} before {@code cut} and of those from it. */
    private static HostRunner.Result run(Tasklet tasklet, byte[] bytes, int cut, List<Extent> extents, int pageSize)
            throws IOException {
        return new HostRunner(pageSize, 3).run(tasklet, extents, new InMemoryPageSource(Map.of(
                1L, ByteBuffer.wrap(bytes, 0, cut).slice(), 2L, ByteBuffer.wrap(bytes, cut, bytes.length - cut).slice())));
    }

    /** {@link #DATA}'s records in blocks of {@code recordsPerBlock} of {@code layout}, the last of the rest. */
    private static byte[] blocked(Layout layout, int recordsPerBlock) {
        BlockLayout blocks = new BlockLayout(layout, recordsPerBlock);
        ByteBuffer rows = ByteBuffer.wrap(DATA);
        ByteBuffer out = ByteBuffer.allocate(DATA.length);
        int n = DATA.length / layout.recordSize();
        for (int first = 0; first < n; first += recordsPerBlock) {
            blocks.toBlock(rows, first * layout.recordSize(), Math.min(recordsPerBlock, n - first), out);
        }
        return out.array();
    }
}
