package dev.ispd.client;

import java.util.List;

/**
 * SCRUB: what a drive found checking stored pages against their checksums.
 *
 * @param objects     objects checked
 * @param bytes       bytes checked
 * @param mediaErrors media errors the drive has found since it started (reads, scans, writes and scrubs)
 * @param damaged     damaged objects found
 * @param listed      the first of them (at most {@link dev.ispd.protocol.Limits#MAX_SCRUB_LIST}), each with its
 *                    first damaged page
 */
public record ScrubReport(long objects, long bytes, long mediaErrors, long damaged, List<Damage> listed) {

    public ScrubReport {
        listed = List.copyOf(listed);
    }

    /** A damaged object: the offset of its first damaged page and the drive's message. */
    public record Damage(long objectId, long offset, String message) { }
}
