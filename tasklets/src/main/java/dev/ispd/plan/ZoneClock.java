package dev.ispd.plan;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneOffsetTransitionRule;
import java.time.zone.ZoneRules;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A time zone's offsets from UTC, looked up without allocating: the zone's transitions (from the
 * JDK's tz database, then its rules up to {@link #TABLE_END_YEAR}) as sorted arrays, searched by
 * halves. Beyond the table the zone's rules answer (allocating, for timestamps past 2400). Both
 * directions follow java.time, as Spark does: the local clock of an instant, and the instant of
 * a local midnight ({@link LocalDate#atStartOfDay(ZoneId)}: in a gap, the first instant after it;
 * in an overlap, the earlier one).
 */
final class ZoneClock {
    static final int TABLE_END_YEAR = 2400;
    private static final long SECONDS_PER_DAY = 86_400;
    /**
     * Clocks built so far, by zone id: a table holds about a thousand transitions, and an
     * expression is compiled wherever its type is needed (per value by {@link ColumnValues#value}).
     * At most {@link #KEPT} are kept: ids are the tz database's and offsets' many spellings.
     */
    private static final ConcurrentMap<String, ZoneClock> BUILT = new ConcurrentHashMap<>();
    private static final int KEPT = 1024;

    final String id;
    private final ZoneRules rules;
    /** The instants (epoch seconds) of the transitions, the offsets after each, the offset before the first. */
    private final long[] instants;
    private final int[] after;
    private final int[] before;
    /** Per transition, the local time (as epoch seconds) after which both its offsets have begun. */
    private final long[] localPast;
    private final int first;
    /** Whether the zone still changes its offset every year, past the table's end. */
    private final boolean yearly;

    private ZoneClock(String id, ZoneRules rules, List<ZoneOffsetTransition> transitions) {
        this.id = id;
        this.rules = rules;
        this.yearly = !rules.getTransitionRules().isEmpty();
        int n = transitions.size();
        instants = new long[n];
        after = new int[n];
        before = new int[n];
        localPast = new long[n];
        for (int i = 0; i < n; i++) {
            ZoneOffsetTransition t = transitions.get(i);
            instants[i] = t.toEpochSecond();
            before[i] = t.getOffsetBefore().getTotalSeconds();
            after[i] = t.getOffsetAfter().getTotalSeconds();
            localPast[i] = instants[i] + Math.max(before[i], after[i]);
        }
        first = rules.getOffset(Instant.MIN).getTotalSeconds();
    }

    /** The clock of zone {@code id}; a {@link PlanException} naming {@code node} if there is no such zone. */
    static ZoneClock of(String id, String node) {
        ZoneClock built = BUILT.get(id);
        if (built != null) {
            return built;
        }
        ZoneClock clock = build(id, node);
        if (BUILT.size() < KEPT) {
            BUILT.putIfAbsent(id, clock);
        }
        return clock;
    }

    private static ZoneClock build(String id, String node) {
        ZoneRules rules;
        try {
            rules = ZoneId.of(id).getRules();
        } catch (DateTimeException e) {
            throw new PlanException("expression", "expression " + node + " names time zone '" + id + "', which is "
                    + "none: " + e.getMessage());
        }
        List<ZoneOffsetTransition> transitions = new ArrayList<>(rules.getTransitions());
        List<ZoneOffsetTransitionRule> yearly = rules.getTransitionRules();
        if (!yearly.isEmpty()) {
            int from = transitions.isEmpty() ? 1900
                    : LocalDate.ofEpochDay(Math.floorDiv(transitions.get(transitions.size() - 1).toEpochSecond(),
                    SECONDS_PER_DAY)).getYear() + 1;
            for (int year = from; year <= TABLE_END_YEAR; year++) {
                for (ZoneOffsetTransitionRule r : yearly) {
                    transitions.add(r.createTransition(year));
                }
            }
        }
        transitions.sort(null);
        return new ZoneClock(id, rules, transitions);
    }

    /** The offset from UTC in seconds at {@code epochSecond}. */
    int offset(long epochSecond) {
        int n = instants.length;
        if (n == 0) {
            return first;
        }
        if (yearly && epochSecond >= instants[n - 1]) {
            return rules.getOffset(Instant.ofEpochSecond(epochSecond)).getTotalSeconds();
        }
        int i = lastAtOrBefore(instants, epochSecond);
        return i < 0 ? first : after[i];
    }

    /** The local time (epoch seconds as if UTC) the clock shows at {@code micros} after the epoch. */
    long localSecond(long micros) {
        long s = Math.floorDiv(micros, 1_000_000L);
        return s + offset(s);
    }

    /** The microseconds since the epoch of the first instant of day {@code days} (since 1970-01-01) here. */
    long startOfDay(long days) {
        long local = days * SECONDS_PER_DAY;
        int n = instants.length;
        if (yearly && local >= localPast[n - 1]) {
            ZoneOffset o = LocalDate.ofEpochDay(days).atStartOfDay(ZoneId.of(id)).getOffset();
            return (local - o.getTotalSeconds()) * 1_000_000L;
        }
        // the first transition not yet wholly past, locally: before it the earlier offset holds
        int k = lastAtOrBefore(localPast, local) + 1;
        if (k == n) {
            return (local - (n == 0 ? first : after[n - 1])) * 1_000_000L;
        }
        boolean gap = after[k] > before[k];
        long s = gap && local >= instants[k] + before[k] ? instants[k] : local - before[k];
        return s * 1_000_000L;
    }

    /** The index of the last of sorted {@code a} that is at most {@code v}, -1 if none. */
    private static int lastAtOrBefore(long[] a, long v) {
        int lo = 0;
        int hi = a.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= v) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return hi;
    }
}
