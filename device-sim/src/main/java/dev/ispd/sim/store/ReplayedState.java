package dev.ispd.sim.store;

import dev.ispd.protocol.ObjectKind;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** The store's metadata rebuilt from the log, before the backing files are opened. */
final class ReplayedState {
    /** One object as the log describes it. */
    static final class Entry {
        final ObjectKind kind;
        final TaskletDefinition tasklet;
        long generation;
        long size;

        Entry(ObjectKind kind, TaskletDefinition tasklet) {
            this.kind = kind;
            this.tasklet = tasklet;
        }
    }

    final Map<Long, Entry> objects = new TreeMap<>(Long::compareUnsigned);
    /** Deleted ids and the generation their file had, so that a file a delete left behind is known. */
    final Map<Long, Long> deletedGenerations = new TreeMap<>(Long::compareUnsigned);
    /** Every ordinary id ever given to an object. */
    final SpentIds spent = new SpentIds();
    long records;
    /** Page size of the data files' checksums, or 0 for a log written before checksums. */
    int checksumPageSize;
    /** Loaded user tasklet modules, by {@code name@version}. */
    final Map<String, LogRecord.ModuleLoaded> modules = new TreeMap<>();
    /** File names of modules unloaded or loaded again with other bytes: a file left of one is a leftover. */
    final Set<String> retiredModuleFiles = new HashSet<>();

    /** Applies one record; a record about an object the log never created is corruption. */
    void apply(LogRecord r) {
        records++;
        if (r instanceof LogRecord.CreateData c) {
            objects.put(c.id(), new Entry(ObjectKind.DATA, null));
            spent.spend(c.id());
        } else if (r instanceof LogRecord.CreateTasklet c) {
            objects.put(c.id(), new Entry(ObjectKind.TASKLET, c.definition()));
            spent.spend(c.id());
        } else if (r instanceof LogRecord.Size s) {
            existing(s.id()).size = s.size();
        } else if (r instanceof LogRecord.Replace rep) {
            Entry e = existing(rep.id());
            e.generation = rep.generation();
            e.size = rep.size();
        } else if (r instanceof LogRecord.Delete d) {
            deletedGenerations.put(d.id(), existing(d.id()).generation);
            objects.remove(d.id());
        } else if (r instanceof LogRecord.ChecksumFormat c) {
            if (c.pageSize() != PageChecksums.PAGE) {
                throw new IllegalArgumentException("checksum page size " + c.pageSize() + " is not this drive's "
                        + PageChecksums.PAGE);
            }
            checksumPageSize = c.pageSize();
        } else if (r instanceof LogRecord.ModuleLoaded m) {
            retire(modules.put(StoredModules.key(m.name(), m.version()), m));
            retiredModuleFiles.remove(StoredModules.fileName(m));
        } else if (r instanceof LogRecord.ModuleUnloaded u) {
            retire(modules.remove(StoredModules.key(u.name(), u.version())));
        } else if (r instanceof LogRecord.SpentIds ids) {
            spent.spend(ids.first(), ids.last());
        } else if (r instanceof LogRecord.NextId n && Long.compareUnsigned(n.next(), 1) > 0) {
            spent.spend(1, n.next() - 1);
        }
    }

    private void retire(LogRecord.ModuleLoaded m) {
        if (m != null) {
            retiredModuleFiles.add(StoredModules.fileName(m));
        }
    }

    private Entry existing(long id) {
        Entry e = objects.get(id);
        if (e == null) {
            throw new IllegalArgumentException("record names object " + Long.toUnsignedString(id)
                    + ", which the log never created (or deleted before)");
        }
        return e;
    }
}
