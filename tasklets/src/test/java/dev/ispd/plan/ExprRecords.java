package dev.ispd.plan;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Generated typed records with NULLs for the expression tests: the layout
 * {@code qty i32 le @0 nullable @47.0, price decimal(12,2) le @4 nullable @47.1,
 * disc decimal(4,2) le @12, ratio f64 le @16 nullable @47.2, ship date le @24,
 * mode char(6) @28 nullable @47.3, ok bool @34 nullable @47.4, big i64 le @35, f f32 le @43, band u8 @48},
 * each record also as the {@link Item} plain Java reads, and the interpreter run over the bytes.
 */
final class ExprRecords {
    static final Layout ITEMS = new Layout("items", 49, List.of(
            new Field("qty", 0, 4, true, false, 0, 0, false, 0).withNullBit(47, 0),
            Field.of("price", 4, 8, FieldType.decimal(12, 2), false).withNullBit(47, 1),
            Field.of("disc", 12, 4, FieldType.decimal(4, 2), false),
            Field.of("ratio", 16, 8, FieldType.FLOAT, false).withNullBit(47, 2),
            Field.of("ship", 24, 4, FieldType.DATE, false),
            Field.of("mode", 28, 6, FieldType.chars(false), false).withNullBit(47, 3),
            Field.of("ok", 34, 1, FieldType.BOOL, false).withNullBit(47, 4),
            new Field("big", 35, 8, true, false, 0, 0, false, 0),
            Field.of("f", 43, 4, FieldType.FLOAT, false),
            Field.unsigned("band", 48, 1)));

    private static final String[] MODES = {"AIR", "MAIL", "AIR RE", "A", "", "né", "SHIP", "TRUCK", "RAIL", "n_x"};
    private static final double[] RATIOS = {Double.NaN, -0.0, 0.0, 0.5, -1.5, 2.25, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1e300, 0.75};

    /** One record as SQL sees it; null for NULL. */
    record Item(Integer qty, BigDecimal price, BigDecimal disc, Double ratio, LocalDate ship, String mode, Boolean ok,
                long big, float f, int band) { }

    private ExprRecords() {
    }

    /** {@code n} records from {@code seed}, about one value in eight NULL where the field is nullable. */
    static List<Item> generate(int n, long seed) {
        Random r = new Random(seed);
        List<Item> items = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            items.add(new Item(
                    r.nextInt(8) == 0 ? null : r.nextInt(101) - 50,
                    r.nextInt(8) == 0 ? null : BigDecimal.valueOf(r.nextInt(2_000_000) - 100_000, 2),
                    BigDecimal.valueOf(1 + r.nextInt(10), 2),
                    r.nextInt(8) == 0 ? null : RATIOS[r.nextInt(RATIOS.length)],
                    LocalDate.ofEpochDay(8_766 + r.nextInt(2_600)), // 1994-01-01 on
                    r.nextInt(8) == 0 ? null : MODES[r.nextInt(MODES.length)],
                    r.nextInt(8) == 0 ? null : r.nextBoolean(),
                    r.nextLong() >> r.nextInt(64),
                    (r.nextInt(2001) - 1000) / 8f,
                    r.nextInt(6)));
        }
        return items;
    }

    /** The records' bytes in {@link #ITEMS}; a NULL keeps bytes of a value, which its null bit hides. */
    static byte[] bytes(List<Item> items) {
        ByteBuffer b = ByteBuffer.allocate(ITEMS.recordSize() * items.size()).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < items.size(); i++) {
            Item it = items.get(i);
            int at = ITEMS.recordSize() * i;
            b.putInt(at, it.qty() == null ? 77 : it.qty());
            b.putLong(at + 4, it.price() == null ? 12_345 : it.price().unscaledValue().longValueExact());
            b.putInt(at + 12, it.disc().unscaledValue().intValueExact());
            b.putDouble(at + 16, it.ratio() == null ? 1.0 : it.ratio());
            b.putInt(at + 24, (int) it.ship().toEpochDay());
            byte[] mode = (it.mode() == null ? "AIR" : it.mode()).getBytes(StandardCharsets.UTF_8);
            b.put(at + 28, "      ".getBytes(StandardCharsets.US_ASCII));
            b.put(at + 28, mode);
            b.put(at + 34, (byte) (it.ok() != null && it.ok() ? 1 : 0));
            b.putLong(at + 35, it.big());
            b.putFloat(at + 43, it.f());
            b.put(at + 48, (byte) it.band());
            b.put(at + 47, (byte) ((it.qty() == null ? 1 : 0) | (it.price() == null ? 2 : 0) | (it.ratio() == null ? 4 : 0)
                    | (it.mode() == null ? 8 : 0) | (it.ok() == null ? 16 : 0)));
        }
        return b.array();
    }

    /** The result rows of {@code plan} run by the interpreter over {@code data}, in batches of 64 records. */
    static List<long[]> run(Plan plan, byte[] data) throws IOException {
        return run(plan, data, PlanLimits.HOST);
    }

    /** As {@link #run(Plan, byte[])}, within {@code limits}, as a drive with them would run it. */
    static List<long[]> run(Plan plan, byte[] data, PlanLimits limits) throws IOException {
        return PlanResult.decode(result(plan, data, limits)).rows();
    }

    /** The encoded result ({@link PlanResult}) of {@code plan} run by the interpreter over {@code data} within {@code limits}. */
    static byte[] result(Plan plan, byte[] data, PlanLimits limits) throws IOException {
        return new HostRunner(plan.layout().recordSize() * 64, 1)
                .run(new PlanTasklet(plan, limits), List.of(new Extent(1, 0, data.length)),
                        new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(data)))).bytes();
    }
}
