package dev.ispd.examples.queries;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The three queries computed the plainest way, for the tests: one loop over the file's bytes with
 * ByteBuffer reads at the record offsets of the format document (big-endian; server byte at 19,
 * region its top 3 bits; type at 18), no tasklet, no Hadoop, no product helper. Names of regions
 * and types are written out here too, so a wrong name table in the product shows.
 */
final class PlainQueries {
    private static final String[] REGIONS = {"Santa Clara", "Plano", "Herndon", "Paris"};
    private static final String[] TYPES = {"HTML", "IMAGE", "AUDIO", "VIDEO", "JAVA", "FORMATTED", "DYNAMIC",
            "TEXT", "COMPRESSED", "PROGRAMS", "DIRECTORY", "ICL", "other"};

    private PlainQueries() {
    }

    /** The region's name; 7 is what importers record when the input names no server. */
    static String region(int r) {
        return r < REGIONS.length ? REGIONS[r] : r == 7 ? "unknown" : "region " + r;
    }

    static String type(int t) {
        return t < TYPES.length ? TYPES[t] : "type " + t;
    }

    static int regionOf(ByteBuffer file, int record) {
        return (file.get(record + 19) & 0xFF) >>> 5;
    }

    static int typeOf(ByteBuffer file, int record) {
        return file.get(record + 18) & 0xFF;
    }

    static String q1(ByteBuffer file, int entrySize) {
        Map<String, Long> counts = new TreeMap<>();
        for (int at = 0; at + entrySize <= file.limit(); at += entrySize) {
            counts.merge(region(regionOf(file, at)), 1L, Long::sum);
        }
        StringBuilder out = new StringBuilder();
        counts.forEach((r, n) -> out.append(r).append('\t').append(n).append('\n'));
        return out.toString();
    }

    static String q2(ByteBuffer file, int entrySize, int topN) {
        long[][] counts = new long[8][256];
        for (int at = 0; at + entrySize <= file.limit(); at += entrySize) {
            counts[regionOf(file, at)][typeOf(file, at)]++;
        }
        TreeMap<String, Integer> regionsByName = new TreeMap<>();
        for (int r = 0; r < 8; r++) {
            regionsByName.put(region(r), r);
        }
        StringBuilder out = new StringBuilder();
        for (int r : regionsByName.values()) {
            List<int[]> seen = new ArrayList<>();
            for (int t = 0; t < 256; t++) {
                if (counts[r][t] > 0) {
                    seen.add(new int[] {t});
                }
            }
            long[] row = counts[r];
            seen.sort((a, b) -> row[a[0]] != row[b[0]] ? Long.compare(row[b[0]], row[a[0]]) : Integer.compare(a[0], b[0]));
            for (int i = 0; i < Math.min(topN, seen.size()); i++) {
                int t = seen.get(i)[0];
                out.append(region(r)).append('\t').append(type(t)).append('\t').append(row[t]).append('\n');
            }
        }
        return out.toString();
    }

    /**
     * Pages (file offset of the page start, pages counted from each chunk's start) holding a
     * record whose {@code field} compares to {@code value} by {@code op}, unsigned.
     */
    static String filter(ByteBuffer file, int entrySize, String field, String op, long value, long chunkSize,
                         int pageSize) {
        TreeSet<Long> pages = new TreeSet<>();
        for (int at = 0; at + entrySize <= file.limit(); at += entrySize) {
            long v = switch (field) {
                case "timestamp" -> file.getInt(at) & 0xFFFF_FFFFL;
                case "clientID" -> file.getInt(at + 4) & 0xFFFF_FFFFL;
                case "objectID" -> file.getInt(at + 8) & 0xFFFF_FFFFL;
                case "size" -> file.getInt(at + 12) & 0xFFFF_FFFFL;
                case "method" -> file.get(at + 16) & 0xFF;
                case "status" -> file.get(at + 17) & 0xFF;
                case "type" -> typeOf(file, at);
                case "server" -> file.get(at + 19) & 0xFF;
                case "region" -> regionOf(file, at);
                default -> throw new IllegalArgumentException(field);
            };
            boolean match = switch (op) {
                case "eq" -> v == value;
                case "ne" -> v != value;
                case "lt" -> v < value;
                case "le" -> v <= value;
                case "gt" -> v > value;
                case "ge" -> v >= value;
                default -> throw new IllegalArgumentException(op);
            };
            if (match) {
                long chunk = at / chunkSize * chunkSize;
                pages.add(chunk + (at - chunk) / pageSize * pageSize);
            }
        }
        StringBuilder out = new StringBuilder();
        pages.forEach(p -> out.append(p).append('\n'));
        return out.toString();
    }
}
