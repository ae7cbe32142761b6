package dev.ispd.offload.execute;

import java.io.IOException;
import java.util.Map;

/**
 * Where one tasklet result came from, so a format can turn the object addresses some results
 * hold (the filter's pages) into positions in the input file. A drive's result names the chunk
 * objects it scanned; a host run scans the file itself, named by {@link #FILE_OBJECT}.
 */
public final class ResultOrigin {
    /** The object id a host run gives the file: 0 is never a drive object's id. */
    public static final long FILE_OBJECT = 0;

    private final String file;
    private final int pageSize;
    private final Map<Long, Long> fileOffsetOfObjectStart;

    /**
     * @param fileOffsetOfObjectStart per object id, the file offset its byte 0 would have
     *        (chunk start); for a host run {@code {FILE_OBJECT: 0}}
     */
    public ResultOrigin(String file, int pageSize, Map<Long, Long> fileOffsetOfObjectStart) {
        this.file = file;
        this.pageSize = pageSize;
        this.fileOffsetOfObjectStart = Map.copyOf(fileOffsetOfObjectStart);
    }

    public static ResultOrigin hostRun(String file, int pageSize) {
        return new ResultOrigin(file, pageSize, Map.of(FILE_OBJECT, 0L));
    }

    /** The split's file, as the engine's file system names it. */
    public String file() {
        return file;
    }

    /** The page size the scan counted pages in. */
    public int pageSize() {
        return pageSize;
    }

    /** The file offset of byte {@code objectOffset} of object {@code objectId}. */
    public long fileOffset(long objectId, long objectOffset) throws IOException {
        Long base = fileOffsetOfObjectStart.get(objectId);
        if (base == null) {
            throw new IOException("a tasklet result for " + file + " names object " + Long.toUnsignedString(objectId)
                    + ", which the split did not scan (scanned: " + fileOffsetOfObjectStart.keySet() + ")");
        }
        return base + objectOffset;
    }
}
