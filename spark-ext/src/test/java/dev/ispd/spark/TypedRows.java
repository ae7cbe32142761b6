package dev.ispd.spark;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;

/**
 * A generated table with a column of every field type, and NULLs in every nullable one (by null
 * bit or null value): its rows as Spark rows of {@link #SCHEMA}, and the same rows as records of
 * {@link #LAYOUT}, encoded here byte by byte from the layout's text (not with the connector's
 * code). Values include the edges: decimals of all their digits, NaN, infinities and -0.0, the
 * extremes of each integer, empty strings, multi-byte UTF-8, a zero-padded string ending in spaces,
 * a bool byte other than 1, and garbage in the bits around a one-bit bool.
 */
public final class TypedRows {
    public static final int ENTRY = 88;
    public static final String LAYOUT = "id i32 le @0, i u16 @4 nullable = 65535, l i64 le @6 nullable @80.0, "
            + "f f32 le @14 nullable @80.1, d f64 @18 nullable @80.2, p decimal(9,2) le @26 nullable @80.3, "
            + "q decimal(18,4) @30 nullable @80.4, w decimal(30,5) le @38 nullable @80.5, "
            + "dt date le @54 nullable @80.6, ts timestamp le @58 nullable @80.7, b bool @66 nullable @81.0, "
            + "s char(8) @67 nullable @81.1, z char(4) zero @75 nullable @81.2, bit bool @79 bits 0..0 nullable @81.3, "
            + "dn date @82 nullable = -2147483648, k u8 @86";
    public static final StructType SCHEMA = new StructType().add("id", DataTypes.IntegerType, false)
            .add("i", DataTypes.IntegerType, true).add("l", DataTypes.LongType, true)
            .add("f", DataTypes.FloatType, true).add("d", DataTypes.DoubleType, true)
            .add("p", DataTypes.createDecimalType(9, 2), true).add("q", DataTypes.createDecimalType(18, 4), true)
            .add("w", DataTypes.createDecimalType(30, 5), true).add("dt", DataTypes.DateType, true)
            .add("ts", DataTypes.TimestampType, true).add("b", DataTypes.BooleanType, true)
            .add("s", DataTypes.StringType, true).add("z", DataTypes.StringType, true)
            .add("bit", DataTypes.BooleanType, true).add("dn", DataTypes.DateType, true)
            .add("k", DataTypes.IntegerType, false);

    private static final float[] FLOATS = {Float.NaN, -0.0f, 0.0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, Float.MAX_VALUE, 1.5f, -2.25f};
    private static final double[] DOUBLES = {Double.NaN, -0.0, 0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, Double.MAX_VALUE, 0.1, -1e300};
    private static final String[] STRINGS = {"", "a", "abc", "a b", "héllo", "ünïcö", "12345678", "Zz", "€uro"};
    private static final String[] ZERO_PADDED = {"", "x", "ab  ", " ", "wxyz", "é"};

    private TypedRows() {
    }

    /** {@code n} rows from {@code seed}, their ids 0 to n-1. */
    public static List<Row> rows(int n, long seed) {
        Random r = new Random(seed);
        List<Row> rows = new ArrayList<>(n);
        for (int id = 0; id < n; id++) {
            rows.add(RowFactory.create(id,
                    maybe(r, r.nextInt(65535)),
                    maybe(r, pick(r, new long[] {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1}, r.nextLong())),
                    maybe(r, r.nextInt(3) == 0 ? FLOATS[r.nextInt(FLOATS.length)] : (float) r.nextGaussian() * 1000),
                    maybe(r, r.nextInt(3) == 0 ? DOUBLES[r.nextInt(DOUBLES.length)] : r.nextGaussian() * 1e6),
                    maybe(r, BigDecimal.valueOf(pick(r, new long[] {999_999_999, -999_999_999}, r.nextInt(2_000_000) - 1_000_000), 2)),
                    maybe(r, BigDecimal.valueOf(pick(r, new long[] {999_999_999_999_999_999L, -999_999_999_999_999_999L},
                            r.nextLong() % 1_000_000_000_000_000_000L), 4)),
                    maybe(r, new BigDecimal(r.nextInt(8) == 0 ? BigInteger.TEN.pow(30).subtract(BigInteger.ONE)
                            .multiply(BigInteger.valueOf(r.nextBoolean() ? 1 : -1))
                            : new BigInteger(99, r).subtract(BigInteger.ONE.shiftLeft(98)), 5)),
                    maybe(r, Date.valueOf(LocalDate.of(1970, 1, 1).plusDays(r.nextInt(60_000) - 30_000))),
                    maybe(r, Timestamp.from(Instant.EPOCH.plus(r.nextLong() % 2_000_000_000_000_000L, ChronoUnit.MICROS))),
                    maybe(r, r.nextBoolean()),
                    maybe(r, STRINGS[r.nextInt(STRINGS.length)]),
                    maybe(r, ZERO_PADDED[r.nextInt(ZERO_PADDED.length)]),
                    maybe(r, r.nextBoolean()),
                    maybe(r, Date.valueOf(LocalDate.of(2000, 1, 1).plusDays(r.nextInt(20_000)))),
                    r.nextInt(5)));
        }
        return rows;
    }

