package dev.ispd.sim.fault;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.ConnectionFault;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.StatusException;
import java.nio.ByteOrder;

/**
 * The drive's request handler with its fault plan in front (docs/drive.md, "Fault injection"):
 * SET_FAULTS replaces the plan; every other request goes to the drive unless a fault fires on it,
 * which then delays it, answers it with an error, or ends the connection unanswered. Without a
 * plan every request goes straight through.
 */
public final class FaultingHandler implements RequestHandler {
    private final RequestHandler drive;
    private final FaultInjector faults;

    public FaultingHandler(RequestHandler drive, FaultInjector faults) {
        this.drive = drive;
        this.faults = faults;
    }

    @Override
    public Session openSession() {
        Session inner = drive.openSession();
        return new Session() {
            @Override
            public void handle(Requests.Request request, PayloadWriter out) throws StatusException {
                FaultingHandler.this.handle(inner, request, out);
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    private void handle(Session inner, Requests.Request request, PayloadWriter out) throws StatusException {
        if (request instanceof Requests.SetFaults set) {
            setPlan(set, out);
            return;
        }
        Fault f = faults.fire(request);
        if (f == null) {
            inner.handle(request, out);
            return;
        }
        String what = "injected " + f.kind().planName() + " on " + request.opcode();
        switch (f.kind()) {
            case SLOW -> {
                pause(f.delayMs());
                inner.handle(request, out);
            }
            case HANG -> throw new ConnectionFault(ConnectionFault.Kind.HANG, what);
            case DROP_CONNECTION -> throw new ConnectionFault(ConnectionFault.Kind.DROP, what);
            case MEDIA_ERROR -> {
                long at = faults.firstFaultyByte(f, request);
                throw new StatusException(Status.MEDIA_ERROR, request.opcode() + ": media error (injected) in page "
                        + at / faults.pageSize() + " of the object at offset " + at);
            }
            case DEVICE_FULL -> throw new StatusException(Status.NO_SPACE, request.opcode()
                    + ": the drive is full (injected); nothing was changed");
            case CRASH -> crashDuring(inner, request, out, what);
        }
    }

    /** Starts the execution, then loses it as a restarting drive would, and drops the connection. */
    private static void crashDuring(Session inner, Requests.Request execute, PayloadWriter out, String what)
            throws StatusException {
        inner.handle(execute, out);
        long execId = out.payload().order(ByteOrder.LITTLE_ENDIAN).getLong(0);
        PayloadWriter discard = new PayloadWriter();
        inner.handle(new Requests.Cancel(execId), discard.clear());
        inner.handle(new Requests.Release(execId), discard.clear());
        throw new ConnectionFault(ConnectionFault.Kind.DROP, what + " (execution " + Long.toUnsignedString(execId)
                + " lost)");
    }

    private void setPlan(Requests.SetFaults set, PayloadWriter out) throws StatusException {
        try {
            faults.set(FaultPlan.parse(set.plan(), "SET_FAULTS plan"));
        } catch (IllegalArgumentException e) {
            throw new StatusException(Status.BAD_PARAMETER, e.getMessage());
        }
        new Responses.Empty().encode(out);
    }

    private static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
