package dev.ispd.sim.controller;

import dev.ispd.protocol.ExecutionState;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.ObjectInfo;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import dev.ispd.sim.store.TaskletDefinition;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ExtentScanner;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.TaskletRegistry;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/** CREATE_TASKLET, EXECUTE, POLL, READ_RESULT, CANCEL and RELEASE. */
final class ExecutionCommands {
    /** Bounds of POLL's suggested interval. */
    static final long MIN_POLL_US = 50;
    static final long MAX_POLL_US = 100_000;
    /**
     * An unpaced drive suggests this fraction of its remaining wall-time estimate: the estimate
     * follows the scan's rate so far, which varies with the host's load, so one that runs long
     * delays the answer by at most this share of it, at the price of a few more (cheap) POLLs
     * while the estimate shrinks.
     */
    static final int UNPACED_POLL_DIVISOR = 4;

    private final ObjectStore store;
    private final DriveModel model;
    private final TaskletRegistry registry;
    private final ModuleCommands modules;
    private final ExecutionTable executions;
    private final ExecutionRunner runner;
    private final DriveCounters counters;
    private final ScanContext scanContext;
    private final double paceFactor;
    /** The first execution (numbered from 1) {@link #paceFactor} paces. */
    private final long pacedFrom;
    private final int maxExtentsPerExecute;

    ExecutionCommands(ObjectStore store, DriveModel model, TaskletRegistry registry, ModuleCommands modules,
                      ExecutionTable executions, ExecutionRunner runner, DriveCounters counters, int pageSize,
                      double paceFactor, long pacedFrom, int maxExtentsPerExecute) {
        this.store = store;
        this.model = model;
        this.registry = registry;
        this.modules = modules;
        this.executions = executions;
        this.runner = runner;
        this.counters = counters;
        this.scanContext = new ScanContext(pageSize);
        this.paceFactor = paceFactor;
        this.pacedFrom = pacedFrom;
        this.maxExtentsPerExecute = maxExtentsPerExecute;
    }

