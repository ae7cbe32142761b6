package dev.ispd.examples.sql;

import dev.ispd.plan.Plan;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The ORDER BY and LIMIT of an aggregate query, applied on the host to the groups the job merged:
 * a plan's top-N sorts the rows it scans, not its groups, and a query's groups are few enough to
 * sort where they are printed. Each key is an output column of the statement, ordered by its SQL
 * value as Spark orders it ({@link SqlPlan#sortValue}); NULLs first or last as the key says (by
 * default first when ascending). Without keys, LIMIT keeps the first groups of the job's output.
 *
 * @param keys  the ORDER BY keys, most significant first; empty for none
 * @param limit the LIMIT, or {@link Plan#NO_LIMIT}
 */
public record GroupOrder(List<Key> keys, long limit) {
    /** An aggregate query without ORDER BY or LIMIT, and every query of rows (their plans order and limit them). */
    public static final GroupOrder NONE = new GroupOrder(List.of(), Plan.NO_LIMIT);

    /** One ORDER BY key: output column {@code column} of the statement. */
    public record Key(int column, boolean descending, boolean nullsFirst) {
    }

    public GroupOrder {
        keys = List.copyOf(keys);
    }

    /** {@code rows}, the plan result rows of {@code plan}'s groups, ordered and limited. */
    List<long[]> apply(SqlPlan plan, List<long[]> rows) {
        if (keys.isEmpty() && limit == Plan.NO_LIMIT) {
            return rows;
        }
        List<Sorted> sorted = new ArrayList<>(rows.size());
        for (long[] row : rows) {
            Comparable<?>[] values = new Comparable<?>[keys.size()];
            for (int k = 0; k < values.length; k++) {
                values[k] = plan.sortValue(row, keys.get(k).column());
            }
            sorted.add(new Sorted(row, values));
        }
        sorted.sort(this::compare); // stable: groups equal on every key keep the job's order
        int kept = limit == Plan.NO_LIMIT ? sorted.size() : (int) Math.min(limit, sorted.size());
        return sorted.subList(0, kept).stream().map(Sorted::row).toList();
    }

    /** A group's row and its keys' values. */
    private record Sorted(long[] row, Comparable<?>[] values) {
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private int compare(Sorted a, Sorted b) {
        for (int k = 0; k < keys.size(); k++) {
            Key key = keys.get(k);
            Comparable x = a.values()[k];
            Comparable y = b.values()[k];
            int c;
            if (x == null || y == null) {
                c = x == y ? 0 : (x == null) == key.nullsFirst() ? -1 : 1;
            } else {
                c = key.descending() ? y.compareTo(x) : x.compareTo(y);
            }
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** Orders strings as Spark does: by their UTF-8 bytes, unsigned. */
    record Utf8(byte[] bytes) implements Comparable<Utf8> {
        @Override
        public int compareTo(Utf8 other) {
            return Arrays.compareUnsigned(bytes, other.bytes);
        }
    }
}
