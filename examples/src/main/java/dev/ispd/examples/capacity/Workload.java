package dev.ispd.examples.capacity;

import dev.ispd.profile.Units;
import dev.ispd.tasklet.Meter;
import java.math.RoundingMode;

/**
 * The job a capacity plan is for: its data and the work its tasklet meters on all of it, as the
 * tasklet's factory estimates it before a split runs (the scheduler's estimate,
 * {@code TaskletFactory.estimate}).
 *
 * @param name  what the report calls it (a query, or "sql: SELECT ...")
 * @param bytes the data the job scans
 * @param work  the work metered on all of it
 */
public record Workload(String name, long bytes, Meter work) {
    public Workload {
        if (bytes < 1) {
            throw new IllegalArgumentException("a workload scans at least 1 byte, got " + bytes);
        }
        work = work.copy();
    }

    /**
     * The work metered on the bytes from {@code from} to {@code to}: each count taken in
     * proportion, so that consecutive ranges add up to the whole.
     */
    Meter between(long from, long to) {
        return upTo(to).since(upTo(from));
    }

    private Meter upTo(long at) {
        Meter m = new Meter();
        m.addRecords(share(work.records(), at));
        m.addDramAccesses(share(work.dramAccesses(), at));
        m.addCompares(share(work.compares(), at));
        m.addHashUpdates(share(work.hashUpdates(), at));
        m.addBytesOut(share(work.bytesOut(), at));
        m.addInstructions(share(work.instructions(), at));
        m.addEvaluations(share(work.evaluations(), at));
        m.addWideOps(share(work.wideOps(), at));
        m.addStringOps(share(work.stringOps(), at));
        m.addStringBytes(share(work.stringBytes(), at));
        m.addStringLeafCompares(share(work.stringLeafCompares(), at));
        m.addDecodedValues(share(work.decodedValues(), at));
        m.addDictionaryIds(share(work.dictionaryIds(), at));
        m.addByteArrayValues(share(work.byteArrayValues(), at));
        m.addDefinitionLevels(share(work.definitionLevels(), at));
        m.addSnappyBytes(share(work.snappyBytes(), at));
        m.addGzipBytes(share(work.gzipBytes(), at));
        m.addZstdBytes(share(work.zstdBytes(), at));
        m.addRecordsOneAtATime(share(work.recordsOneAtATime(), at));
        m.addRowsOneAtATime(share(work.rowsOneAtATime(), at));
        m.addPackedKeys(share(work.packedKeys(), at));
        m.addPages(share(work.pages(), at));
        m.addBytesScanned(share(work.bytesScanned(), at));
        return m;
    }

    private long share(long count, long at) {
        return Units.mulDiv(count, at, bytes, RoundingMode.FLOOR);
    }
}
