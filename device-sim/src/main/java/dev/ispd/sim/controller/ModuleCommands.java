package dev.ispd.sim.controller;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Status;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Requests;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.metrics.DriveEvents;
import dev.ispd.sim.store.StoredModule;
import dev.ispd.sim.store.StoredModules;
import dev.ispd.tasklet.wasm.ModuleRejectedException;
import dev.ispd.tasklet.wasm.TaskletModule;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;

/**
 * LOAD_MODULE, LIST_MODULES and UNLOAD_MODULE, and the drive's loaded modules, by
 * {@code name@version} (docs/protocol.md, "Modules"). A module arrives in chunks: the chunk at
 * offset 0 begins an upload, each next one continues where the last ended, and the one that
 * completes it commits: the bytes must have the SHA-256 the upload named, then the module is
 * checked against the tasklet ABI and this drive's limits, compiled, and kept in the drive's
 * store ({@link StoredModules}), so that a restarted drive loads it again (if it still fits the
 * drive's limits then; one that does not stays stored, not loaded, until UNLOAD_MODULE removes it).
 */
final class ModuleCommands {
    /** Uploads in progress at once; beginning one more forgets the one touched longest ago. */
    static final int MAX_UPLOADS = 8;

    private static final Logger LOG = Logger.getLogger(ModuleCommands.class.getName());

    private final ModulePolicy policy;
    private final StoredModules stored;
    private final DriveModel model;
    private final DriveCounters counters;
    private final DriveEvents events;
    private final Map<String, WasmTaskletFactory> loaded = new TreeMap<>();
    private final LinkedHashMap<String, Upload> uploads = new LinkedHashMap<>(16, 0.75f, true);

    /** An upload in progress: what its first chunk announced, and the bytes so far. */
    private record Upload(long totalSize, String sha256, ByteArrayOutputStream bytes) {
    }

    /** Loads the modules {@code stored} keeps, unless modules are off. */
    ModuleCommands(ModulePolicy policy, StoredModules stored, DriveModel model, DriveCounters counters,
                   DriveEvents events) {
        this.events = events;
        this.policy = policy;
        this.stored = stored;
        this.model = model;
        this.counters = counters;
        if (policy.enabled()) {
            for (StoredModule m : stored.all()) {
                try {
                    TaskletModule module = TaskletModule.load(m.name(), m.version(), stored.read(m), policy.limits());
                    loaded.put(m.key(), new WasmTaskletFactory(module));
                } catch (ModuleRejectedException e) {
                    LOG.warning("module " + m.key() + " is kept but not loaded, refused by this drive's limits: "
                            + e.getMessage() + " (UNLOAD_MODULE removes it)");
                } catch (IOException e) {
                    LOG.warning("module " + m.key() + " is kept but not loaded: " + e.getMessage());
                }
            }
        }
    }

    ModulePolicy policy() {
        return policy;
    }

    long load(long clock, Requests.LoadModule req, PayloadWriter out) throws StatusException {
        requireEnabled();
        String key = key(req.name(), req.version());
        String sha = HexFormat.of().formatHex(req.sha256());
        int length = req.data().remaining();
        if (req.totalSize() < 1 || req.totalSize() > Limits.MAX_MODULE_SIZE) {
            throw new StatusException(Status.LIMIT_EXCEEDED, "module " + key + ": total_size "
                    + Long.toUnsignedString(req.totalSize()) + " is outside 1.." + Limits.MAX_MODULE_SIZE
                    + " bytes (the module size limit)");
        }
        Responses.LoadModule answer;
        Upload complete = null;
        synchronized (this) {
            WasmTaskletFactory present = loaded.get(key);
            if (present != null) {
                answer = alreadyLoaded(key, present.module(), sha, req.totalSize());
            } else {
                answer = chunk(key, req, sha);
                if (answer.loaded()) {
                    complete = uploads.remove(key);
                }
            }
        }
        if (complete != null) {
            answer = commit(key, req, sha, complete.bytes().toByteArray());
            events.moduleLoaded();
        }
        answer.encode(out);
        counters.commands.incrementAndGet();
        counters.bytesWritten.addAndGet(length);
        return model.hostWrite(clock, length);
    }

    private static Responses.LoadModule alreadyLoaded(String key, TaskletModule m, String sha, long total)
            throws StatusException {
        if (!m.digest().equals(sha)) {
            throw new StatusException(Status.OBJECT_EXISTS, "module " + key + " is already loaded with sha256 "
                    + m.digest() + ", not " + sha + "; unload it first or load under another version");
        }
        return new Responses.LoadModule(total, true);
    }

    /** Adds a chunk to its upload; {@code loaded} in the answer means the upload is complete, to commit. */
    private Responses.LoadModule chunk(String key, Requests.LoadModule req, String sha) throws StatusException {
        Upload u;
        if (req.offset() == 0) {
            uploads.remove(key);
            if (uploads.size() >= MAX_UPLOADS) {
                Iterator<String> oldest = uploads.keySet().iterator();
                oldest.next();
                oldest.remove();
            }
            u = new Upload(req.totalSize(), sha, new ByteArrayOutputStream());
            uploads.put(key, u);
        } else {
            u = uploads.get(key);
            if (u == null) {
                throw new StatusException(Status.OUT_OF_RANGE, "module " + key + ": no upload in progress to continue"
                        + " at offset " + Long.toUnsignedString(req.offset()) + "; an upload begins at offset 0");
            }
        }
        if (u.totalSize() != req.totalSize() || !u.sha256().equals(sha)) {
            throw new StatusException(Status.BAD_PARAMETER, "module " + key + ": total_size and sha256 must be those "
                    + "the upload began with (" + u.totalSize() + " bytes, sha256 " + u.sha256() + ")");
        }
        long received = u.bytes().size();
        int length = req.data().remaining();
        if (req.offset() != received) {
            throw new StatusException(Status.OUT_OF_RANGE, "module " + key + ": chunk at offset "
                    + Long.toUnsignedString(req.offset()) + ", but the drive holds " + received
                    + " bytes of the upload; the next chunk goes at offset " + received);
        }
        if (received + length > u.totalSize()) {
            throw new StatusException(Status.OUT_OF_RANGE, "module " + key + ": chunk of " + length + " bytes at offset "
                    + received + " ends past total_size " + u.totalSize());
        }
        ByteBuffer data = req.data().duplicate();
        byte[] b = new byte[length];
        data.get(b);
        u.bytes().writeBytes(b);
        return new Responses.LoadModule(u.bytes().size(), u.bytes().size() == u.totalSize());
    }

