package dev.ispd.sim.controller;

import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.protocol.Limits;
import dev.ispd.sim.store.MediaErrorException;
import dev.ispd.sim.store.ObjectInfo;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.sim.store.StoreException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * CREATE_OBJECT, WRITE_OBJECT, READ_OBJECT, STAT_OBJECT, LIST_OBJECTS and DELETE_OBJECT. Each
 * command that the model prices takes the connection's virtual clock and returns it advanced.
 */
final class ObjectCommands {
    private final ObjectStore store;
    private final DriveModel model;
    private final ExecutionTable executions;
    private final DriveCounters counters;
    private final DriveEvents events;

    ObjectCommands(ObjectStore store, DriveModel model, ExecutionTable executions, DriveCounters counters,
                   DriveEvents events) {
        this.store = store;
        this.events = events;
        this.model = model;
        this.executions = executions;
        this.counters = counters;
    }

    long create(long clock, Requests.CreateObject req, PayloadWriter out) throws StatusException {
        try {
            new Responses.CreateObject(store.createData(req.requestedId(), req.pickFrom())).encode(out);
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "creating an object");
        }
        counters.commands.incrementAndGet();
        return model.command(clock);
    }

    long write(long clock, Requests.WriteObject req, PayloadWriter out) throws StatusException {
        int len = req.data().remaining();
        try {
            new Responses.WriteObject(store.write(req.id(), req.offset(), req.data())).encode(out);
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "writing object " + Long.toUnsignedString(req.id()));
        }
        counters.commands.incrementAndGet();
        counters.bytesWritten.addAndGet(len);
        return model.hostWrite(clock, len);
    }

    /**
     * Reads from the backing file straight into the response buffer. The page checks and the CRC
     * of the response are not priced: a drive's controller computes both in its data path.
     */
    long read(long clock, Requests.ReadObject req, PayloadWriter out) throws StatusException {
        try {
            Responses.ReadObject.Filling response = Responses.ReadObject.begin(out, req.length());
            store.read(req.id(), req.offset(), response.data());
            response.seal();
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "reading object " + Long.toUnsignedString(req.id()));
        }
        counters.commands.incrementAndGet();
        counters.bytesToHost.addAndGet(req.length());
        return model.hostRead(clock, req.length());
    }

    void stat(Requests.StatObject req, PayloadWriter out) throws StatusException {
        try {
            stat(store.stat(req.id())).encode(out);
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        }
    }

    void list(Requests.ListObjects req, PayloadWriter out) {
        ObjectStore.Listing page = store.list(req.afterId(), req.max(), req.visible());
        List<Responses.ObjectStat> entries = new ArrayList<>(page.objects().size());
        for (ObjectInfo o : page.objects()) {
            entries.add(stat(o));
        }
        new Responses.ListObjects(entries, page.more()).encode(out);
    }

    long delete(long clock, Requests.DeleteObject req, PayloadWriter out) throws StatusException {
        try {
            executions.deleteIfUnused(req.id(), () -> store.delete(req.id()));
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "deleting object " + Long.toUnsignedString(req.id()));
        }
        new Responses.Empty().encode(out);
        counters.commands.incrementAndGet();
        return model.command(clock);
    }

    /**
     * SCRUB: checks every page of one object, or of all, against its checksums. Priced as a
     * command: a drive scrubs in the background, between host commands (a patrol read).
     */
    long scrub(long clock, Requests.Scrub req, PayloadWriter out) throws StatusException {
        ObjectStore.ScrubReport report;
        try {
            report = store.scrub(req.objectId());
        } catch (StoreException e) {
            throw StoreErrors.status(e, "");
        } catch (IOException e) {
            throw StoreErrors.status(e, "scrubbing");
        }
        List<Responses.Damage> listed = new ArrayList<>();
        for (MediaErrorException d : report.damaged().subList(0, Math.min(report.damaged().size(),
                Limits.MAX_SCRUB_LIST))) {
            listed.add(new Responses.Damage(d.objectId(), d.offset(), d.getMessage()));
        }
        new Responses.Scrub(report.objects(), report.bytes(), store.mediaErrors(), report.damaged().size(), listed)
                .encode(out);
        events.scrubbed(report.objects(), report.bytes(), report.damaged().size());
        counters.commands.incrementAndGet();
        return model.command(clock);
    }

    private static Responses.ObjectStat stat(ObjectInfo o) {
        return new Responses.ObjectStat(o.id(), o.size(), o.kind());
    }
}
