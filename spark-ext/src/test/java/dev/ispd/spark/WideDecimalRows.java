package dev.ispd.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * Rows of decimals up to 38 digits, as Spark rows of {@link #SCHEMA} and as records of
 * {@link #LAYOUT} encoded here byte by byte (not with the connector's code): {@code a} a 16-byte
 * {@code decimal(38,0)} with values of up to 31 digits and the 38-digit edges {@code ±(10^38-1)}
 * in the rows {@link #edgeRows} says; {@code b} a 16-byte {@code decimal(38,10)} of up to 14
 * integral digits; {@code c} an 8-byte {@code decimal(18,2)} of all its digits, never 0;
 * {@code d} a nullable 4-byte {@code decimal(9,2)}, never 0; {@code k} a key 0-4. Signs mixed.
 */
public final class WideDecimalRows {
    public static final int ENTRY = 56;
    public static final String LAYOUT = "id i32 le @0, a decimal(38,0) le @4, b decimal(38,10) be @20, "
            + "c decimal(18,2) le @36, d decimal(9,2) le @44 nullable @48.0, k u8 @49";
    public static final StructType SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
            .add("a", DataTypes.createDecimalType(38, 0), false).add("b", DataTypes.createDecimalType(38, 10), false)
            .add("c", DataTypes.createDecimalType(18, 2), false).add("d", DataTypes.createDecimalType(9, 2), true)
            .add("k", DataTypes.IntegerType, false);
    /** The largest 38-digit value. */
    public static final BigInteger MAX_38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);

    private WideDecimalRows() {
    }

    /**
     * {@code n} rows from {@code seed}, ids 0 to n-1; with {@code edges}, the rows whose id is
     * a multiple of 50 hold {@code a = ±(10^38 - 1)} (alternating sign), so that sums of
     * {@code a} and products pass 38 digits.
     */
    public static List<Row> rows(int n, long seed, boolean edges) {
        Random r = new Random(seed);
        List<Row> rows = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            BigInteger a = new BigInteger(1 + r.nextInt(100), r); // below 2^100 < 10^31
            if (r.nextBoolean()) {
                a = a.negate();
            }
            if (edges && i % 50 == 0) {
                a = i % 100 == 0 ? MAX_38 : MAX_38.negate();
            }
            BigDecimal b = new BigDecimal(new BigInteger(1 + r.nextInt(79), r), 10); // below 2^80 / 10^10 < 10^14
            BigDecimal c = BigDecimal.valueOf(r.nextInt(4) == 0 ? 999_999_999_999_999_999L - r.nextInt(1000)
                    : 1 + (r.nextLong() >>> 1) % 10_000_000_000L, 2);
            BigDecimal d = r.nextInt(6) == 0 ? null : BigDecimal.valueOf(1 + r.nextInt(999_999_998), 2);
            rows.add(RowFactory.create(i, new BigDecimal(a), r.nextBoolean() ? b : b.negate(),
                    r.nextBoolean() ? c : c.negate(), d != null && r.nextBoolean() ? d.negate() : d, r.nextInt(5)));
        }
        return rows;
    }

    /** The records of {@code rows} in {@link #LAYOUT}. */
    public static byte[] records(List<Row> rows) {
        ByteBuffer le = ByteBuffer.allocate(rows.size() * ENTRY).order(ByteOrder.LITTLE_ENDIAN);
        for (int n = 0; n < rows.size(); n++) {
            Row row = rows.get(n);
            int at = n * ENTRY;
            le.putInt(at, row.getInt(0));
            putWide(le, at + 4, row.getDecimal(1).unscaledValue(), false);
            putWide(le, at + 20, row.getDecimal(2).unscaledValue(), true);
            le.putLong(at + 36, row.getDecimal(3).unscaledValue().longValueExact());
            if (row.isNullAt(4)) {
                le.put(at + 48, (byte) 1);
            } else {
                le.putInt(at + 44, row.getDecimal(4).unscaledValue().intValueExact());
            }
            le.put(at + 49, (byte) row.getInt(5));
        }
        return le.array();
    }

    /** {@code v} as 16 bytes of two's complement at {@code at}, big- or little-endian. */
    private static void putWide(ByteBuffer b, int at, BigInteger v, boolean bigEndian) {
        for (int i = 0; i < 16; i++) {
            byte x = v.shiftRight(8 * i).byteValue(); // the i-th byte from the least significant
            b.put(bigEndian ? at + 15 - i : at + i, x);
        }
    }
}
