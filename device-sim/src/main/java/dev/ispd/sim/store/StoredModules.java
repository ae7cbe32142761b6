package dev.ispd.sim.store;

import dev.ispd.tasklet.wasm.TaskletModule;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The user tasklet modules a drive keeps, so that they are there again after a restart: each
 * module's bytes in {@code <dir>/modules/<name>@<version>-<sha256>.wasm}, its loads and unloads
 * in the store's {@link MetadataLog}. A load writes a {@code .partial} file, renames it into
 * place (both forced under {@link Durability#FSYNC}), then appends MODULE_LOADED; an unload
 * appends MODULE_UNLOADED, then removes the file. Loads are serialised, so a crash leaves at most
 * one module file the log does not name.
 *
 * <p>Opening checks the folder against the replayed log, by the store's rules (docs/storage.md):
 * every logged module's file must hold its logged size and SHA-256; a {@code .partial} file, a
 * file of an unloaded or replaced module, and one unlogged file whose bytes have the hash its name
 * carries (a load never acknowledged) are leftovers, removed; a name of another form is foreign
 * and left alone; anything else (a logged module's file missing or failing its hash, more
 * unlogged modules) refuses the start, or with a {@link Quarantine} is moved into it, the module
 * unloaded in the log. Thread-safe.
 */
public final class StoredModules {
    private static final Logger LOG = Logger.getLogger(StoredModules.class.getName());
    static final String DIR = "modules";
    private static final Pattern FILE = Pattern.compile("([A-Za-z0-9_.-]{1,64})@(\\d{1,10})-([0-9a-f]{64})\\.wasm");
    private static final String PARTIAL = ".partial";

    private final Path dir;
    private final Durability durability;
    private final MetadataLog log;
    private final Map<String, StoredModule> live = new TreeMap<>();

    private StoredModules(Path dir, Durability durability, MetadataLog log) {
        this.dir = dir;
        this.durability = durability;
        this.log = log;
    }

    static String key(String name, int version) {
        return name + "@" + version;
    }

    /** The file of a logged module. */
    static String fileName(LogRecord.ModuleLoaded m) {
        return fileName(m.name(), m.version(), m.sha256());
    }

    private static String fileName(String name, int version, String sha256) {
        return key(name, version) + "-" + sha256 + ".wasm";
    }

    /**
     * Checks {@code <storeDir>/modules} against the replayed {@code state} as the class comment
     * says and reads every logged module; {@code logFile} and {@code logEnd} name the log in a
     * refusal.
     */
    static StoredModules open(Path storeDir, ReplayedState state, MetadataLog log, Durability durability,
                              Quarantine quarantine, Path logFile) throws IOException {
        StoredModules modules = new StoredModules(storeDir.resolve(DIR), durability, log);
        Files.createDirectories(modules.dir);
        modules.reconcile(state, quarantine, logFile);
        return modules;
    }

    private void reconcile(ReplayedState state, Quarantine quarantine, Path logFile) throws IOException {
        List<Path> leftovers = new ArrayList<>();
        List<Path> unlogged = new ArrayList<>();
        for (Path p : files()) {
            String name = p.getFileName().toString();
            Matcher m = FILE.matcher(name);
            if (name.endsWith(PARTIAL)) {
                leftovers.add(p);
            } else if (!m.matches()) {
                LOG.warning("modules folder " + dir + " holds " + name + ", which is not a drive's file; leaving it alone");
            } else if (state.retiredModuleFiles.contains(name)) {
                leftovers.add(p);
            } else if (!isLogged(state, name)) {
                unlogged.add(p);
            }
        }
        List<String> unaccounted = new ArrayList<>();
        List<LogRecord.ModuleLoaded> damaged = new ArrayList<>();
        for (LogRecord.ModuleLoaded m : state.modules.values()) {
            Path file = dir.resolve(fileName(m));
            String problem = problem(file, readIfPresent(file), m.sha256(), m.size());
            if (problem == null) {
                live.put(key(m.name(), m.version()), new StoredModule(m.name(), m.version(), m.sha256(), m.size()));
            } else {
                unaccounted.add("module " + key(m.name(), m.version()) + ": " + problem);
                damaged.add(m);
            }
        }
        // the load a crash interrupted before its record; an empty log (a missing one) explains nothing
        if (quarantine == null && state.records > 0 && unlogged.size() == 1
                && problem(unlogged.get(0), readIfPresent(unlogged.get(0)), null, -1) == null) {
            leftovers.add(unlogged.remove(0));
        }
        for (Path p : unlogged) {
            unaccounted.add(p.getFileName() + " (" + Files.size(p) + " bytes; the log loaded no such module)");
        }
        if (!unaccounted.isEmpty() && quarantine == null) {
            throw new IOException("metadata log " + logFile + " (read to offset " + log.size()
                    + ") does not account for " + unaccounted.size() + " thing(s) in " + dir + ": "
                    + String.join("; ", unaccounted) + "; refusing to start rather than lose or delete a module "
                    + "(--recover quarantine starts without them and moves their files into quarantine/)");
        }
        for (Path p : unlogged) {
            quarantine.move(p, "a module file not accounted for by metadata log " + logFile);
        }
        for (LogRecord.ModuleLoaded m : damaged) {
            Path file = dir.resolve(fileName(m));
            if (Files.exists(file)) {
                quarantine.move(file, "does not hold the " + m.size() + " bytes with sha256 " + m.sha256()
                        + " module " + key(m.name(), m.version()) + " was loaded with");
            }
            log.append(new LogRecord.ModuleUnloaded(m.name(), m.version()));
            LOG.warning("recovery: module " + key(m.name(), m.version()) + " is unloaded: its file is missing or damaged");
        }
        for (Path p : leftovers) {
            Files.delete(p);
            LOG.info("removed " + p + ", left by an interrupted load or a logged unload");
        }
    }

    private static boolean isLogged(ReplayedState state, String fileName) {
        return state.modules.values().stream().anyMatch(m -> fileName(m).equals(fileName));
    }

    /**
     * Null if {@code bytes} (null: the file is missing) are {@code size} bytes with SHA-256
     * {@code sha256}; with {@code sha256} null, the hash the file's name carries, at any size.
     * Otherwise what is wrong.
     */
    private static String problem(Path file, byte[] bytes, String sha256, long size) {
        if (bytes == null) {
            return "its file " + file.getFileName() + " is missing";
        }
        String want = sha256 != null ? sha256 : nameHash(file);
        String actual = TaskletModule.digestOf(bytes);
        if (actual.equals(want) && (size < 0 || bytes.length == size)) {
            return null;
        }
        return "its file " + file.getFileName() + " holds " + bytes.length + " bytes with sha256 " + actual
                + ", not " + (size < 0 ? "" : size + " bytes with ") + "sha256 " + want;
    }

    private static byte[] readIfPresent(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllBytes(file) : null;
    }

    private static String nameHash(Path file) {
        Matcher m = FILE.matcher(file.getFileName().toString());
        return m.matches() ? m.group(3) : "";
    }

    private List<Path> files() throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
            files.forEach(out::add);
        }
        out.sort(null);
        return out;
    }

    /** The bytes of a kept module, checked against its SHA-256 again: an IOException names a file that fails. */
    public byte[] read(StoredModule m) throws IOException {
        Path file = dir.resolve(fileName(m.name(), m.version(), m.sha256()));
        byte[] bytes = readIfPresent(file);
        String problem = problem(file, bytes, m.sha256(), m.size());
        if (problem != null) {
            throw new IOException("module " + m.key() + ": " + problem);
        }
        return bytes;
    }

    /** The modules kept, in order of {@code name@version}. */
    public synchronized List<StoredModule> all() {
        return List.copyOf(live.values());
    }

    /**
     * Keeps {@code wasm} as module {@code name@version} (replacing the one kept under that name
     * and version, if any); when this returns it survives a restart.
     */
    public synchronized void put(String name, int version, byte[] wasm) throws IOException {
        String sha = TaskletModule.digestOf(wasm);
        Path file = dir.resolve(fileName(name, version, sha));
        Path partial = file.resolveSibling(file.getFileName() + PARTIAL);
        try (FileChannel ch = FileChannel.open(partial, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            for (ByteBuffer b = ByteBuffer.wrap(wasm); b.hasRemaining(); ) {
                ch.write(b);
            }
            if (durability == Durability.FSYNC) {
                ch.force(true);
            }
        }
        Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        forceFolder();
        StoredModule old = live.get(key(name, version));
        try {
            log.append(new LogRecord.ModuleLoaded(name, version, sha, wasm.length));
        } catch (IOException e) {
            if (old == null || !old.sha256().equals(sha)) {
                Files.deleteIfExists(file);
            }
            throw e;
        }
        live.put(key(name, version), new StoredModule(name, version, sha, wasm.length));
        if (old != null && !old.sha256().equals(sha)) {
            remove(old);
        }
    }

    /** Forgets module {@code name@version}; false if none is kept under that name and version. */
    public synchronized boolean remove(String name, int version) throws IOException {
        StoredModule m = live.get(key(name, version));
        if (m == null) {
            return false;
        }
        log.append(new LogRecord.ModuleUnloaded(name, version));
        live.remove(m.key());
        remove(m);
        return true;
    }

    /** Removes a module's file after its unload or replacement is logged; a failure leaves a leftover for the next start. */
    private void remove(StoredModule m) {
        try {
            Files.deleteIfExists(dir.resolve(fileName(m.name(), m.version(), m.sha256())));
            forceFolder();
        } catch (IOException e) {
            LOG.warning("could not remove the file of module " + m.key() + " from " + dir + ": " + e);
        }
    }

    private void forceFolder() throws IOException {
        if (durability == Durability.FSYNC) {
            MetadataLog.forceDirectory(dir);
        }
    }

    /** The records that rebuild the kept modules, for a compacted log. */
    synchronized List<LogRecord> liveRecords() {
        List<LogRecord> out = new ArrayList<>();
        for (StoredModule m : live.values()) {
            out.add(new LogRecord.ModuleLoaded(m.name(), m.version(), m.sha256(), m.size()));
        }
        return out;
    }
}
