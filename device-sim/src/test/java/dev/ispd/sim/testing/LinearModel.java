package dev.ispd.sim.testing;

import dev.ispd.sim.model.DriveModel;
import dev.ispd.tasklet.Meter;
import java.util.List;

/**
 * A deliberately simple timing model for controller tests, with round numbers one can check by
 * hand: one shared resource; a command costs 1,000 ns, a host transfer 1,000 ns + 1 ns per byte,
 * a scanned page 100 ns, a result byte 1 ns; energy is 1 nJ per busy ns. An execution's service
 * time is its own busy time on the resource.
 */
public final class LinearModel implements DriveModel {
    public static final long COMMAND_NS = 1_000;
    public static final long PAGE_NS = 100;

    private long freeAt;
    private long nowNs;
    private long busyNs;

    private long book(long arrivalNs, long ns) {
        long start = Math.max(arrivalNs, freeAt);
        freeAt = start + ns;
        busyNs += ns;
        nowNs = Math.max(nowNs, freeAt);
        return freeAt;
    }

    @Override
    public long hostWrite(long arrivalNs, long bytes) {
        return book(arrivalNs, COMMAND_NS + bytes);
    }

    @Override
    public long hostRead(long arrivalNs, long bytes) {
        return book(arrivalNs, COMMAND_NS + bytes);
    }

    @Override
    public long command(long arrivalNs) {
        return book(arrivalNs, COMMAND_NS);
    }

    @Override
    public Execution beginExecution(long arrivalNs) {
        return new Execution() {
            private long end = arrivalNs;
            private long energy;

            @Override
            public void batch(long pages, long bytes, Meter delta) {
                long before = end;
                end = book(end, pages * PAGE_NS);
                energy += end - before;
            }

            @Override
            public void finish(long resultBytes) {
                long before = end;
                end = book(end, resultBytes);
                energy += end - before;
            }

            @Override
            public long modeledNs() {
                return end - arrivalNs;
            }

            @Override
            public long serviceNs() {
                return energy;
            }

            @Override
            public long endNs() {
                return end;
            }

            @Override
            public long energyNj() {
                return energy;
            }

            @Override
            public long estimateRemainingNs(long pagesLeft) {
                return pagesLeft * PAGE_NS;
            }
        };
    }

    @Override
    public LogSnapshot snapshot() {
        return new LogSnapshot(nowNs, busyNs, List.of(new ComponentLog("resource", busyNs, busyNs)));
    }
}
