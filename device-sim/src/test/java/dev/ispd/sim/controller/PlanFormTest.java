package dev.ispd.sim.controller;

import static dev.ispd.sim.controller.ControllerHarness.await;
import static dev.ispd.sim.controller.ControllerHarness.call;
import static dev.ispd.sim.controller.ControllerHarness.createData;
import static dev.ispd.sim.controller.ControllerHarness.createTasklet;
import static dev.ispd.sim.controller.ControllerHarness.execute;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.plan.Aggregate;
import dev.ispd.plan.BlockLayout;
import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Expr;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.KeyBloom;
import dev.ispd.plan.KeySet;
import dev.ispd.plan.Layout;
import dev.ispd.plan.PartialAggregates;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanCodec;
import dev.ispd.plan.PlanLimits;
import dev.ispd.plan.PlanResult;
import dev.ispd.plan.PlanTasklet;
import dev.ispd.plan.Predicate;
import dev.ispd.plan.layout.LayoutDdl;
import dev.ispd.plan.parquet.ParquetColumn;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.plan.parquet.PlanSources;
import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.controller.ControllerHarness.Reply;
import dev.ispd.sim.model.ModeledDrive;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.tasklet.builtin.Q1Result;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans in the drive: created with form PLAN, run by the shared interpreter, priced like the built-ins. */
class PlanFormTest {
    private static final int ENTRY = 256;

    @TempDir
    Path dir;
    private ControllerHarness drive;

    @AfterEach
    void close() throws Exception {
        drive.close();
    }

    private RequestHandler.Session start() throws Exception {
        drive = new ControllerHarness(dir, new ModeledDrive(ControllerHarness.PROFILE), 8, 0);
        return drive.session();
    }

    private static Reply createPlan(RequestHandler.Session s, Params params, byte[] body) {
        return call(s, new Requests.CreateTasklet(TaskletForm.PLAN, "plan", params, ByteBuffer.wrap(body)));
    }

    private static Reply createPlan(RequestHandler.Session s, Plan plan) {
        return createPlan(s, Params.EMPTY, PlanCodec.encode(plan));
    }

    private record Run(byte[] result, Responses.Poll poll) { }

