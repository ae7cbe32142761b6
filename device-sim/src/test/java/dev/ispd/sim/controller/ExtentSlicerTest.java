package dev.ispd.sim.controller;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.ResultSink;
import dev.ispd.tasklet.Tasklet;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The runner's turns must not change what a tasklet sees or what the model prices: a scan cut
 * into slices makes exactly the tasklet calls and batch reports of one uninterrupted scan.
 */
class ExtentSlicerTest {
    private static final int PAGE = 4096;
    private static final int PAGES_PER_BATCH = 4;
    private static final long OBJECT = 7;

    /** Records every scan call and every batch report, in order. */
    private static final class Recorder implements Tasklet {
        final int recordSize;
        final List<String> calls = new ArrayList<>();

        Recorder(int recordSize) {
            this.recordSize = recordSize;
        }

        @Override
        public int recordSize() {
            return recordSize;
        }

        @Override
        public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
            calls.add("scan " + objectId + "@" + objectOffset + "+" + data.remaining() + " first byte "
                    + (data.hasRemaining() ? data.get(data.position()) : -1));
            meter.addRecords(recordSize == 0 ? 1 : data.remaining() / recordSize);
        }

        @Override
        public void finish(ResultSink out, Meter meter) {
        }
    }

    private static List<String> scan(int recordSize, List<Extent> extents, long slicePages) throws IOException {
        byte[] bytes = new byte[64 * PAGE + 123];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i * 31);
        }
        InMemoryPageSource source = InMemoryPageSource.of(OBJECT, bytes);
        Recorder tasklet = new Recorder(recordSize);
        ExtentScanner scanner = new ExtentScanner(PAGE, PAGES_PER_BATCH);
        Meter meter = new Meter();
        List<String> batches = tasklet.calls;
        if (slicePages == 0) {
            scanner.scan(tasklet, extents, source, meter, (p, b, d) -> batches.add("batch " + p + " " + b + " " + d));
        } else {
            ExtentSlicer slicer = new ExtentSlicer(extents, PAGE, PAGES_PER_BATCH, recordSize, slicePages);
            int slices = 0;
            while (!slicer.done()) {
                scanner.scan(tasklet, slicer.nextSlice(), source, meter,
                        (p, b, d) -> batches.add("batch " + p + " " + b + " " + d));
                slices++;
            }
            assertTrue(slices > 1, "the scan was cut into " + slices + " slices");
        }
        batches.add("total " + meter);
        return batches;
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 20, 32, 256, 4096})
    void slicesMakeTheCallsOfOneScan(int recordSize) throws IOException {
        int rs = Math.max(1, recordSize);
        List<Extent> extents = List.of(new Extent(OBJECT, 0, (60L * PAGE / rs) * rs),
                new Extent(OBJECT, 5 * rs, rs * 3L), new Extent(OBJECT, 0, 0),
                new Extent(OBJECT, 3L * rs + 7 * PAGE, ((40L * PAGE) / rs) * rs));
        for (long slicePages : new long[] {1, 4, 7, 16}) {
            assertEquals(scan(recordSize, extents, 0), scan(recordSize, extents, slicePages),
                    "record size " + recordSize + ", slices of " + slicePages + " pages");
        }
    }

    @Test
    void manySmallExtentsAreGroupedIntoSlices() {
        List<Extent> extents = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            extents.add(new Extent(OBJECT, (long) i * PAGE, PAGE));
        }
        ExtentSlicer slicer = new ExtentSlicer(extents, PAGE, PAGES_PER_BATCH, 32, 10);
        assertEquals(10, slicer.nextSlice().size());
        int slices = 1;
        while (!slicer.done()) {
            assertEquals(10, slicer.nextSlice().size());
            slices++;
        }
        assertEquals(10, slices);
    }
}
