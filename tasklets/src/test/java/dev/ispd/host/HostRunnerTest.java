package dev.ispd.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.tasklet.BatchListener;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.worldcup.WorldCupEntry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HostRunnerTest {
    private static final Params Q1_20 = Params.of("entrySize", "20");

    /** 1,000 20-byte records, record i in region i % 4. */
    private static byte[] log() {
        ByteBuffer buf = ByteBuffer.allocate(1000 * 20);
        for (int i = 0; i < 1000; i++) {
            new WorldCupEntry(i, i, i, i, 0, 0, 0, (i % 4) << 5).writeTo(buf, i * 20, 20);
        }
        return buf.array();
    }

    @Test
    void runsABuiltInByNameOverAnInMemoryObject() throws Exception {
        HostRunner runner = new HostRunner(8192, 2);
        HostRunner.Result r = runner.run("q1", Q1_20, Params.EMPTY, List.of(new Extent(5, 0, 20_000)),
                InMemoryPageSource.of(5, log()));
        assertEquals("00" + "fa00000000000000" + "01" + "fa00000000000000" + "02" + "fa00000000000000"
                + "03" + "fa00000000000000", HexFormat.of().formatHex(r.bytes()));
        assertEquals(1000, r.meter().records());
        assertEquals(3, r.meter().pages());
        assertEquals(20_000, r.meter().bytesScanned());
    }

    @Test
    void aTaskletCreatedByHandGivesTheSameResult() throws Exception {
        HostRunner runner = new HostRunner(8192, 2);
        Tasklet t = TaskletRegistry.builtins().find("q1").orElseThrow().create(Q1_20, Params.EMPTY, new ScanContext(8192));
        List<Extent> extents = List.of(new Extent(5, 200, 10_000));
        HostRunner.Result byHand = runner.run(t, extents, InMemoryPageSource.of(5, log()));
        HostRunner.Result byName = runner.run("q1", Q1_20, Params.EMPTY, extents, InMemoryPageSource.of(5, log()));
        assertArrayEquals(byName.bytes(), byHand.bytes());
        assertEquals(byName.meter(), byHand.meter());
    }

    @Test
    void listenerHearsEveryBatchAndTheDeltasAddUpToTheScan() throws Exception {
        List<Long> pages = new ArrayList<>();
        Meter sum = new Meter();
        BatchListener listener = (p, bytes, delta) -> {
            pages.add(p);
            sum.add(delta);
        };
        HostRunner runner = new HostRunner(1000, 4);
        Tasklet t = runner.create("q1", Q1_20, Params.EMPTY);
        HostRunner.Result r = runner.run(t, List.of(new Extent(5, 0, 20_000)), InMemoryPageSource.of(5, log()), listener);

        assertEquals(List.of(4L, 4L, 4L, 4L, 4L), pages);
        assertEquals(r.meter().records(), sum.records());
        assertEquals(r.meter().pages(), sum.pages());
        assertEquals(0, sum.bytesOut(), "result bytes are written after the last batch");
        assertEquals(r.bytes().length, r.meter().bytesOut());
    }

    @Test
    void errorsNameWhatWasWrong() {
        HostRunner runner = new HostRunner(8192, 2);
        InMemoryPageSource source = InMemoryPageSource.of(5, log());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> runner.run("q9", Params.EMPTY, Params.EMPTY, List.of(), source));
        assertTrue(unknown.getMessage().contains("'q9'") && unknown.getMessage().contains("q1"), unknown.getMessage());

        IllegalArgumentException misaligned = assertThrows(IllegalArgumentException.class,
                () -> runner.run("q1", Q1_20, Params.EMPTY, List.of(new Extent(5, 0, 40), new Extent(5, 40, 30)), source));
        assertTrue(misaligned.getMessage().contains("extent 1"), misaligned.getMessage());

        IOException beyond = assertThrows(IOException.class,
                () -> runner.run("q1", Q1_20, Params.EMPTY, List.of(new Extent(5, 19_980, 40)), source));
        assertTrue(beyond.getMessage().contains("object 5") && beyond.getMessage().contains("19980"), beyond.getMessage());

        IOException missing = assertThrows(IOException.class,
                () -> runner.run("q1", Q1_20, Params.EMPTY, List.of(new Extent(6, 0, 40)), source));
        assertTrue(missing.getMessage().contains("object 6"), missing.getMessage());

        assertThrows(IllegalArgumentException.class, () -> new HostRunner(0, 1));
    }

    @Test
    void pageSourceServesSeveralObjectsFromTheirBuffersPositions() throws IOException {
        ByteBuffer a = ByteBuffer.wrap(new byte[] {9, 9, 1, 2, 3, 4});
        a.position(2);
        InMemoryPageSource source = new InMemoryPageSource(Map.of(1L, a, 2L, ByteBuffer.wrap(new byte[] {7, 8})));
        assertEquals(4, source.size(1));
        assertEquals(2, source.size(2));
        ByteBuffer dst = ByteBuffer.allocateDirect(5);
        dst.position(1).limit(4);
        source.read(1, 1, dst);
        assertEquals(4, dst.position());
        assertEquals(2, dst.get(1));
        assertEquals(3, dst.get(2));
        assertEquals(4, dst.get(3));
        assertEquals(2, a.position(), "the source buffer is not moved");
    }
}
