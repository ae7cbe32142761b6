package dev.ispd.examples.worldcup.importer;

import dev.ispd.worldcup.WorldCup98;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one import did: lines read, records written, rejected lines (a count and the first few
 * reasons), the record fields the input did not give and what was recorded instead, the type mix.
 */
public final class ImportReport {
    /** Rejection reasons kept in full; the rest are only counted. */
    public static final int REASONS_KEPT = 10;

    /** A line that gave no record: its number (from 1), the field at fault and what was wrong. */
    public record Reject(long line, String field, String problem) {
        @Override
        public String toString() {
            return "line " + line + ": " + field + ": " + problem;
        }
    }

    private final String source;
    private final ImportFormat format;
    private final List<Reject> firstRejects = new ArrayList<>();
    private final long[] filled = new long[Filled.values().length];
    private final long[] types = new long[WorldCup98.LAST_NAMED_TYPE + 1];
    private long lines;
    private long records;
    private long rejected;
    private int objects;
    private int hosts;

    ImportReport(String source, ImportFormat format) {
        this.source = source;
        this.format = format;
    }

    void rejected(long line, LineRejected why) {
        rejected++;
        if (firstRejects.size() < REASONS_KEPT) {
            firstRejects.add(new Reject(line, why.field(), why.getMessage()));
        }
    }

    void recorded(ParsedLine parsed, int type) {
        records++;
        types[type]++;
        for (int f = 0; f < filled.length; f++) {
            if (parsed.filled[f]) {
                filled[f]++;
            }
        }
    }

    void finished(long lines, int objects, int hosts) {
        this.lines = lines;
        this.objects = objects;
        this.hosts = hosts;
    }

    /** The input's name (file, or file!member for a tar). */
    public String source() {
        return source;
    }

    public ImportFormat format() {
        return format;
    }

    public long lines() {
        return lines;
    }

    public long records() {
        return records;
    }

    public long rejected() {
        return rejected;
    }

    /** The first {@link #REASONS_KEPT} rejections, in line order. */
    public List<Reject> firstRejects() {
        return Collections.unmodifiableList(firstRejects);
    }

    /** Records in which {@code field} was filled in as {@link Filled#recorded()}. */
    public long filled(Filled field) {
        return filled[field.ordinal()];
    }

    /** Records of file type {@code type} (0..12). */
    public long type(int type) {
        return types[type];
    }

    /** Distinct URLs, numbered 0..objects-1. */
    public int objects() {
        return objects;
    }

    /** Distinct hosts numbered as clientIDs (Common Log Format); 0 for CSV, whose clientIDs are kept as given. */
    public int hosts() {
        return hosts;
    }

    /** The report as the import command prints it. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append(String.format("imported %s (%s): %,d lines, %,d records written, %,d rejected%n", source,
                format.name().toLowerCase(java.util.Locale.ROOT), lines, records, rejected));
        s.append("objectIDs ").append(numbered(objects, "URLs")).append("; clientIDs ")
                .append(format == ImportFormat.CSV ? "as given" : numbered(hosts, "hosts")).append(System.lineSeparator());
        s.append("types:");
        for (int t = 0; t < types.length; t++) {
            if (types[t] > 0) {
                s.append(String.format(" %s %,d", WorldCup98.typeName(t), types[t]));
            }
        }
        s.append(System.lineSeparator());
        s.append("filled in (not given by the input):").append(System.lineSeparator());
        for (Filled f : Filled.values()) {
            if (filled[f.ordinal()] > 0) {
                s.append(String.format("  %s: %s; recorded %s in %,d record%s%n", f.field(), f.why(), f.recorded(),
                        filled[f.ordinal()], filled[f.ordinal()] == 1 ? "" : "s"));
            }
        }
        if (rejected > 0) {
            s.append(String.format("rejected lines (first %d of %,d):%n", firstRejects.size(), rejected));
            firstRejects.forEach(r -> s.append("  ").append(r).append(System.lineSeparator()));
        }
        return s.toString();
    }

    private static String numbered(int count, String what) {
        return count == 0 ? "none (no " + what + ")"
                : String.format("0..%,d for %,d distinct %s in order of first appearance", count - 1, count, what);
    }
}
