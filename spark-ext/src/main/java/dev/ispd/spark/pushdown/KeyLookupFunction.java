package dev.ispd.spark.pushdown;

import dev.ispd.offload.execute.SplitMetric;
import dev.ispd.plan.Expr;
import dev.ispd.plan.KeySet;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.catalog.functions.ScalarFunction;
import org.apache.spark.sql.connector.expressions.Expression;
import org.apache.spark.sql.connector.expressions.UserDefinedScalarFunc;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;

/**
 * A boolean of a small table's row looked up by its unique key, as a V2 function over the large
 * table's join key (docs/spark.md, "Lookup joins"): TRUE for a key in {@code isTrue}, NULL for a
 * key in {@code isNull} or a NULL key, else FALSE. The session extension puts one in place of
 * each test of the small table's columns when it turns a join into lookups; {@link ExprConverter}
 * recognises it by its {@link #canonicalName} (registered here, as Spark hands a source the
 * function's names and arguments, not the function) as the plan's {@link Expr.KeyLookup}, which
 * answers alike. Where Spark evaluates it (not pushed), it answers from the same sets. The lookup
 * of the small table's keys carries what the small side's run in the drives counted, which the
 * large table's scan reports as its own ({@link #smallSideRuns}).
 */
public final class KeyLookupFunction implements ScalarFunction<Boolean> {
    private static final long serialVersionUID = 1L;
    /** The start of the canonical name; a number unique in this JVM follows. */
    public static final String PREFIX = "ispd.lookup.";
    private static final AtomicLong NEXT = new AtomicLong();
    /** The functions made on this driver by canonical name, until their query's plan lets go of them. */
    private static final Map<String, WeakReference<KeyLookupFunction>> MADE = new ConcurrentHashMap<>();

    private final String canonicalName;
    private final DataType keyType;
    private final KeySet isTrue;
    private final KeySet isNull;
    private final String label;
    private final Map<SplitMetric, Long> smallSideRun;

    private KeyLookupFunction(DataType keyType, KeySet isTrue, KeySet isNull, String label,
                              Map<SplitMetric, Long> smallSideRun) {
        this.canonicalName = PREFIX + NEXT.incrementAndGet();
        this.keyType = keyType;
        this.isTrue = isTrue;
        this.isNull = isNull;
        this.label = label;
        this.smallSideRun = smallSideRun.isEmpty() ? Map.of() : new EnumMap<>(smallSideRun);
    }

    /**
     * A lookup of a key of {@code keyType} (an integer type), registered for {@link #named}, with
     * what the run that made its sets counted in the drives (empty: none to report).
     */
    public static KeyLookupFunction of(DataType keyType, KeySet isTrue, KeySet isNull, String label,
                                       Map<SplitMetric, Long> smallSideRun) {
        KeyLookupFunction f = new KeyLookupFunction(keyType, isTrue, isNull, label, smallSideRun);
        MADE.values().removeIf(r -> r.get() == null);
        MADE.put(f.canonicalName, new WeakReference<>(f));
        return f;
    }

    /** The function of canonical name {@code name} made on this JVM, or null. */
    static KeyLookupFunction named(String name) {
        WeakReference<KeyLookupFunction> r = MADE.get(name);
        return r == null ? null : r.get();
    }

    /** What the runs that made the lookups in {@code expressions} (and under them) counted in the drives, summed. */
    public static Map<SplitMetric, Long> smallSideRuns(List<? extends Expression> expressions) {
        Map<SplitMetric, Long> sums = new EnumMap<>(SplitMetric.class);
        List<Expression> left = new ArrayList<>(expressions);
        while (!left.isEmpty()) {
            Expression e = left.remove(left.size() - 1);
            if (e instanceof UserDefinedScalarFunc f && f.canonicalName().startsWith(PREFIX)) {
                KeyLookupFunction lookup = named(f.canonicalName());
                if (lookup != null) {
                    lookup.smallSideRun.forEach((metric, n) -> sums.merge(metric, n, Long::sum));
                }
            }
            left.addAll(Arrays.asList(e.children()));
        }
        return sums;
    }

    /** The plan's lookup of {@code key}, the same as this. */
    Expr plan(Expr key) {
        return Expr.keyLookup(key, isTrue, isNull, label);
    }

    @Override
    public DataType[] inputTypes() {
        return new DataType[] {keyType};
    }

    @Override
    public DataType resultType() {
        return DataTypes.BooleanType;
    }

    @Override
    public String name() {
        return "lookup";
    }

    @Override
    public String canonicalName() {
        return canonicalName;
    }

    @Override
    public String toString() {
        return "lookup(" + label + ", " + isTrue + ")";
    }

    @Override
    public Boolean produceResult(InternalRow input) {
        if (input.isNullAt(0)) {
            return null;
        }
        long key = keyType.equals(DataTypes.LongType) ? input.getLong(0)
                : keyType.equals(DataTypes.IntegerType) ? input.getInt(0)
                : keyType.equals(DataTypes.ShortType) ? input.getShort(0) : input.getByte(0);
        if (isTrue.contains(key)) {
            return Boolean.TRUE;
        }
        return isNull.contains(key) ? null : Boolean.FALSE;
    }
}