    long createTasklet(long clock, Requests.CreateTasklet req, PayloadWriter out) throws StatusException {
        byte[] body = new byte[req.body().remaining()];
        req.body().duplicate().get(body);
        if (req.form() == TaskletForm.PLAN) {
            PlanForm.check(req.name(), req.params(), body);
        } else if (req.form() == TaskletForm.BUILTIN) {
            checkBuiltin(req.name(), req.params(), body);
        } else {
            body = ModuleForm.check(modules, req.name(), body);
        }
        long id;
        try {
            id = store.createTasklet(new TaskletDefinition(req.form().code(), req.name(), req.params(), body),
                    req.pickFrom());
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "creating a tasklet instance");
        }
        new Responses.CreateTasklet(id).encode(out);
        counters.commands.incrementAndGet();
        return model.command(clock);
    }

    private void checkBuiltin(String name, Params params, byte[] body) throws StatusException {
        if (body.length != 0) {
            throw new StatusException(Status.BAD_PARAMETER, "a built-in tasklet takes an empty body, got "
                    + body.length + " bytes");
        }
        try {
            factory(name, "").validate(params);
        } catch (BadParameterException e) {
            throw new StatusException(Status.BAD_PARAMETER, "tasklet '" + name + "': " + e.getMessage());
        }
    }

    /** The tasklet of one execution: a built-in from its factory, a plan from its body. */
    private Tasklet instantiate(long taskletId, TaskletDefinition def, Params runtime) throws StatusException {
        if (def.form() == TaskletForm.PLAN.code()) {
            return PlanForm.tasklet(def, runtime);
        }
        TaskletFactory factory = factory(def.name(), "tasklet instance " + Long.toUnsignedString(taskletId) + " names ");
        try {
            return factory.create(def.params(), runtime, scanContext);
        } catch (BadParameterException e) {
            throw new StatusException(Status.BAD_PARAMETER, "tasklet '" + def.name() + "': " + e.getMessage());
        }
    }

    /** Validates, queues and answers at once with the execution id; {@code owner} is the submitting connection's session. */
    long execute(long clock, Object owner, Requests.Execute req, PayloadWriter out) throws StatusException {
        if (req.extents().size() > maxExtentsPerExecute) {
            throw new StatusException(Status.LIMIT_EXCEEDED, "EXECUTE names " + req.extents().size()
                    + " extents, over this drive's max_extents_per_execute limit of " + maxExtentsPerExecute
                    + "; split the scan into several executions");
        }
        Set<Long> objectIds = new HashSet<>();
        objectIds.add(req.taskletId());
        if (req.outputId() != 0) {
            objectIds.add(req.outputId());
        }
        for (Extent e : req.extents()) {
            objectIds.add(e.objectId());
        }
        // the fair share of slots is an identity's on a drive that authenticates, else a connection's
        executions.reserve(owner, req.identity() != 0 ? Long.valueOf(req.identity()) : owner, objectIds);
        try {
            TaskletDefinition def = taskletInstance(req.taskletId());
            if (req.outputId() != 0) {
                dataObject(req.outputId(), () -> "output_id: ");
            }
            checkOutputIsNotInput(req);
            checkExtents(req.extents());
            Tasklet tasklet = null;
            Execution.ModuleStart moduleStart = null;
            if (def.form() == TaskletForm.MODULE.code()) {
                WasmTaskletFactory f = ModuleForm.factory(modules, def);
                moduleStart = () -> aligned(def, ModuleForm.tasklet(f, def, req.runtime(), scanContext), req.extents());
            } else {
                tasklet = aligned(def, instantiate(req.taskletId(), def, req.runtime()), req.extents());
            }
            long submitted = model.command(clock);
            long id = executions.nextId();
            Execution e = new Execution(id, def.name(), tasklet, moduleStart, req.extents(),
                    req.outputId(), objectIds, runner.pagesIn(req.extents()), model.beginExecution(submitted), System.nanoTime(),
                    id >= pacedFrom ? paceFactor : 0, owner, executions::finished);
            new Responses.Execute(e.id).encode(out);
            executions.add(e); // from here on the execution owns the reservation
            runner.submit(e);
            counters.commands.incrementAndGet();
            return submitted;
        } catch (StatusException | RuntimeException ex) {
            executions.unreserve(owner, objectIds);
            throw ex;
        }
    }

    /** {@code tasklet}, if the extents hold whole records of its size; OUT_OF_RANGE otherwise. */
    private static Tasklet aligned(TaskletDefinition def, Tasklet tasklet, List<Extent> extents) throws StatusException {
        String misaligned = ExtentScanner.checkRecordAlignment(tasklet, extents);
        if (misaligned != null) {
            throw new StatusException(Status.OUT_OF_RANGE, "tasklet '" + def.name() + "': " + misaligned);
        }
        return tasklet;
    }

    void poll(Requests.Poll req, PayloadWriter out) throws StatusException {
        Execution e = executions.get(req.execId());
        ExecutionState state = e.state();
        long pagesDone = e.pagesDone();
        long pollUs = 0;
        long nowWallNs = System.nanoTime();
        long paceWaitNs = e.paceWaitNs(nowWallNs);
        if (paceWaitNs > 0) {
            // finished, but reported RUNNING until its paced time, with progress to match
            pagesDone = e.pacedPagesDone(paceWaitNs);
            state = ExecutionState.RUNNING;
            pollUs = bounded(paceWaitNs / 1000);
        } else if (!state.isFinished()) {
            // paced, answers follow modeled time; unpaced, the scan runs as fast as this machine does
            pollUs = e.paceFactor > 0 ? bounded(e.model.estimateRemainingNs(e.pagesTotal - pagesDone) / 1000)
                    : unpacedPollUs(e.wallRemainingNs(nowWallNs));
        }
        Status err = e.errorStatus();
        long resultBytes = state == ExecutionState.DONE ? e.result().length : 0;
        new Responses.Poll(state, err == null ? 0 : err.code(), pollUs, pagesDone, e.pagesTotal, resultBytes,
                e.model.modeledNs(), e.model.energyNj(), e.model.serviceNs(), e.measuredNs(nowWallNs),
                state.isFinished() ? e.errorMessage() : "").encode(out);
    }

    /** The suggested wait before the next POLL of an unpaced execution with {@code wallRemainingNs} to go. */
    static long unpacedPollUs(long wallRemainingNs) {
        return bounded(wallRemainingNs / UNPACED_POLL_DIVISOR / 1000);
    }

    private static long bounded(long pollUs) {
        return Math.max(MIN_POLL_US, Math.min(MAX_POLL_US, pollUs));
    }

    long readResult(long clock, Requests.ReadResult req, PayloadWriter out) throws StatusException {
        Execution e = executions.get(req.execId());
        if (e.state() != ExecutionState.DONE || e.paceWaitNs(System.nanoTime()) > 0) {
            String state = e.state().isFinished() && e.state() != ExecutionState.DONE
                    ? e.state() + " (" + e.errorMessage() + ")" : "not DONE yet";
            throw new StatusException(Status.NOT_READY, "execution " + Long.toUnsignedString(req.execId()) + " is "
                    + state + "; its result is readable once it is DONE");
        }
        byte[] result = e.result();
        if (req.offset() < 0 || req.offset() > result.length) {
            throw new StatusException(Status.OUT_OF_RANGE, "offset " + Long.toUnsignedString(req.offset())
                    + " is past the end of execution " + e.id + "'s " + result.length + "-byte result");
        }
        int len = (int) Math.min(req.length(), result.length - req.offset());
        Responses.ReadResult.begin(out, result.length, len).put(result, (int) req.offset(), len);
        counters.commands.incrementAndGet();
        counters.bytesToHost.addAndGet(len);
        return model.hostRead(Math.max(clock, e.model.endNs()), len);
    }

    void cancel(Requests.Cancel req, PayloadWriter out) throws StatusException {
        Execution e = executions.get(req.execId());
        e.requestCancel();
        try {
            e.awaitFinished(); // a running scan stops at its next batch
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new StatusException(Status.INTERNAL, "interrupted while cancelling execution " + e.id);
        }
        new Responses.Cancel(e.state()).encode(out);
    }

    /**
     * Cancels the queued and running executions {@code owner} (a connection's session) submitted:
     * its connection has closed. A queued one ends at once, a running one at its next batch or,
     * in a module, at the end of its fuel slice; finished ones stay readable until RELEASE.
     */
    void connectionClosed(Object owner) {
        executions.activeOf(owner).forEach(Execution::requestCancel);
    }

    void release(Requests.Release req, PayloadWriter out) throws StatusException {
        executions.release(req.execId());
        new Responses.Empty().encode(out);
    }

    private TaskletFactory factory(String name, String context) throws StatusException {
        return registry.find(name).orElseThrow(() -> new StatusException(Status.NO_SUCH_TASKLET, context
                + "no built-in tasklet '" + name + "' on this drive (available: "
                + String.join(", ", registry.names()) + ")"));
    }

    private TaskletDefinition taskletInstance(long id) throws StatusException {
        try {
            return store.tasklet(id);
        } catch (StoreException e) {
            throw StoreErrors.status(e, "tasklet_id: ");
        }
    }

    /** {@code context} prefixes an error message (built only on error). */
    private ObjectInfo dataObject(long id, Supplier<String> context) throws StatusException {
        ObjectInfo o;
        try {
            o = store.stat(id);
        } catch (StoreException e) {
            throw StoreErrors.status(e, context.get());
        }
        if (o.kind() != ObjectKind.DATA) {
            throw new StatusException(Status.WRONG_KIND, context.get() + "object " + Long.toUnsignedString(id)
                    + " is a tasklet instance, not a DATA object");
        }
        return o;
    }

    /** The output replaces its object's contents when the execution ends: it must not be read by it too. */
    private static void checkOutputIsNotInput(Requests.Execute req) throws StatusException {
        for (int i = 0; req.outputId() != 0 && i < req.extents().size(); i++) {
            if (req.extents().get(i).objectId() == req.outputId()) {
                throw new StatusException(Status.BAD_PARAMETER, "output_id " + Long.toUnsignedString(req.outputId())
                        + " is also the object of extent " + i + ": the result would replace the execution's own "
                        + "input; write it to another object");
            }
        }
    }

    /** Every extent must lie inside a DATA object; the error names the extent's index. */
    private void checkExtents(List<Extent> extents) throws StatusException {
        for (int i = 0; i < extents.size(); i++) {
            Extent x = extents.get(i);
            int index = i;
            ObjectInfo o = dataObject(x.objectId(), () -> "extent " + index + ": ");
            if (x.offset() > o.size() || x.length() > o.size() - x.offset()) {
                throw new StatusException(Status.OUT_OF_RANGE, "extent " + i + " (object "
                        + Long.toUnsignedString(x.objectId()) + ", offset " + x.offset() + ", length " + x.length()
                        + ") ends past the object's size " + o.size());
            }
        }
    }
}
