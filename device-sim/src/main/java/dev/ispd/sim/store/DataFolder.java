package dev.ispd.sim.store;

import dev.ispd.protocol.Limits;
import dev.ispd.protocol.ObjectKind;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks a store's data folder against its replayed metadata log before the store opens. Every
 * file is either the current file of a live object, a leftover the log accounts for, a foreign
 * file, or unaccounted for:
 *
 * <ul>
 * <li>leftovers a crash or a failed delete can leave are removed: an older generation of a live
 *     object (its REPLACE is logged), the next generation of a live object whose current file is
 *     there (a REPLACE never acknowledged), a file of an object whose DELETE is logged, and one
 *     empty generation-0 file of an id the log never created (a CREATE never acknowledged;
 *     creates are serialised, so a crash leaves at most one);
 * <li>a file whose name is not {@code <id>-<generation>.obj|.crc|.intent} is foreign: left where it is;
 * <li>anything else (a file with data the log does not know, a live object's missing file, a
 *     file holding more bytes past its object's logged size than one unacknowledged write can
 *     leave) means the log lost acknowledged changes: opening refuses, naming the files and the
 *     log's end, unless a {@link Quarantine} is given, which receives the unaccounted files.
 * </ul>
 *
 * <p>Bytes past a live object's logged size are kept in place (a write never acknowledged, or
 * one whose size record the log lost); in a recovery the whole file is also copied into the
 * quarantine, so that those bytes outlive the next append.
 */
final class DataFolder {
    private static final Logger LOG = Logger.getLogger(DataFolder.class.getName());
    private static final Pattern NAME = Pattern.compile("(\\d+)-(\\d+)\\.(obj|crc|intent)");

    private final Path dir;

    DataFolder(Path dir) {
        this.dir = dir;
    }

    /** Files in the folder (none if it does not exist). */
    List<Path> files() throws IOException {
        List<Path> out = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
                files.forEach(out::add);
            }
        }
        out.sort(null);
        return out;
    }

    /** One generation of one object's files. */
    private record Unit(long id, long generation) { }

    /**
     * Removes the leftovers the log accounts for and moves the unaccounted files into
     * {@code quarantine}; with {@code quarantine} null, refuses (changing nothing) if there are any.
     * {@code log} and {@code logEnd} name the log in the message.
     */
    void reconcile(ReplayedState state, Path log, long logEnd, Quarantine quarantine) throws IOException {
        Map<Unit, List<Path>> units = new TreeMap<>((a, b) -> a.id != b.id ? Long.compareUnsigned(a.id, b.id)
                : Long.compare(a.generation, b.generation));
        for (Path p : files()) {
            Matcher m = NAME.matcher(p.getFileName().toString());
            Unit u = m.matches() ? unit(m) : null;
            if (u == null) {
                LOG.warning("data folder " + dir + " holds " + p.getFileName() + ", which is not a drive's file; "
                        + "leaving it alone");
            } else {
                units.computeIfAbsent(u, k -> new ArrayList<>()).add(p);
            }
        }
        List<Path> leftovers = new ArrayList<>();
        List<String> unaccounted = new ArrayList<>();
        List<Path> toQuarantine = new ArrayList<>();
        List<Path> toCopy = new ArrayList<>();
        boolean oneUnloggedCreate = false;
        for (Map.Entry<Unit, List<Path>> en : units.entrySet()) {
            Unit u = en.getKey();
            ReplayedState.Entry live = state.objects.get(u.id);
            Long deletedGen = state.deletedGenerations.get(u.id);
            boolean accounted;
            if (live != null && live.kind == ObjectKind.DATA) {
                accounted = u.generation < live.generation || u.generation == live.generation
                        || u.generation == live.generation + 1 && units.containsKey(new Unit(u.id, live.generation));
            } else if (live == null && deletedGen != null && u.generation <= deletedGen) {
                accounted = true;
            } else if (live == null && u.generation == 0 && !oneUnloggedCreate && empty(en.getValue())) {
                accounted = oneUnloggedCreate = true;
            } else {
                accounted = false;
            }
            if (!accounted) {
                unaccounted.add(describe(en.getValue()) + " (the log " + (live == null ? "has no object "
                        + Long.toUnsignedString(u.id) : "has object " + Long.toUnsignedString(u.id)
                        + " at generation " + live.generation) + ")");
                toQuarantine.addAll(en.getValue());
            } else if (live == null || u.generation != live.generation) {
                leftovers.addAll(en.getValue());
            }
        }
        for (Map.Entry<Long, ReplayedState.Entry> en : state.objects.entrySet()) {
            ReplayedState.Entry e = en.getValue();
            if (e.kind != ObjectKind.DATA) {
                continue;
            }
            String name = Long.toUnsignedString(en.getKey()) + "-" + e.generation + ".obj";
            Path file = dir.resolve(name);
            if (!Files.exists(file)) {
                if (e.size > 0) {
                    unaccounted.add("object " + Long.toUnsignedString(en.getKey()) + " of " + e.size
                            + " bytes, whose file " + name + " is missing");
                }
                continue;
            }
            long past = Files.size(file) - e.size;
            if (past > 0 && quarantine != null) {
                toCopy.add(file);
            }
            if (past > Limits.MAX_IO) {
                unaccounted.add(name + " (" + past + " bytes past the logged size " + e.size
                        + ", more than one write can leave)");
            }
        }
        if (!unaccounted.isEmpty() && quarantine == null) {
            throw new IOException("metadata log " + log + " (read to offset " + logEnd + ") does not account for "
                    + unaccounted.size() + " thing(s) in " + dir + ": " + String.join("; ", first(unaccounted, 5))
                    + "; refusing to start rather than lose or delete data (--recover quarantine starts with "
                    + "what the log accounts for and moves the rest into quarantine/)");
        }
        for (Path p : toQuarantine) {
            quarantine.move(p, "not accounted for by metadata log " + log);
        }
        for (Path p : toCopy) {
            quarantine.copy(p, "holds bytes past its object's logged size");
        }
        for (String what : unaccounted) {
            LOG.warning("recovery: " + what);
        }
        for (Path p : leftovers) {
            Files.delete(p);
            LOG.info("removed " + p + ", left by an interrupted or logged operation");
        }
    }

    private static Unit unit(Matcher m) {
        try {
            return new Unit(Long.parseUnsignedLong(m.group(1)), Long.parseLong(m.group(2)));
        } catch (NumberFormatException e) {
            return null; // digits beyond 64 bits: not a name the drive writes
        }
    }

    private static boolean empty(List<Path> files) throws IOException {
        for (Path p : files) {
            if (p.getFileName().toString().endsWith(".obj") && Files.size(p) > 0) {
                return false;
            }
        }
        return true;
    }

    private static String describe(List<Path> files) throws IOException {
        List<String> out = new ArrayList<>();
        for (Path p : files) {
            out.add(p.getFileName() + " (" + Files.size(p) + " bytes)");
        }
        return String.join(" and ", out);
    }

    private static List<String> first(List<String> all, int n) {
        return all.size() <= n ? all : all.subList(0, n);
    }
}
