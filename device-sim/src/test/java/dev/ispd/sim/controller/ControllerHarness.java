package dev.ispd.sim.controller;

import dev.ispd.protocol.Limits;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Status;
import dev.ispd.protocol.TaskletForm;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.PayloadReader;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.RequestHandler;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.ObjectStore;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A controller over a real store and a given model, driven through sessions without sockets. */
final class ControllerHarness implements AutoCloseable {
    static final DeviceProfile PROFILE = Profiles.device("smartssd-2013");

    final ObjectStore store;
    final DriveController controller;

    ControllerHarness(Path dir, DriveModel model, int maxInflight, double pace) throws IOException {
        this(dir, model, maxInflight, pace, 1);
    }

    /** Executions paced by {@code pace} from the {@code pacedFrom}-th on. */
    ControllerHarness(Path dir, DriveModel model, int maxInflight, double pace, long pacedFrom) throws IOException {
        store = ObjectStore.open(dir, PROFILE.capacityBytes(), Durability.PROCESS);
        // one session submits every execution here: its share is the whole drive's
        controller = new DriveController(new ControllerSettings("drive0", maxInflight, pace, pacedFrom, maxInflight,
                Limits.MAX_EXTENTS, ModulePolicy.DEFAULT), PROFILE, store, model, TaskletRegistry.builtins(), Map.of(),
                DriveEvents.NONE);
    }

    /** A reply: status OK with a decoded body, or an error status with its message. */
    record Reply(Status status, String message, Responses.Response body) {
        @SuppressWarnings("unchecked")
        <T extends Responses.Response> T ok() {
            if (status != Status.OK) {
                throw new AssertionError("expected OK, got " + status + ": " + message);
            }
            return (T) body;
        }
    }

    static Reply call(RequestHandler.Session s, Requests.Request r) {
        PayloadWriter w = new PayloadWriter(1024);
        try {
            s.handle(r, w);
        } catch (StatusException e) {
            return new Reply(e.status(), e.getMessage(), null);
        }
        try {
            return new Reply(Status.OK, "", Responses.decode(r.opcode(), new PayloadReader(w.payload(), r.opcode() + " response")));
        } catch (StatusException e) {
            throw new AssertionError("response to " + r.opcode() + " does not decode: " + e.getMessage());
        }
    }

    RequestHandler.Session session() {
        return controller.openSession();
    }

    static long createData(RequestHandler.Session s, byte[] data) {
        long id = call(s, new Requests.CreateObject(0)).<Responses.CreateObject>ok().id();
        if (data.length > 0) {
            call(s, new Requests.WriteObject(id, 0, ByteBuffer.wrap(data))).ok();
        }
        return id;
    }

    static long createTasklet(RequestHandler.Session s, String name, Params params) {
        return call(s, new Requests.CreateTasklet(TaskletForm.BUILTIN, name, params, ByteBuffer.allocate(0)))
                .<Responses.CreateTasklet>ok().taskletId();
    }

    static Reply execute(RequestHandler.Session s, long tasklet, long output, Params runtime, Extent... extents) {
        return call(s, new Requests.Execute(tasklet, output, runtime, List.of(extents)));
    }

    static Responses.Poll poll(RequestHandler.Session s, long execId) {
        return call(s, new Requests.Poll(execId)).ok();
    }

    /** Polls until the execution is finished (at most 10 s). */
    static Responses.Poll await(RequestHandler.Session s, long execId) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (true) {
            Responses.Poll p = poll(s, execId);
            if (p.state().isFinished()) {
                return p;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("execution " + execId + " did not finish: " + p);
            }
            Thread.sleep(1);
        }
    }

    static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 31 + seed);
        }
        return b;
    }

    static long sum(byte[] b, int from, int to) {
        long s = 0;
        for (int i = from; i < to; i++) {
            s += b[i] & 0xFF;
        }
        return s;
    }


    @Override
    public void close() throws IOException {
        controller.close();
        store.close();
    }
}
