package dev.ispd.tasklet.builtin;

import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.worldcup.WorldCup98;
import java.nio.ByteBuffer;

/** Counts records per region; per record: one field read (server) and one counter update. */
final class Q1Tasklet implements Tasklet {
    /** Result bytes per region listed: u8 region, u64 count. */
    static final int RESULT_ENTRY_BYTES = 9;

    private final int entrySize;
    private final long[] counts = new long[WorldCup98.REGIONS];

    Q1Tasklet(int entrySize) {
        this.entrySize = entrySize;
    }

    @Override
    public int recordSize() {
        return entrySize;
    }

    @Override
    public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
        int limit = data.limit();
        long n = 0;
        for (int p = data.position(); p <= limit - entrySize; p += entrySize) {
            counts[WorldCup98.region(WorldCup98.server(data, p))]++;
            n++;
        }
        meter.addRecords(n);
        meter.addDramAccesses(n);
        meter.addHashUpdates(n);
    }

    @Override
    public void finish(ResultSink out, Meter meter) {
        int before = out.size();
        for (int region = 0; region < counts.length; region++) {
            if (counts[region] != 0) {
                out.putByte(region).putLong(counts[region]);
            }
        }
        meter.addBytesOut(out.size() - before);
    }
}
