package dev.ispd.tasklet;

import java.nio.ByteBuffer;

/**
 * One unit of map-side work that runs over object extents, on a drive or on the host, with the
 * same code and the same result (papers/smart-ssd-kang-2013.txt III-B, "tasklet").
 *
 * <p>An instance serves one execution: {@link #scan} is called for each batch of whole records,
 * in extent order, then {@link #finish} once. Implementations must not keep the buffer, must not
 * allocate per record, and must count their work on the {@link Meter} (that count, not a
 * stopwatch, is what the timing model prices).
 */
public interface Tasklet {

    /** Bytes per record; scans receive only whole records. 0 means no record structure. */
    int recordSize();

    /**
     * Processes {@code data} from its position to its limit: whole records of object
     * {@code objectId}, the first one at byte {@code objectOffset} of that object. The buffer is
     * little-endian by default; record fields follow their own format (WorldCup98 is big-endian).
     */
    void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter);

    /** Writes the result (combined and locally reduced) after the last scan. */
    void finish(ResultSink out, Meter meter);
}
