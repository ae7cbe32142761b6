package dev.ispd.examples.worldcup;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The order to load log files in. The published logs {@code wc_dayX_Y[.gz]} are chronological by
 * day X, then sub-interval Y, numerically; a shell glob lists {@code wc_day10_1} before
 * {@code wc_day5_1}, so when every name given is such a log they are put in that order.
 * Otherwise (other names, or {@code -} for standard input among them) the order given is kept.
 */
public final class LogOrder {
    private static final Pattern PUBLISHED = Pattern.compile("wc_day(\\d+)_(\\d+)(\\.gz)?");

    private LogOrder() {
    }

    /** The sources in the order to load them. */
    public static List<String> of(List<String> sources) {
        if (sources.size() < 2 || !sources.stream().allMatch(s -> matcher(s).matches())) {
            return List.copyOf(sources);
        }
        List<String> sorted = new ArrayList<>(sources);
        sorted.sort(Comparator.comparingLong((String s) -> number(s, 1)).thenComparingLong(s -> number(s, 2)));
        return List.copyOf(sorted);
    }

    private static Matcher matcher(String source) {
        String name = source.substring(Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\')) + 1);
        return PUBLISHED.matcher(name);
    }

    private static long number(String source, int group) {
        Matcher m = matcher(source);
        m.matches();
        return Long.parseLong(m.group(group));
    }
}
