package dev.ispd.sim.controller;

import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.StatusException;

/**
 * One connection's view of the drive: dispatches its requests and keeps its virtual clock.
 * WRITE, READ and LOAD_MODULE move the clock by a host transfer; CREATE, DELETE, CREATE_TASKLET,
 * EXECUTE and UNLOAD_MODULE by a command; READ_RESULT first waits (in virtual time) for the execution's end. POLL, STAT,
 * LIST, LIST_MODULES, DEVICE_INFO, DEVICE_LOG, CANCEL and RELEASE leave it alone: how often a host sends them
 * depends on the wall clock, and modeled time must not.
 */
final class ControllerSession implements RequestHandler.Session {
    private final DriveController drive;
    private long clockNs;

    ControllerSession(DriveController drive, long startNs) {
        this.drive = drive;
        this.clockNs = startNs;
    }

    @Override
    public void handle(Requests.Request request, PayloadWriter out) throws StatusException {
        switch (request.opcode()) {
            case DEVICE_INFO -> drive.device.info(out);
            case DEVICE_LOG -> drive.device.log(out);
            case CREATE_OBJECT -> clockNs = drive.objects.create(clockNs, (Requests.CreateObject) request, out);
            case WRITE_OBJECT -> clockNs = drive.objects.write(clockNs, (Requests.WriteObject) request, out);
            case READ_OBJECT -> clockNs = drive.objects.read(clockNs, (Requests.ReadObject) request, out);
            case STAT_OBJECT -> drive.objects.stat((Requests.StatObject) request, out);
            case LIST_OBJECTS -> drive.objects.list((Requests.ListObjects) request, out);
            case DELETE_OBJECT -> clockNs = drive.objects.delete(clockNs, (Requests.DeleteObject) request, out);
            case CREATE_TASKLET -> clockNs = drive.executions.createTasklet(clockNs, (Requests.CreateTasklet) request, out);
            case EXECUTE -> clockNs = drive.executions.execute(clockNs, this, (Requests.Execute) request, out);
            case POLL -> drive.executions.poll((Requests.Poll) request, out);
            case READ_RESULT -> clockNs = drive.executions.readResult(clockNs, (Requests.ReadResult) request, out);
            case CANCEL -> drive.executions.cancel((Requests.Cancel) request, out);
            case RELEASE -> drive.executions.release((Requests.Release) request, out);
            case LOAD_MODULE -> clockNs = drive.modules.load(clockNs, (Requests.LoadModule) request, out);
            case LIST_MODULES -> drive.modules.list(out);
            case UNLOAD_MODULE -> clockNs = drive.modules.unload(clockNs, (Requests.UnloadModule) request, out);
            case SCRUB -> clockNs = drive.objects.scrub(clockNs, (Requests.Scrub) request, out);
        }
    }
}