    /** The records of {@code rows}; {@code seed} picks the noise in the bytes no value uses. */
    public static byte[] records(List<Row> rows, long seed) {
        Random noise = new Random(seed);
        ByteBuffer b = ByteBuffer.allocate(rows.size() * ENTRY);
        for (int n = 0; n < rows.size(); n++) {
            Row row = rows.get(n);
            int at = n * ENTRY;
            ByteBuffer le = b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
            le.putInt(at, row.getInt(0));
            b.putShort(at + 4, (short) (row.isNullAt(1) ? 65535 : row.getInt(1)));
            int[] nullBits = {2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
            for (int c : nullBits) {
                if (row.isNullAt(c)) {
                    int bit = c - 2;
                    b.put(at + 80 + bit / 8, (byte) (b.get(at + 80 + bit / 8) | 1 << (bit % 8)));
                }
            }
            if (!row.isNullAt(2)) {
                le.putLong(at + 6, row.getLong(2));
            }
            if (!row.isNullAt(3)) {
                le.putFloat(at + 14, row.getFloat(3));
            }
            if (!row.isNullAt(4)) {
                b.putDouble(at + 18, row.getDouble(4));
            }
            if (!row.isNullAt(5)) {
                le.putInt(at + 26, row.getDecimal(5).unscaledValue().intValueExact());
            }
            if (!row.isNullAt(6)) {
                b.putLong(at + 30, row.getDecimal(6).unscaledValue().longValueExact());
            }
            if (!row.isNullAt(7)) {
                byte[] be = row.getDecimal(7).unscaledValue().toByteArray();
                for (int i = 0; i < 16; i++) { // little-endian, sign-extended to 16 bytes
                    int from = be.length - 1 - i;
                    b.put(at + 38 + i, from >= 0 ? be[from] : (byte) (be[0] < 0 ? -1 : 0));
                }
            }
            if (!row.isNullAt(8)) {
                le.putInt(at + 54, (int) row.getDate(8).toLocalDate().toEpochDay());
            }
            if (!row.isNullAt(9)) {
                Instant t = row.getTimestamp(9).toInstant();
                le.putLong(at + 58, ChronoUnit.MICROS.between(Instant.EPOCH, t));
            }
            if (!row.isNullAt(10)) {
                b.put(at + 66, (byte) (row.getBoolean(10) ? 1 + noise.nextInt(255) : 0));
            }
            putString(b, at + 67, 8, row.isNullAt(11) ? "" : row.getString(11), (byte) ' ');
            putString(b, at + 75, 4, row.isNullAt(12) ? "" : row.getString(12), (byte) 0);
            int bitByte = noise.nextInt(256) & ~1; // bits 1-7 of byte 79 are no field's
            b.put(at + 79, (byte) (bitByte | (!row.isNullAt(13) && row.getBoolean(13) ? 1 : 0)));
            b.putInt(at + 82, row.isNullAt(14) ? Integer.MIN_VALUE : (int) row.getDate(14).toLocalDate().toEpochDay());
            b.put(at + 86, (byte) row.getInt(15));
        }
        return b.array();
    }

    private static void putString(ByteBuffer b, int at, int width, String s, byte pad) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        byte[] field = Arrays.copyOf(bytes, width);
        Arrays.fill(field, bytes.length, width, pad);
        b.put(at, field);
    }

    private static Object maybe(Random r, Object value) {
        return r.nextInt(8) == 0 ? null : value;
    }

    private static long pick(Random r, long[] edges, long otherwise) {
        return r.nextInt(10) == 0 ? edges[r.nextInt(edges.length)] : otherwise;
    }
}
