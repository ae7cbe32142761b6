package dev.ispd.tasklet.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ispd.host.HostRunner;
import dev.ispd.protocol.Extent;
import dev.ispd.tasklet.Meter;
import dev.ispd.protocol.Params;
import org.junit.jupiter.api.Test;

class NoopTaskletTest {

    @Test
    void readsEverythingAndReturnsNothing() {
        LogFixture f = new LogFixture(20, 41);
        for (int batch : LogFixture.BATCH_SIZES) {
            HostRunner.Result r = f.run("noop", Params.EMPTY, 100, batch);
            assertEquals(0, r.bytes().length);
            Meter m = r.meter();
            assertEquals(f.extents.stream().mapToLong(Extent::length).sum(), m.bytesScanned());
            assertEquals(0, m.records() + m.dramAccesses() + m.compares() + m.hashUpdates() + m.bytesOut());
            assertEquals(f.run("noop", Params.EMPTY, 100, 1).meter(), m);
        }
    }
}
