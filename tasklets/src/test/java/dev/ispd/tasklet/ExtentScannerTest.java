package dev.ispd.tasklet;

import dev.ispd.protocol.Extent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.host.InMemoryPageSource;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExtentScannerTest {

    /** Records every batch it is given: object, offset and the bytes themselves. */
    private static final class Recorder implements Tasklet {
        final int recordSize;
        final List<long[]> calls = new ArrayList<>();
        final ByteBuffer seen = ByteBuffer.allocate(1 << 20);

        Recorder(int recordSize) {
            this.recordSize = recordSize;
        }

        @Override
        public int recordSize() {
            return recordSize;
        }

        @Override
        public void scan(ByteBuffer data, long objectId, long objectOffset, Meter meter) {
            calls.add(new long[] {objectId, objectOffset, data.remaining()});
            seen.put(data);
        }

        @Override
        public void finish(ResultSink out, Meter meter) {
        }
    }

    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + i / 256);
        }
        return b;
    }

    @Test
    void batchesHoldWholeRecordsInOrderAndCarryTheStraddlingOne() throws IOException {
        byte[] data = counting(5000);
        for (int rs : new int[] {0, 20, 32, 256}) {
            for (int pagesPerBatch : new int[] {1, 2, 7}) {
                Recorder r = new Recorder(rs);
                long start = rs == 0 ? 37 : 3L * rs;
                long length = rs == 0 ? 4000 : (4000 / rs) * (long) rs;
                new ExtentScanner(100, pagesPerBatch).scan(r, List.of(new Extent(1, start, length)),
                        InMemoryPageSource.of(1, data), new Meter(), BatchListener.NONE);
                long expectedOffset = start;
                for (long[] call : r.calls) {
                    assertEquals(expectedOffset, call[1], "batches are contiguous");
                    if (rs > 0) {
                        assertEquals(0, call[2] % rs, "whole records only");
                    } else {
                        long end = call[1] + call[2];
                        assertTrue(end % 100 == 0 || end == start + length, "record-less batches end on a page boundary");
                    }
                    expectedOffset += call[2];
                }
                assertEquals(start + length, expectedOffset);
                byte[] expected = Arrays.copyOfRange(data, (int) start, (int) (start + length));
                byte[] got = Arrays.copyOf(r.seen.array(), r.seen.position());
                assertEquals(HexFormat.of().formatHex(expected), HexFormat.of().formatHex(got),
                        "record size " + rs + ", " + pagesPerBatch + " pages per batch");
            }
        }
    }

    /** Lends read-only slices of direct copies of the objects, as the drive lends mapped files. */
    private static final class ViewingSource implements PageSource {
        final PageSource copies;
        final ByteBuffer object;
        int lent;
        int copied;

        ViewingSource(byte[] data) {
            this.copies = InMemoryPageSource.of(1, data);
            this.object = ByteBuffer.allocateDirect(data.length).put(data).flip().asReadOnlyBuffer();
        }

        @Override
        public void read(long objectId, long offset, ByteBuffer dst) throws IOException {
            copied++;
            copies.read(objectId, offset, dst);
        }

        @Override
        public ByteBuffer view(long objectId, long offset, int length) {
            lent++;
            return object.slice((int) offset, length);
        }
    }

    @Test
    void scanningInPlaceGivesTheSameBatchesBytesAndMeterAsCopying() throws IOException {
        byte[] data = counting(5000);
        for (int rs : new int[] {0, 20, 32, 256}) {
            for (int pagesPerBatch : new int[] {1, 2, 7}) {
                String what = "record size " + rs + ", " + pagesPerBatch + " pages per batch";
                long start = rs == 0 ? 37 : 3L * rs;
                long length = rs == 0 ? 4000 : (4000 / rs) * (long) rs;
                List<Extent> extents = List.of(new Extent(1, start, length));
                Recorder copied = new Recorder(rs);
                Meter copiedMeter = new Meter();
                List<String> copiedBatches = new ArrayList<>();
                new ExtentScanner(100, pagesPerBatch).scan(copied, extents, InMemoryPageSource.of(1, data), copiedMeter,
                        (pages, bytes, delta) -> copiedBatches.add(pages + "/" + bytes + "/" + delta.bytesScanned()));
                Recorder viewed = new Recorder(rs);
                Meter viewedMeter = new Meter();
                List<String> viewedBatches = new ArrayList<>();
                ViewingSource source = new ViewingSource(data);
                new ExtentScanner(100, pagesPerBatch).scan(viewed, extents, source, viewedMeter,
                        (pages, bytes, delta) -> viewedBatches.add(pages + "/" + bytes + "/" + delta.bytesScanned()));

                assertTrue(source.lent > 0, what + ": the view was never used");
                assertEquals(0, source.copied, what + ": a batch starting with a carried-over part-record was copied");
                assertEquals(copiedBatches, viewedBatches, what);
                assertEquals(copied.calls.size(), viewed.calls.size(), what);
                for (int i = 0; i < copied.calls.size(); i++) {
                    assertEquals(Arrays.toString(copied.calls.get(i)), Arrays.toString(viewed.calls.get(i)), what);
                }
                assertEquals(HexFormat.of().formatHex(copied.seen.array(), 0, copied.seen.position()),
                        HexFormat.of().formatHex(viewed.seen.array(), 0, viewed.seen.position()), what);
                assertEquals(copiedMeter.pages(), viewedMeter.pages(), what);
                assertEquals(copiedMeter.bytesScanned(), viewedMeter.bytesScanned(), what);
            }
        }
    }

    @Test
    void metersPagesAndBytesAsPagesInSays() throws IOException {
        byte[] data = counting(5000);
        List<Extent> extents = List.of(new Extent(1, 150, 1000), new Extent(1, 1150, 60), new Extent(1, 4990, 10));
        ExtentScanner scanner = new ExtentScanner(100, 3);
        Meter m = new Meter();
        scanner.scan(new Recorder(0), extents, InMemoryPageSource.of(1, data), m, BatchListener.NONE);
        assertEquals(scanner.pagesIn(extents), m.pages());
        assertEquals(11 + 2 + 1, m.pages(), "[150, 1150) touches pages 1..11, [1150, 1210) pages 11..12, [4990, 5000) page 49");
        assertEquals(1070, m.bytesScanned());
    }

    @Test
    void refusesExtentsWithAPartRecord() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ExtentScanner(100, 2).scan(new Recorder(20), List.of(new Extent(4, 0, 30)),
                        InMemoryPageSource.of(4, new byte[100]), new Meter(), BatchListener.NONE));
        assertTrue(e.getMessage().contains("extent 0") && e.getMessage().contains("object 4"), e.getMessage());
    }

    @Test
    void refusesABatchTooLargeForOneBuffer() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ExtentScanner(1 << 20, 4096));
        assertTrue(e.getMessage().contains("4096 pages"), e.getMessage());
    }
}