    private static Run run(RequestHandler.Session s, long tasklet, long object, int length) throws Exception {
        long exec = execute(s, tasklet, 0, Params.EMPTY, new Extent(object, 0, length))
                .<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.DONE, p.state(), p.errorMessage());
        Responses.ReadResult r = call(s, new Requests.ReadResult(exec, 0, (int) p.resultBytes())).ok();
        byte[] out = new byte[r.data().remaining()];
        r.data().get(out);
        return new Run(out, p);
    }

    @Test
    void q1AsAPlanGivesTheBuiltInsAnswerAtTheSameModeledCost() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = new byte[ENTRY * 8192];
        new Random(7).nextBytes(data);
        long object = createData(s, data);

        Run builtin = run(s, createTasklet(s, "q1", Params.of("entrySize", Integer.toString(ENTRY))), object,
                data.length);
        long planId = createPlan(s, Plan.aggregate(Layout.worldCup98(ENTRY), null, List.of("region"),
                List.of(Aggregate.countStar()))).<Responses.CreateTasklet>ok().taskletId();
        Run plan = run(s, planId, object, data.length);

        long[] counts = new long[8];
        PlanResult.decode(plan.result()).rows().forEach(r -> counts[(int) r[0]] = r[1]);
        assertArrayEquals(Q1Result.decode(builtin.result()).counts(), counts);
        long a = builtin.poll().modeledNs();
        long b = plan.poll().modeledNs();
        assertTrue(Math.abs(a - b) <= 0.03 * a, "modeled " + a + " ns built-in vs " + b + " ns plan");
        long ea = builtin.poll().modeledEnergyNj();
        long eb = plan.poll().modeledEnergyNj();
        assertTrue(Math.abs(ea - eb) <= 0.03 * ea, "modeled " + ea + " nJ built-in vs " + eb + " nJ plan");
    }

    /** Typed fields: a nullable decimal, a date, a double, a bool, a nullable string (docs/spark.md, "Layouts"). */
    private static final Layout ORDERS = LayoutDdl.parse("orders", "id i32 le @0, price decimal(12,2) le @4 nullable @36.0, "
            + "ship date le @12, at timestamp le @16, ratio f64 le @24, ok bool @32, mode char(3) zero @33 nullable @36.1, "
            + "big decimal(30,4) le @37", 53, "test");

    @Test
    void aPlanOverTypedFieldsGivesTheHostsAnswer() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = new byte[ORDERS.recordSize() * 4096];
        Random random = new Random(11);
        random.nextBytes(data);
        for (int at = 0; at < data.length; at += ORDERS.recordSize()) {
            System.arraycopy(new byte[][] {{'A', 'I', 'R'}, {'A', 'I', 0}, {'R', 'A', 'I'}}[random.nextInt(3)], 0, data,
                    at + 33, 3);
            data[at + 12 + 3] = 0; // dates within 2^24 days of 1970
        }
        long object = createData(s, data);
        Field price = ORDERS.field("price", "test");
        Plan plan = Plan.rows(ORDERS, Predicate.or(Predicate.and(
                        Predicate.compare("price", CompareOp.GE, price.decimalLiteral(new BigDecimal("-5000000.00"))),
                        Predicate.not(Predicate.compare("ratio", CompareOp.LT, ORDERS.field("ratio", "test").floatLiteral(0))),
                        Predicate.compare("mode", CompareOp.EQ, "AI")),
                Predicate.and(Predicate.isNull("price"), Predicate.eq("ok", 0))), List.of("id", "ship", "at"))
                .top(50, "ship", false);
        long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
        byte[] inDrive = run(s, planId, object, data.length).result();
        byte[] onHost = new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))).bytes();
        assertEquals(50, PlanResult.decode(inDrive).rows().size());
        assertArrayEquals(onHost, inDrive);
    }

    /**
     * A join's key set as large as TPC-H SF 3 gives (Q3's 440,000 orders): the plan with its Bloom
     * filter of the most bits (past the 64 KiB plans had before) is created in the drive and keeps
     * the rows the host keeps, every key among them.
     */
    @Test
    void aPlanWithTheLargestBloomFilterRunsInTheDriveAsOnTheHost() throws Exception {
        RequestHandler.Session s = start();
        Layout keys = new Layout("lines", 8, List.of(Field.of("k", 0, 8, FieldType.INTEGER, false)));
        int records = 100_000;
        ByteBuffer data = ByteBuffer.allocate(8 * records).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < records; i++) {
            data.putLong(i * 8L * 3); // a third of them are the set's keys
        }
        long[] set = new long[440_000];
        for (int i = 0; i < set.length; i++) {
            set[i] = i * 8L * 9;
        }
        Plan plan = Plan.aggregate(keys, KeyBloom.of("k", set), List.of(), List.of(Aggregate.countStar()));
        assertTrue(PlanCodec.encode(plan).length > 64 * 1024);
        byte[] inDrive = sameInDriveAsOnHost(s, plan, data.array());
        long kept = PlanResult.decode(inDrive).rows().get(0)[0];
        assertTrue(kept >= records / 3 && kept < records / 3 + records * 2 / 3 * 0.4, kept + " of " + records + " kept");
    }

    /**
     * TPC-H Q14's shape as key lookups (docs/spark.md, "Lookup joins"): lines whose part passes a
     * filter (a bitmap of part keys), summed where their part is a promotion (a list, NULL for some);
     * the drive gives the host's bytes, and refuses a lookup's malformed key set naming its byte.
     */
    @Test
    void aPlanOfKeyLookupsRunsInTheDriveAsOnTheHost() throws Exception {
        RequestHandler.Session s = start();
        Layout lines = new Layout("lines", 8, List.of(new Field("k", 0, 8, true, false, 0, 0, false, 0)));
        int records = 50_000;
        ByteBuffer data = ByteBuffer.allocate(8 * records).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < records; i++) {
            data.putLong(1 + (i * 7919L) % 200_000);
        }
        KeySet parts = KeySet.of(LongStream.rangeClosed(1, 200_000).filter(k -> k % 7 < 1 || k % 11 == 3).toArray());
        KeySet promo = KeySet.of(LongStream.range(0, 3_000).map(i -> 1 + i * 100).toArray());
        assertTrue(parts.toString().startsWith("bitmap") && promo.toString().startsWith("list"), parts + ", " + promo);
        Expr isPromo = Expr.keyLookup(Expr.field("k"), promo, KeySet.of(new long[] {2, 4, 6}),
                "part.p_type LIKE 'PROMO%' by p_partkey");
        Plan plan = Plan.aggregate(lines, Predicate.holds(Expr.keyLookup(Expr.field("k"), parts, KeySet.EMPTY,
                "part.p_size < 20 by p_partkey")), List.of(), List.of(Aggregate.countStar(),
                Aggregate.sum(Expr.caseWhen(List.of(Expr.when(isPromo, Expr.field("k"))), Expr.lit(0))),
                Aggregate.count(Expr.caseWhen(List.of(Expr.when(Expr.isNull(isPromo), Expr.lit(1))), null))));
        long[] row = PlanResult.decode(sameInDriveAsOnHost(s, plan, data.array())).rows().get(0);
        assertTrue(row[0] > records / 10 && row[0] < records / 3, row[0] + " lines of passing parts");
        byte[] body = PlanCodec.encode(plan);
        String label = "p_size < 20 by p_partkey";
        int form = new String(body, StandardCharsets.ISO_8859_1).indexOf(label) + label.length();
        body[form] = 7;
        assertError(createPlan(s, Params.EMPTY, body), Status.BAD_PARAMETER, "byte " + form, "unknown key set form 7");
    }

    /** The result of {@code plan} over {@code data} in the drive, asserted to be the host's bytes. */
    private byte[] sameInDriveAsOnHost(RequestHandler.Session s, Plan plan, byte[] data) throws Exception {
        long object = createData(s, data);
        long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
        byte[] inDrive = run(s, planId, object, data.length).result();
        byte[] onHost = new HostRunner(8 * 4096, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))).bytes();
        assertArrayEquals(onHost, inDrive);
        return inDrive;
    }

    /**
     * The same records column-blocked (runtime parameters {@code block} and {@code records}): the
     * drive reads only the pages of the plan's columns (id, price, ship and the null bits' byte: 17
     * of 53 bytes a record) and gives the bytes it gives over the records in rows, at a lower modeled cost.
     */
    @Test
    void aPlanOverColumnBlockedRecordsReadsOnlyItsColumns() throws Exception {
        RequestHandler.Session s = start();
        int records = 10_000; // blocks of 4096, 4096 and 1808 records
        byte[] rows = orders(records, 23);
        BlockLayout blocks = new BlockLayout(ORDERS, 4096);
        ByteBuffer blocked = ByteBuffer.allocate(rows.length);
        for (int first = 0; first < records; first += 4096) {
            blocks.toBlock(ByteBuffer.wrap(rows), first * ORDERS.recordSize(), Math.min(4096, records - first), blocked);
        }
        long rowObject = createData(s, rows);
        long blockObject = createData(s, blocked.array());
        Plan plan = Plan.aggregate(ORDERS, Predicate.holds(Expr.compare(Expr.field("price"), CompareOp.GT, Expr.field("id"))),
                List.of(), List.of(Aggregate.sum(Expr.mul(Expr.field("price"), Expr.lit(3))), Aggregate.max(Expr.field("ship")),
                        Aggregate.countStar()));
        long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
        Run overRows = run(s, planId, rowObject, rows.length);

        List<Extent> extents = blocks.extents(blockObject, 0, records, PlanSources.fields(plan));
        long exec = execute(s, planId, 0, Params.of(PlanSources.BLOCK, "4096", PlanSources.RECORDS,
                Integer.toString(records)), extents.toArray(Extent[]::new)).<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.DONE, p.state(), p.errorMessage());
        Responses.ReadResult r = call(s, new Requests.ReadResult(exec, 0, (int) p.resultBytes())).ok();
        byte[] overBlocks = new byte[r.data().remaining()];
        r.data().get(overBlocks);

        assertArrayEquals(overRows.result(), overBlocks);
        assertEquals((long) records * (4 + 8 + 4 + 1), extents.stream().mapToLong(Extent::length).sum(),
                "id, price, ship and the null bits' byte");
        assertTrue(p.pagesTotal() < overRows.poll().pagesTotal() / 2, p.pagesTotal() + " pages of columns against "
                + overRows.poll().pagesTotal() + " of rows");
        assertTrue(p.modeledNs() < overRows.poll().modeledNs(), p.modeledNs() + " ns against " + overRows.poll().modeledNs());
    }

    @Test
    void theDriveRefusesATypedFieldItCannotRunNamingIt() throws Exception {
        RequestHandler.Session s = start();
        byte[] body = PlanCodec.encode(Plan.rows(ORDERS, Predicate.eq("id", 5), List.of("id")));
        // the WHERE's COMPARE (tag 1) of field 0 (id) with op EQ and literal 5, turned onto field 7 (big)
        byte[] compareId = {1, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0};
        int at = indexOf(body, compareId);
        byte[] onBig = body.clone();
        onBig[at + 1] = 7;
        assertError(createPlan(s, Params.EMPTY, onBig), Status.BAD_PARAMETER, "a comparison on field big (decimal(30,4))",
                "is not run by plans");
        byte[] avg = PlanCodec.encode(Plan.aggregate(ORDERS, null, List.of(), List.of(Aggregate.avg("id"))));
        byte[] avgOfMode = avg.clone();
        avgOfMode[indexOf(avg, new byte[] {(byte) 0x85, 0, 0}) + 2] = 6; // AVG of REF field 0 (id), onto mode
        assertError(createPlan(s, Params.EMPTY, avgOfMode), Status.BAD_PARAMETER, "AVG(mode) takes a string");
    }

    @Test
    void computedColumnsAndAvgGiveTheHostsBytes() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = orders(4096, 19);
        long object = createData(s, data);
        Plan groups = Plan.aggregateOf(ORDERS, null, List.of(Expr.field("mode"), Expr.extract(Expr.DatePart.MONTH,
                Expr.field("ship"))), List.of(Aggregate.countStar(), Aggregate.avg("price"), Aggregate.avg(Expr.field(
                "ratio"))));
        Plan rows = Plan.rowsOf(ORDERS, Predicate.compare("id", CompareOp.LT, 0), List.of(Expr.field("mode"),
                Expr.field("price"), Expr.mul(Expr.field("price"), Expr.lit(new BigDecimal("0.5"))))).limit(100);
        for (Plan plan : List.of(groups, rows)) {
            long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
            byte[] inDrive = run(s, planId, object, data.length).result();
            byte[] onHost = new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                    List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data))))
                    .bytes();
            assertTrue(PlanResult.decode(inDrive).rows().size() > 1, plan.toString());
            assertArrayEquals(onHost, inDrive, plan.toString());
        }
    }

    @Test
    void groupsOfComputedKeysPastTheDrivesTableComeBackAsPartialsThatMergeToTheHostsAnswer() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = orders(70_000, 23); // random ids: about 70,000 groups, past the drive's 65,536
        long object = createData(s, data);
        Plan plan = Plan.aggregateOf(ORDERS, null, List.of(Expr.add(Expr.field("id"), Expr.lit(0))),
                List.of(Aggregate.countStar(), Aggregate.sum("price")));
        long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
        List<long[]> inDrive = PlanResult.decode(run(s, planId, object, data.length).result()).rows();
        List<long[]> onHost = PlanResult.decode(new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(plan,
                PlanLimits.HOST), List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L,
                ByteBuffer.wrap(data)))).bytes()).rows();
        assertTrue(onHost.size() > PlanLimits.DRIVE.maxGroups(), onHost.size() + " groups");
        assertEquals(1, PlanLimits.DRIVE.flushes(plan, inDrive.size()), inDrive.size() + " rows");
        assertEquals(onHost.stream().map(Arrays::toString).toList(),
                new PartialAggregates(plan).mergeRows(inDrive).stream().map(Arrays::toString).toList());
    }

    /** ORDERS records of random bytes but sane prices (within decimal(12,2)), dates and modes. */
    private static byte[] orders(int n, long seed) {
        byte[] data = new byte[ORDERS.recordSize() * n];
        Random random = new Random(seed);
        random.nextBytes(data);
        ByteBuffer b = ByteBuffer.wrap(data).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int at = 0; at < data.length; at += ORDERS.recordSize()) {
            b.putLong(at + 4, random.nextInt(10_000_000) - 1_000_000);
            b.putInt(at + 12, 9_000 + random.nextInt(1_000));
            System.arraycopy(new byte[][] {{'A', 'I', 'R'}, {'A', 'I', 0}, {'R', 'A', 'I'}}[random.nextInt(3)], 0, data,
                    at + 33, 3);
        }
        return data;
    }

    @Test
    void aPlanOfExpressionsGivesTheHostsBytes() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = orders(4096, 13);
        long object = createData(s, data);
        Expr revenue = Expr.mul(Expr.field("price"), Expr.sub(Expr.lit(1), Expr.lit(new BigDecimal("0.05"))));
        Plan plan = Plan.aggregate(ORDERS, Predicate.holds(Expr.and(Expr.gt(revenue, Expr.lit(100)),
                        Expr.or(Expr.like(Expr.field("mode"), "A%"), Expr.eq(Expr.extract(Expr.DatePart.MONTH,
                                Expr.field("ship")), Expr.lit(3))))), List.of("ok"),
                List.of(Aggregate.sum(revenue), Aggregate.max(Expr.mul(Expr.field("ratio"), Expr.lit(2))),
                        Aggregate.count(Expr.field("mode")), Aggregate.countStar()));
        long planId = createPlan(s, plan).<Responses.CreateTasklet>ok().taskletId();
        byte[] inDrive = run(s, planId, object, data.length).result();
        byte[] onHost = new HostRunner(ORDERS.recordSize() * 64, 1).run(new PlanTasklet(plan, PlanLimits.HOST),
                List.of(new Extent(1, 0, data.length)), new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))).bytes();
        assertEquals(2, PlanResult.decode(inDrive).rows().size(), "groups of ok");
        assertArrayEquals(onHost, inDrive);
    }

    @Test
    void anAnsiErrorInTheDriveReachesTheHostNamingTheExpression() throws Exception {
        RequestHandler.Session s = start();
        byte[] data = orders(64, 17);
        long object = createData(s, data);
        long planId = createPlan(s, Plan.rows(ORDERS, Predicate.holds(Expr.gt(Expr.div(Expr.field("price"),
                Expr.sub(Expr.field("id"), Expr.field("id"))), Expr.lit(1))), List.of("id"))).<Responses.CreateTasklet>ok()
                .taskletId();
        long exec = execute(s, planId, 0, Params.EMPTY, new Extent(object, 0, data.length)).<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(Status.TASKLET_FAILED.code(), p.errorStatus());
        assertEquals("tasklet 'plan' failed: [DIVIDE_BY_ZERO] division by zero in (price / (id - id))", p.errorMessage());
    }

    @Test
    void theDriveRefusesAnExpressionItCannotRunNamingTheNode() throws Exception {
        RequestHandler.Session s = start();
        byte[] body = PlanCodec.encode(Plan.rows(ORDERS, Predicate.holds(Expr.gt(Expr.add(Expr.field("id"), Expr.lit(1)),
                Expr.lit(0))), List.of("id")));
        // ARITHMETIC (2) ADD (0) of REF (0) field 0 (id): turned onto field 6 (mode, a string)
        int at = indexOf(body, new byte[] {2, 0, 0, 0, 1});
        byte[] onMode = body.clone();
        onMode[at + 3] = 6;
        assertError(createPlan(s, Params.EMPTY, onMode), Status.BAD_PARAMETER,
                "expression (mode + 1) takes mode (string): arithmetic takes numbers");
        Expr deep = Expr.gt(Expr.field("id"), Expr.lit(0));
        for (int i = 0; i < 20; i++) {
            deep = Expr.not(deep);
        }
        assertError(createPlan(s, Plan.rows(ORDERS, Predicate.holds(deep), List.of("id"))), Status.LIMIT_EXCEEDED,
                "predicateDepth");
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("no " + Arrays.toString(part));
    }

    @Test
    void theDriveRefusesBadPlansNamingWhatIsWrong() throws Exception {
        RequestHandler.Session s = start();
        assertError(createPlan(s, Params.EMPTY, new byte[] {PlanCodec.VERSION, 0}), Status.BAD_PARAMETER, "plan 'plan'", "plan encoding, byte",
                "ends early");
        Predicate deep = Predicate.eq("type", 1);
        for (int i = 0; i < 20; i++) {
            deep = Predicate.not(deep);
        }
        assertError(createPlan(s, Plan.rows(Layout.worldCup98(ENTRY), deep, List.of("type"))), Status.LIMIT_EXCEEDED,
                "predicateDepth");
        assertError(createPlan(s, Params.of("entrySize", "256"), PlanCodec.encode(Plan.rows(Layout.worldCup98(ENTRY),
                null, List.of("type")))), Status.BAD_PARAMETER, "takes no parameters", "entrySize");
    }

    @Test
    void aPlanOfVersion7IsTakenAndAStringWidthAPlanCannotHoldIsRefusedNamingTheField() throws Exception {
        RequestHandler.Session s = start();
        byte[] q1 = Files.readAllBytes(Path.of("..", "docs", "protocol", "vectors", "plan", "plan_01_q1.bin"));
        assertEquals(7, q1[0], "a vector of version 7");
        createPlan(s, Params.EMPTY, q1).ok();
        Layout wide = new Layout("t", 60_000, List.of(Field.of("s", 0, 60_000, FieldType.chars(true), true)));
        byte[] body = PlanCodec.encode(Plan.rows(wide, Predicate.compare("s", CompareOp.GT, "m"), List.of("s")));
        createPlan(s, Params.EMPTY, body).ok();
        int width = 1 + 2 + 1 + 4 + 1 + 2 + 1 + 4; // version, name "t", record size, fields, name "s", offset
        assertEquals(60_000, Short.toUnsignedInt(ByteBuffer.wrap(body, width, 2).order(ByteOrder.LITTLE_ENDIAN).getShort()));
        body[width] = 0;
        body[width + 1] = 0;
        assertError(createPlan(s, Params.EMPTY, body), Status.BAD_PARAMETER, "field s: char(n) takes 1-65535 bytes, got 0");
    }

    @Test
    void aParquetSourceTheDriveCannotReadIsRefusedOrFailsNamingFileRowGroupAndColumn() throws Exception {
        RequestHandler.Session s = start();
        byte[] garbage = new byte[4096];
        new Random(5).nextBytes(garbage);
        long object = createData(s, garbage);
        long planId = createPlan(s, Plan.aggregate(ORDERS, Predicate.compare("id", CompareOp.GT, 3), List.of(),
                List.of(Aggregate.countStar()))).<Responses.CreateTasklet>ok().taskletId();
        ParquetColumn id = new ParquetColumn("id", PrimitiveTypeName.INT64, 0, false, ParquetColumn.Conversion.INT64);
        ParquetRowGroup group = new ParquetRowGroup(7, 100, List.of(new ParquetRowGroup.Chunk(0, 4096, 0, 100)));
        Extent all = new Extent(object, 0, garbage.length);
        ParquetColumn missing = new ParquetColumn("nope", PrimitiveTypeName.INT64, 0, false, ParquetColumn.Conversion.INT64);
        assertError(execute(s, planId, 0, new ParquetSource("t.parquet", List.of(missing), List.of(group)).toParams(), all),
                Status.BAD_PARAMETER, "plan 'plan'", "names a column the plan's layout lacks", "nope");
        assertError(execute(s, planId, 0, Params.of("value", "3"), all), Status.BAD_PARAMETER,
                "unknown parameter 'value' (allowed: parquet, parquet.1, ", "parquet.15, block, records)");
        long exec = execute(s, planId, 0, new ParquetSource("t.parquet", List.of(id), List.of(group)).toParams(), all)
                .<Responses.Execute>ok().execId();
        Responses.Poll p = await(s, exec);
        assertEquals(ExecutionState.FAILED, p.state());
        assertEquals(Status.TASKLET_FAILED.code(), p.errorStatus());
        assertTrue(p.errorMessage().startsWith("tasklet 'plan' failed: t.parquet: row group 7, column id: "),
                p.errorMessage());
    }

    private static void assertError(Reply r, Status status, String... fragments) {
        assertEquals(status, r.status(), r.message());
        for (String f : fragments) {
            assertTrue(r.message().contains(f), "message '" + r.message() + "' lacks '" + f + "'");
        }
    }
}
