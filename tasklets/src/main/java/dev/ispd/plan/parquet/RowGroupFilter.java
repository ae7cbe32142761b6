package dev.ispd.plan.parquet;

import dev.ispd.plan.CompareOp;
import dev.ispd.plan.Field;
import dev.ispd.plan.FieldType;
import dev.ispd.plan.Layout;
import dev.ispd.plan.Predicate;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Whether a row group's column statistics prove that no row of it passes a WHERE, so that it is
 * skipped without being read; and, from its data pages' statistics (a column index), which runs
 * of its rows may pass, so that the pages of the others are not read. Conservative: a part it
 * cannot judge (an expression, a string comparison, a float, a column without statistics) may
 * match. A NULL fails every comparison, so a column of only NULLs excludes every comparison on it.
 */
public final class RowGroupFilter {
    /** A column's statistics in its field's representation ({@link Field#read}): min and max, NULLs (-1: not known), rows. */
    public record Range(long min, long max, boolean hasMinMax, long nulls, long rows) {
        boolean allNull() {
            return nulls == rows;
        }
    }

    /** A column chunk's data pages: the row each starts at (the first at row 0, ascending) and each one's statistics. */
    public record Pages(long[] firstRows, Range[] ranges) {
        public Pages {
            if (firstRows.length == 0 || firstRows[0] != 0 || firstRows.length != ranges.length) {
                throw new IllegalArgumentException(firstRows.length + " pages from row "
                        + (firstRows.length == 0 ? "-" : firstRows[0]) + " with " + ranges.length + " statistics");
            }
        }
    }

    /** {@code count} consecutive rows of a row group from its row {@code first}. */
    public record Rows(long first, long count) implements Serializable {
        public Rows {
            if (first < 0 || count <= 0) {
                throw new IllegalArgumentException(count + " rows from row " + first);
            }
        }
    }

    private RowGroupFilter() {
    }

    /**
     * The runs of the {@code rows} rows of a row group that may pass {@code where}, in order, given
     * the data pages (by column name) of the columns with a column index: the row group is cut
     * where a page of a column {@code where} names starts, and a stretch is left out where the
     * statistics of the pages holding it exclude {@code where}. All the rows where no page judges.
     */
    public static List<Rows> mayPass(Predicate where, Layout layout, long rows, Map<String, Pages> pages) {
        List<String> judged = PlanFields.named(where).stream().filter(pages::containsKey).toList();
        TreeSet<Long> cuts = new TreeSet<>();
        cuts.add(0L);
        for (String name : judged) {
            for (long first : pages.get(name).firstRows()) {
                if (first < rows) {
                    cuts.add(first);
                }
            }
        }
        int[] page = new int[judged.size()];
        Map<String, Range> stats = new HashMap<>();
        List<Rows> out = new ArrayList<>();
        long runStart = -1;
        for (long from : cuts) {
            for (int c = 0; c < page.length; c++) {
                Pages p = pages.get(judged.get(c));
                while (page[c] + 1 < p.firstRows().length && p.firstRows()[page[c] + 1] <= from) {
                    page[c]++;
                }
                stats.put(judged.get(c), p.ranges()[page[c]]);
            }
            boolean excluded = excludes(where, layout, stats);
            if (excluded && runStart >= 0) {
                out.add(new Rows(runStart, from - runStart));
                runStart = -1;
            } else if (!excluded && runStart < 0) {
                runStart = from;
            }
        }
        if (runStart >= 0) {
            out.add(new Rows(runStart, rows - runStart));
        }
        return out;
    }

    /** True if no row of a row group with these statistics (by column name) passes {@code where}. */
    public static boolean excludes(Predicate where, Layout layout, Map<String, Range> stats) {
        if (where instanceof Predicate.And and) {
            return and.operands().stream().anyMatch(p -> excludes(p, layout, stats));
        }
        if (where instanceof Predicate.Or or) {
            return or.operands().stream().allMatch(p -> excludes(p, layout, stats));
        }
        if (where instanceof Predicate.Not not && not.operand() instanceof Predicate.IsNull n) {
            return allNull(stats.get(n.field()));
        }
        if (where instanceof Predicate.IsNull n) {
            return stats.get(n.field()) != null && stats.get(n.field()).nulls() == 0;
        }
        if (where instanceof Predicate.Compare c) {
            return outside(layout.field(c.field(), "where"), stats.get(c.field()), c.op(), c.literal());
        }
        if (where instanceof Predicate.Between b) {
            Field f = layout.field(b.field(), "where");
            Range r = stats.get(b.field());
            return allNull(r) || judged(f, r) && (f.compare(b.hi(), r.min()) < 0 || f.compare(r.max(), b.lo()) < 0);
        }
        if (where instanceof Predicate.In in) {
            Field f = layout.field(in.field(), "where");
            Range r = stats.get(in.field());
            return allNull(r) || judged(f, r) && in.values().stream().allMatch(v -> outside(f, r, CompareOp.EQ, v));
        }
        return false; // an expression, a string comparison, NOT of a comparison: may match
    }

    private static boolean outside(Field f, Range r, CompareOp op, long v) {
        if (allNull(r)) {
            return true;
        }
        if (!judged(f, r)) {
            return false;
        }
        return switch (op) {
            case EQ -> f.compare(v, r.min()) < 0 || f.compare(v, r.max()) > 0;
            case NE -> f.compare(r.min(), v) == 0 && f.compare(r.max(), v) == 0 && r.nulls() == 0;
            case LT -> f.compare(r.min(), v) >= 0;
            case LE -> f.compare(r.min(), v) > 0;
            case GT -> f.compare(r.max(), v) <= 0;
            case GE -> f.compare(r.max(), v) < 0;
        };
    }

    private static boolean allNull(Range r) {
        return r != null && r.allNull();
    }

    /** Statistics this filter trusts: min and max of a field compared as integers (not floats, strings or bools). */
    private static boolean judged(Field f, Range r) {
        return r != null && r.hasMinMax() && f.readsAsInteger() && f.type().kind() != FieldType.Kind.CHAR;
    }
}
