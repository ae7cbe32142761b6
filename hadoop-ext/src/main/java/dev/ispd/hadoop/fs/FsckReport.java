package dev.ispd.hadoop.fs;

import java.util.List;

/**
 * What {@code fsck} found ({@link OsdFileSystem#fsck}): the files and chunks it checked, each
 * finding with whether it was repaired, and notes on how it checked (where the namespace journal
 * was replayed from). The file system is healthy when no chunk is missing and
 * every under-replicated chunk and namespace damage was repaired; orphans waiting for their grace
 * period and drives that are down do not make it unhealthy by themselves.
 */
public record FsckReport(int files, int chunks, List<Finding> findings, List<String> notes) {
    /** A kind of finding. */
    public enum Kind { NAMESPACE, DRIVE_DOWN, MISSING, UNDER_REPLICATED, ORPHAN }

    /** One finding: its kind, what and where (path, chunk, drive, object), and whether it was repaired. */
    public record Finding(Kind kind, String detail, boolean repaired) {
        @Override
        public String toString() {
            return kind + " " + detail;
        }
    }

    public FsckReport {
        findings = List.copyOf(findings);
        notes = List.copyOf(notes);
    }

    /** Findings of one kind. */
    public List<Finding> of(Kind kind) {
        return findings.stream().filter(f -> f.kind() == kind).toList();
    }

    public boolean healthy() {
        return findings.stream().noneMatch(f -> !f.repaired()
                && (f.kind() == Kind.MISSING || f.kind() == Kind.UNDER_REPLICATED || f.kind() == Kind.NAMESPACE));
    }

    /** The report as fsck prints it: a line per finding, the notes, then a summary. */
    public String text() {
        StringBuilder out = new StringBuilder();
        findings.forEach(f -> out.append(f).append('\n'));
        notes.forEach(n -> out.append("osd fsck: ").append(n).append('\n'));
        out.append("osd fsck: ").append(files).append(" files, ").append(chunks).append(" chunks; ")
                .append(of(Kind.MISSING).size()).append(" missing, ").append(of(Kind.UNDER_REPLICATED).size())
                .append(" under-replicated, ").append(of(Kind.ORPHAN).size()).append(" orphans, ")
                .append(of(Kind.NAMESPACE).size()).append(" namespace problems, ")
                .append(findings.stream().filter(Finding::repaired).count()).append(" repaired: ")
                .append(healthy() ? "HEALTHY" : "CORRUPT").append('\n');
        return out.toString();
    }
}
