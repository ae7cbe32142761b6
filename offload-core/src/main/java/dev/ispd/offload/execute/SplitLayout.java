package dev.ispd.offload.execute;

import dev.ispd.offload.plan.PlannedSplit;
import dev.ispd.offload.plan.SplitCutter;
import dev.ispd.offload.plan.SplitPiece;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.protocol.Extent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What of a split its drive can scan and what only the host can: the whole records inside the
 * drive's chunk extents go to the drive; records cut by a chunk boundary (or lying on another
 * drive) are file ranges for the host.
 *
 * @param deviceExtents the drive's part, as object extents of whole records
 * @param hostRanges the rest, as file ranges of whole records (object id {@link ResultOrigin#FILE_OBJECT})
 * @param objectStarts per scanned object, the file offset its byte 0 stands for
 */
record SplitLayout(List<Extent> deviceExtents, List<Extent> hostRanges, Map<Long, Long> objectStarts) {

    static SplitLayout of(PlannedSplit split) {
        int rs = Math.max(1, split.recordSize());
        List<Extent> device = new ArrayList<>();
        List<Extent> host = new ArrayList<>();
        Map<Long, Long> starts = new LinkedHashMap<>();
        for (SplitPiece piece : split.pieces()) {
            long covered = piece.start();
            for (ChunkExtent e : piece.extents()) {
                long from = SplitCutter.alignUp(e.fileOffset(), rs);
                long to = SplitCutter.alignDown(e.fileOffset() + e.length(), rs);
                if (e.drive() != split.drive() || to <= from) {
                    continue;
                }
                addRange(host, covered, from);
                device.add(new Extent(e.objectId(), e.objectOffset() + (from - e.fileOffset()), to - from));
                starts.put(e.objectId(), e.fileOffset() - e.objectOffset());
                covered = to;
            }
            addRange(host, covered, piece.end());
        }
        return new SplitLayout(List.copyOf(device), List.copyOf(host), starts);
    }

    /** The whole split as file ranges, one per piece, for a host run of all of it. */
    static List<Extent> wholeSplit(PlannedSplit split) {
        return split.pieces().stream().map(p -> new Extent(ResultOrigin.FILE_OBJECT, p.start(), p.length())).toList();
    }

    long deviceBytes() {
        return deviceExtents.stream().mapToLong(Extent::length).sum();
    }

    private static void addRange(List<Extent> ranges, long from, long to) {
        if (to > from) {
            ranges.add(new Extent(ResultOrigin.FILE_OBJECT, from, to - from));
        }
    }
}
