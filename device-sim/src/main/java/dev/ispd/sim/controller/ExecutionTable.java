package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.sim.metrics.ExecutionInFlight;
import dev.ispd.sim.store.StoreException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The drive's executions by id: admission, the objects each active one uses (DELETE of those is
 * BUSY), and forgetting finished ones on RELEASE or beyond the newest {@value #MAX_FINISHED}.
 *
 * <p>Admission: at most {@code maxPerOwner} queued or running of one connection, and
 * {@code maxInflight} on the drive, shared fairly between tenants (identities on a drive that
 * authenticates, else connections): at the limit, a tenant holding fewer than its fair share
 * ({@code maxInflight} divided among the tenants with executions, itself included) still gets
 * one, so one tenant filling the slots never locks another out. Those admissions above the limit
 * are bounded: never more than twice {@code maxInflight} in all.
 */
final class ExecutionTable {
    static final int MAX_FINISHED = 1024;

    private final int maxInflight;
    private final int maxPerOwner;
    private final DriveEvents events;
    /** Queued or running executions per owner (connection session). */
    private final Map<Object, Integer> ownerUse = new HashMap<>();
    /** Queued or running executions per tenant, and each owner's tenant while it has some. */
    private final Map<Object, Integer> tenantUse = new HashMap<>();
    private final Map<Object, Object> tenantOf = new HashMap<>();
    private final Map<Long, Execution> byId = new HashMap<>();
    private final Set<Execution> active = new LinkedHashSet<>();
    private final ArrayDeque<Long> finishedOrder = new ArrayDeque<>();
    private final Map<Long, Integer> objectUse = new HashMap<>();
    private int reserved;
    private long nextId = 1;

    /** {@code events} hears of every execution that ends. */
    ExecutionTable(int maxInflight, int maxPerOwner, DriveEvents events) {
        this.maxInflight = maxInflight;
        this.maxPerOwner = maxPerOwner;
        this.events = events;
    }

    int maxInflight() {
        return maxInflight;
    }

    /**
     * Takes a slot for a new execution of {@code owner} (a connection), on behalf of
     * {@code tenant}, and marks its objects in use, so they cannot be deleted while it is
     * validated and run. BUSY at the {@code max_inflight} limit unless the tenant is under its
     * fair share, LIMIT_EXCEEDED at the per-connection limit. Undo with {@link #unreserve} if the
     * execution is not {@link #add}ed.
     */
    synchronized void reserve(Object owner, Object tenant, Set<Long> objectIds) throws StatusException {
        int tenants = tenantUse.size() + (tenantUse.containsKey(tenant) ? 0 : 1);
        int share = Math.max(1, maxInflight / tenants);
        int held = tenantUse.getOrDefault(tenant, 0);
        if (reserved >= maxInflight && (held >= share || reserved >= 2 * maxInflight)) {
            throw new StatusException(Status.BUSY, "the drive already has " + reserved
                    + " executions queued or running (max_inflight " + maxInflight + "), and this client holds "
                    + held + ", its fair share among " + tenants + " clients with executions being " + share
                    + "; poll, then retry");
        }
        int own = ownerUse.getOrDefault(owner, 0);
        if (own >= maxPerOwner) {
            throw new StatusException(Status.LIMIT_EXCEEDED, "this connection already has " + own
                    + " executions queued or running, this drive's max_executions_per_connection limit; "
                    + "wait for one to finish, then retry");
        }
        reserved++;
        ownerUse.put(owner, own + 1);
        tenantOf.put(owner, tenant);
        tenantUse.merge(tenant, 1, Integer::sum);
        for (Long id : objectIds) {
            objectUse.merge(id, 1, Integer::sum);
        }
    }

    synchronized void unreserve(Object owner, Set<Long> objectIds) {
        reserved--;
        tenantUse.computeIfPresent(tenantOf.get(owner), (k, n) -> n == 1 ? null : n - 1);
        if (ownerUse.computeIfPresent(owner, (k, n) -> n == 1 ? null : n - 1) == null) {
            tenantOf.remove(owner);
        }
        for (Long id : objectIds) {
            objectUse.computeIfPresent(id, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    synchronized long nextId() {
        return nextId++;
    }

    /** Registers a reserved execution. */
    synchronized void add(Execution e) {
        byId.put(e.id, e);
        active.add(e);
    }

    /** Called once when an execution reaches a final state: frees its slot and its objects. */
    synchronized void finished(Execution e) {
        if (!active.remove(e)) {
            return;
        }
        unreserve(e.owner, e.objectIds);
        events.executionEnded(e.end(System.nanoTime()));
        finishedOrder.addLast(e.id);
        while (finishedOrder.size() > MAX_FINISHED) {
            byId.remove(finishedOrder.removeFirst());
        }
    }

    /** The queued and running executions {@code owner} submitted. */
    synchronized List<Execution> activeOf(Object owner) {
        return active.stream().filter(e -> e.owner == owner).toList();
    }

    synchronized Execution get(long execId) throws StatusException {
        Execution e = byId.get(execId);
        if (e == null) {
            throw new StatusException(Status.NO_SUCH_EXECUTION, "execution " + Long.toUnsignedString(execId)
                    + " does not exist (never submitted, released, or forgotten after " + MAX_FINISHED
                    + " newer ones finished)");
        }
        return e;
    }

    /** Forgets a finished execution and its result; BUSY while it is queued or running. */
    synchronized void release(long execId) throws StatusException {
        Execution e = get(execId);
        if (!e.state().isFinished()) {
            throw new StatusException(Status.BUSY, "execution " + execId + " is " + e.state()
                    + "; cancel it or wait for it to finish before releasing it");
        }
        byId.remove(execId);
        finishedOrder.remove(execId);
    }

    /** Runs a deletion of {@code objectId} unless an active execution uses it (BUSY), atomically with {@link #reserve}. */
    synchronized void deleteIfUnused(long objectId, Deletion deletion) throws StatusException, StoreException, IOException {
        Integer uses = objectUse.get(objectId);
        if (uses != null) {
            throw new StatusException(Status.BUSY, "object " + Long.toUnsignedString(objectId) + " is used by "
                    + uses + " queued or running execution(s)");
        }
        deletion.run();
    }

    /** A store deletion, run under the table's lock. */
    interface Deletion {
        void run() throws StoreException, IOException;
    }

    /**
     * The executions in flight as their clients see them, for the status page: the active ones, and
     * paced ones the finished ones still reported running until their
     * paced time; with who submitted each (its tenant: an identity, else its connection) and how far
     * it got.
     */
    synchronized List<ExecutionInFlight> inFlight() {
        long now = System.nanoTime();
        List<ExecutionInFlight> out = new ArrayList<>();
        for (Execution e : byId.values()) {
            long paceWaitNs = e.paceWaitNs(now);
            if (!active.contains(e) && paceWaitNs == 0) {
                continue;
            }
            Object tenant = tenantOf.get(e.owner);
            String client = tenant instanceof Long id ? "identity " + id
                    : "connection " + Integer.toHexString(System.identityHashCode(e.owner));
            String state = paceWaitNs > 0 ? "running" : e.state().name().toLowerCase(Locale.ROOT);
            long pages = paceWaitNs > 0 ? e.pacedPagesDone(paceWaitNs) : e.pagesDone();
            out.add(new ExecutionInFlight(e.id, e.taskletName, state, pages, e.pagesTotal, client,
                    (now - e.submittedWallNs) / 1e9));
        }
        out.sort(Comparator.comparingLong(ExecutionInFlight::id));
        return out;
    }

    /** Counts of active executions by state: {queued, running}. */
    synchronized long[] queuedAndRunning() {
        long queued = 0;
        long running = 0;
        for (Execution e : active) {
            switch (e.state()) {
                case QUEUED -> queued++;
                case RUNNING -> running++;
                default -> { }
            }
        }
        return new long[] {queued, running};
    }
}
