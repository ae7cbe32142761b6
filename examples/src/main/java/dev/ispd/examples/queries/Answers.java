package dev.ispd.examples.queries;

import dev.ispd.tasklet.builtin.Q2Result;
import dev.ispd.worldcup.WorldCup98;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The canonical answer of a query, made from the reducer's output ({@code part-r-00000}), which
 * has the same form in every variant:
 * <ul>
 *   <li>Q1: "region TAB accesses" per region seen, sorted by region name;</li>
 *   <li>Q2: "region TAB type TAB accesses", the top N types of each region over the whole
 *       input (taken here, after the reduce: per-split top Ns do not merge); regions sorted by
 *       name, types by accesses descending, ties by type byte ascending ("other" types above 12
 *       keep their byte: "type 13");</li>
 *   <li>filter: the addresses of the matching pages (file offset of the page's start,
 *       {@link InputGeometry#pageAddress}), distinct, ascending, one per line.</li>
 * </ul>
 * Every line ends with a newline; no match or no entry gives the empty text.
 */
public final class Answers {
    private static final Map<String, Integer> REGIONS = codes(WorldCup98.REGIONS, WorldCup98::regionName);
    private static final Map<String, Integer> TYPES = codes(RegionTypeKeys.TYPES, WorldCup98::typeName);

    private Answers() {
    }

    /** The answer to {@code spec} from the reducer output {@code output} (of file {@code source}, for errors). */
    public static String fromReducerOutput(QuerySpec spec, String output, String source) throws IOException {
        return switch (spec.query()) {
            case Q1 -> q1(output, source);
            case Q2 -> q2(output, spec.topN(), source);
            case FILTER -> filter(output, source);
        };
    }

    private static String q1(String output, String source) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        int line = 0;
        for (String l : output.lines().toList()) {
            String[] f = fields(l, 2, ++line, source);
            code(REGIONS, f[0], "region", line, source);
            counts.merge(f[0], count(f[1], line, source), Long::sum);
        }
        StringBuilder out = new StringBuilder();
        counts.forEach((region, n) -> out.append(region).append('\t').append(n).append('\n'));
        return out.toString();
    }

    private static String q2(String output, int topN, String source) throws IOException {
        List<Q2Result.Entry> entries = new ArrayList<>();
        int line = 0;
        for (String l : output.lines().toList()) {
            String[] f = fields(l, 3, ++line, source);
            entries.add(new Q2Result.Entry(code(REGIONS, f[0], "region", line, source),
                    code(TYPES, f[1], "type", line, source), count(f[2], line, source)));
        }
        List<Q2Result.Entry> top = new ArrayList<>(Q2Result.topPerRegion(entries, topN));
        // stable: within a region the top N keep their rank order
        top.sort(Comparator.comparing(e -> WorldCup98.regionName(e.region())));
        StringBuilder out = new StringBuilder();
        for (Q2Result.Entry e : top) {
            out.append(WorldCup98.regionName(e.region())).append('\t').append(WorldCup98.typeName(e.type()))
                    .append('\t').append(e.count()).append('\n');
        }
        return out.toString();
    }

    private static String filter(String output, String source) throws IOException {
        TreeSet<Long> pages = new TreeSet<>();
        int line = 0;
        for (String l : output.lines().toList()) {
            String[] f = fields(l, 2, ++line, source);
            pages.add(count(f[0], line, source));
        }
        StringBuilder out = new StringBuilder();
        pages.forEach(p -> out.append(p).append('\n'));
        return out.toString();
    }

    private static String[] fields(String line, int n, int number, String source) throws IOException {
        String[] f = line.split("\t", -1);
        if (f.length != n) {
            throw new IOException(source + " line " + number + ": expected " + n + " tab-separated fields, got '"
                    + line + "'");
        }
        return f;
    }

    private static long count(String text, int line, String source) throws IOException {
        try {
            long v = Long.parseLong(text);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IOException(source + " line " + line + ": '" + text + "' is not a non-negative integer");
    }

    private static int code(Map<String, Integer> codes, String name, String what, int line, String source)
            throws IOException {
        Integer c = codes.get(name);
        if (c == null) {
            throw new IOException(source + " line " + line + ": unknown " + what + " '" + name + "'");
        }
        return c;
    }

    private static Map<String, Integer> codes(int n, java.util.function.IntFunction<String> name) {
        Map<String, Integer> codes = new HashMap<>();
        for (int i = 0; i < n; i++) {
            codes.putIfAbsent(name.apply(i), i);
        }
        return Map.copyOf(codes);
    }
}
