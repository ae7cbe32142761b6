package dev.ispd.sim.fault;

import dev.ispd.protocol.Extent;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.metrics.DriveEvents;
import java.util.List;
import java.util.Random;
import java.util.logging.Logger;

/**
 * A drive's current fault plan and how often each fault has been in scope and has fired. Every
 * connection asks it, request by request, which fault (if any) fires; the decision is made under
 * one lock, so with the plan's seed a run that sends the same requests in the same order gets
 * the same faults. Setting a plan (at start or by SET_FAULTS) starts its counts from zero.
 */
public final class FaultInjector {
    private static final Logger LOG = Logger.getLogger(FaultInjector.class.getName());

    private final String driveName;
    private final int pageSize;
    private final DriveEvents events;
    /** Volatile so that a drive without faults answers every request without taking the lock. */
    private volatile FaultPlan plan = FaultPlan.NONE;
    private long[] inScope = new long[0];
    private long[] fired = new long[0];
    private Random random = new Random(0);

    /**
     * {@code pageSize}: the drive's page size, which media-error page indexes count in;
     * {@code events} hears of every fault injected.
     */
    public FaultInjector(String driveName, int pageSize, FaultPlan initial, DriveEvents events) {
        this.driveName = driveName;
        this.pageSize = pageSize;
        this.events = events;
        set(initial);
    }

    /** Replaces the plan; {@link FaultPlan#NONE} clears it. */
    public synchronized void set(FaultPlan p) {
        if (!p.faults().isEmpty()) {
            LOG.info(() -> driveName + ": fault plan set: " + p.faults());
        } else if (!plan.faults().isEmpty()) {
            LOG.info(() -> driveName + ": fault plan cleared");
        }
        plan = p;
        inScope = new long[p.faults().size()];
        fired = new long[p.faults().size()];
        random = new Random(p.seed());
    }

    public FaultPlan plan() {
        return plan;
    }

    /** The first fault of the plan that fires on {@code request}, or null if none does. */
    public Fault fire(Requests.Request request) {
        return plan.faults().isEmpty() ? null : fireUnderLock(request);
    }

    private synchronized Fault fireUnderLock(Requests.Request request) {
        List<Fault> faults = plan.faults();
        for (int i = 0; i < faults.size(); i++) {
            Fault f = faults.get(i);
            if (!inScope(f, request) || f.exhausted(fired[i])) {
                continue;
            }
            if (++inScope[i] <= f.after() || f.probability() < 1 && random.nextDouble() >= f.probability()) {
                continue;
            }
            fired[i]++;
            events.faultInjected(f.kind());
            LOG.info(() -> driveName + ": injecting " + f.kind().planName() + " into " + request.opcode());
            return f;
        }
        return null;
    }

    private boolean inScope(Fault f, Requests.Request r) {
        if (!f.opcodes().isEmpty() && !f.opcodes().contains(r.opcode())) {
            return false;
        }
        if (f.objects().isEmpty()) {
            return true;
        }
        return firstFaultyByte(f, r) >= 0;
    }

    /**
     * The offset in its object of the first byte of {@code r} a fault scoped to objects (and pages)
     * hits, or -1. For a fault without pages, the first byte the request touches in one of them.
     */
    long firstFaultyByte(Fault f, Requests.Request r) {
        for (Extent e : touched(r)) {
            if (!f.objects().contains(e.objectId())) {
                continue;
            }
            if (f.pages().isEmpty()) {
                return e.offset();
            }
            long first = e.offset() / pageSize;
            long last = e.length() == 0 ? first : (e.offset() + e.length() - 1) / pageSize;
            for (long p = first; p <= last; p++) {
                if (f.pages().contains(p)) {
                    return Math.max(e.offset(), p * pageSize);
                }
            }
        }
        return -1;
    }

    /** The object bytes a request touches, as extents (an id-only command touches byte 0 of its object). */
    private static List<Extent> touched(Requests.Request r) {
        if (r instanceof Requests.ReadObject read) {
            return List.of(new Extent(read.id(), read.offset(), read.length()));
        } else if (r instanceof Requests.WriteObject w) {
            return List.of(new Extent(w.id(), w.offset(), w.data().remaining()));
        } else if (r instanceof Requests.Execute e) {
            return e.extents();
        } else if (r instanceof Requests.CreateObject c) {
            return whole(c.requestedId());
        } else if (r instanceof Requests.StatObject s) {
            return whole(s.id());
        } else if (r instanceof Requests.DeleteObject d) {
            return whole(d.id());
        } else if (r instanceof Requests.Scrub s) {
            return whole(s.objectId());
        }
        return List.of();
    }

    /** The drive's page size, which media-error page indexes count in. */
    int pageSize() {
        return pageSize;
    }

    private static List<Extent> whole(long id) {
        return id == 0 ? List.of() : List.of(new Extent(id, 0, 0));
    }
}
