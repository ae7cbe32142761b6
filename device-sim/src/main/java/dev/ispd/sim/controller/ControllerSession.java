package dev.ispd.sim.controller;

import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.StatusException;

/**
 * One connection's view of the drive: dispatches its requests and keeps its virtual clock.
 * WRITE, READ and LOAD_MODULE move the clock by a host transfer; CREATE, DELETE, CREATE_TASKLET,
 * EXECUTE and UNLOAD_MODULE by a command; READ_RESULT first waits (in virtual time) for the execution's end. POLL, STAT,
 * LIST, LIST_MODULES, DEVICE_INFO, DEVICE_LOG, CANCEL and RELEASE leave it alone; SET_FAULTS is the
 * fault injector's (docs/drive.md), never the controller's: how often a host sends them
 * depends on the wall clock, and modeled time must not.
 */
final class ControllerSession implements RequestHandler.Session {
    private final DriveController drive;
    private long clockNs;

    ControllerSession(DriveController drive, long startNs) {
        this.drive = drive;
        this.clockNs = startNs;
    }

    /**
     * A switch expression over every opcode, without a default: an opcode added to the protocol
     * but not handled here fails the build instead of being answered OK with an empty payload.
     */
    @Override
    public void handle(Requests.Request request, PayloadWriter out) throws StatusException {
        clockNs = switch (request.opcode()) {
            case DEVICE_INFO -> unpriced(() -> drive.device.info(out));
            case DEVICE_LOG -> unpriced(() -> drive.device.log(out));
            case CREATE_OBJECT -> drive.objects.create(clockNs, (Requests.CreateObject) request, out);
            case WRITE_OBJECT -> drive.objects.write(clockNs, (Requests.WriteObject) request, out);
            case READ_OBJECT -> drive.objects.read(clockNs, (Requests.ReadObject) request, out);
            case STAT_OBJECT -> unpriced(() -> drive.objects.stat((Requests.StatObject) request, out));
            case LIST_OBJECTS -> unpriced(() -> drive.objects.list((Requests.ListObjects) request, out));
            case DELETE_OBJECT -> drive.objects.delete(clockNs, (Requests.DeleteObject) request, out);
            case CREATE_TASKLET -> drive.executions.createTasklet(clockNs, (Requests.CreateTasklet) request, out);
            case EXECUTE -> drive.executions.execute(clockNs, this, (Requests.Execute) request, out);
            case POLL -> unpriced(() -> drive.executions.poll((Requests.Poll) request, out));
            case READ_RESULT -> drive.executions.readResult(clockNs, (Requests.ReadResult) request, out);
            case CANCEL -> unpriced(() -> drive.executions.cancel((Requests.Cancel) request, out));
            case RELEASE -> unpriced(() -> drive.executions.release((Requests.Release) request, out));
            case LOAD_MODULE -> drive.modules.load(clockNs, (Requests.LoadModule) request, out);
            case LIST_MODULES -> unpriced(() -> drive.modules.list(out));
            case UNLOAD_MODULE -> drive.modules.unload(clockNs, (Requests.UnloadModule) request, out);
            case SCRUB -> drive.objects.scrub(clockNs, (Requests.Scrub) request, out);
            case SET_FAULTS -> throw new StatusException(Status.UNSUPPORTED, "SET_FAULTS: this drive's controller "
                    + "has no fault injector in front of it (docs/drive.md, \"Fault injection\")");
        };
    }

    /** The connection closed: its queued and running executions are cancelled (docs/drive.md, "Executions"). */
    @Override
    public void close() {
        drive.executions.connectionClosed(this);
    }

    /** A command that leaves the clock alone. */
    private long unpriced(Command command) throws StatusException {
        command.run();
        return clockNs;
    }

    private interface Command {
        void run() throws StatusException;
    }
}