    /** Checks the completed upload's hash and module, and loads it; compiling runs outside the lock. */
    private Responses.LoadModule commit(String key, Requests.LoadModule req, String sha, byte[] wasm)
            throws StatusException {
        String received = TaskletModule.digestOf(wasm);
        if (!received.equals(sha)) {
            throw new StatusException(Status.BAD_PARAMETER, "module " + key + ": the " + wasm.length
                    + " bytes received have sha256 " + received + ", not the " + sha + " the upload named");
        }
        TaskletModule module;
        try {
            module = TaskletModule.load(req.name(), req.version(), wasm, policy.limits());
        } catch (ModuleRejectedException e) {
            throw new StatusException(Status.MODULE_REFUSED, "module " + key + " refused: " + e.getMessage());
        }
        synchronized (this) {
            WasmTaskletFactory present = loaded.get(key);
            if (present != null) {
                return alreadyLoaded(key, present.module(), sha, wasm.length);
            }
            List<StoredModule> kept = stored.all();
            if (kept.size() >= Limits.MAX_MODULES && kept.stream().noneMatch(m -> m.key().equals(key))) {
                throw new StatusException(Status.LIMIT_EXCEEDED, "module " + key + ": this drive holds its limit of "
                        + Limits.MAX_MODULES + " modules; unload one first");
            }
            try {
                stored.put(req.name(), req.version(), wasm);
            } catch (IOException e) {
                throw StoreErrors.status(e, "keeping module " + key);
            }
            loaded.put(key, new WasmTaskletFactory(module));
        }
        return new Responses.LoadModule(wasm.length, true);
    }

    /** The loaded modules as {@code name@version}, for the status page. */
    synchronized List<String> loadedNames() {
        List<String> out = new ArrayList<>();
        for (WasmTaskletFactory f : loaded.values()) {
            out.add(f.module().name() + "@" + f.module().version());
        }
        return out;
    }

    void list(PayloadWriter out) throws StatusException {
        requireEnabled();
        List<Responses.ModuleEntry> entries = new ArrayList<>();
        synchronized (this) {
            for (WasmTaskletFactory f : loaded.values()) {
                TaskletModule m = f.module();
                entries.add(new Responses.ModuleEntry(m.name(), m.version(), m.size(),
                        HexFormat.of().parseHex(m.digest())));
            }
        }
        new Responses.ListModules(entries).encode(out);
    }

    long unload(long clock, Requests.UnloadModule req, PayloadWriter out) throws StatusException {
        requireEnabled();
        String key = key(req.name(), req.version());
        synchronized (this) {
            boolean kept;
            try {
                kept = stored.remove(req.name(), req.version());
            } catch (IOException e) {
                throw StoreErrors.status(e, "unloading module " + key);
            }
            if (loaded.remove(key) == null && !kept) {
                throw new StatusException(Status.NO_SUCH_TASKLET, "no module " + key + " is loaded on this drive"
                        + " (loaded: " + (loaded.isEmpty() ? "none" : String.join(", ", loaded.keySet())) + ")");
            }
        }
        new Responses.Empty().encode(out);
        counters.commands.incrementAndGet();
        return model.command(clock);
    }

    /**
     * The factory of a loaded module, by its tasklet name {@code name@version}; NO_SUCH_TASKLET
     * names what is loaded. {@code sha256} (hex), if not null, must be the loaded module's.
     */
    synchronized WasmTaskletFactory factory(String taskletName, String sha256) throws StatusException {
        requireEnabled();
        WasmTaskletFactory f = loaded.get(taskletName);
        if (f == null) {
            throw new StatusException(Status.NO_SUCH_TASKLET, "no module " + taskletName + " is loaded on this drive"
                    + " (loaded: " + (loaded.isEmpty() ? "none" : String.join(", ", loaded.keySet())) + ")");
        }
        if (sha256 != null && !f.module().digest().equals(sha256)) {
            throw new StatusException(Status.NO_SUCH_TASKLET, "module " + taskletName + " was unloaded and loaded again"
                    + " with other content (sha256 " + f.module().digest() + ") since this instance was created");
        }
        return f;
    }

    private void requireEnabled() throws StatusException {
        if (!policy.enabled()) {
            throw new StatusException(Status.MODULES_DISABLED, "this drive's admin has turned user tasklet modules off"
                    + " (--modules off)");
        }
    }

    private static String key(String name, int version) throws StatusException {
        if (!TaskletModule.NAME.matcher(name).matches()) {
            throw new StatusException(Status.BAD_PARAMETER, "module name '" + name
                    + "' must be 1-64 letters, digits, '_', '.' or '-'");
        }
        return name + "@" + version;
    }
}
