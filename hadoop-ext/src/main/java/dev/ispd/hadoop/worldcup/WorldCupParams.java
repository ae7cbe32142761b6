package dev.ispd.hadoop.worldcup;

import dev.ispd.hadoop.fs.LayoutAttribute;
import dev.ispd.tasklet.builtin.Q1Factory;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reads the built-in WorldCup98 mappers' settings from a job Configuration. */
final class WorldCupParams {
    /** The built-ins' entry size parameter (the same name for q1, q2 and filter). */
    static final String ENTRY_SIZE = Q1Factory.ENTRY_SIZE;

    private WorldCupParams() {
    }

    /**
     * {@link WorldCupKeys#ENTRY_SIZE} as text, set explicitly or taken from the inputs' layout when
     * the job was planned; the tasklet's own validation checks its value.
     */
    static String entrySize(Configuration conf) {
        String size = conf.getTrimmed(WorldCupKeys.ENTRY_SIZE.name(), "");
        if (size.isEmpty()) {
            throw new IllegalArgumentException(WorldCupKeys.ENTRY_SIZE.name() + " is not set and no input layout "
                    + "gave it: set it to the inputs' WorldCup98 entry size");
        }
        return size;
    }

    /**
     * The entry size of the WorldCup98 entries in {@code inputs}: the one they all record, which an
     * explicit {@link WorldCupKeys#ENTRY_SIZE} must equal; for inputs that record none, the key.
     *
     * @throws IllegalArgumentException naming the key, the file and both values if they disagree
     */
    static int entrySizeOf(Configuration conf, FileSystem fs, List<Path> inputs) throws IOException {
        String key = WorldCupKeys.ENTRY_SIZE.name();
        Integer given = explicit(conf);
        Integer taken = given;
        Path takenFrom = null;
        for (Path input : inputs) {
            int size;
            try {
                size = LayoutAttribute.worldCup98EntrySize(fs, input, given);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
            }
            if (taken != null && size != taken) {
                throw new IllegalArgumentException(key + ": the inputs hold WorldCup98 entries of different sizes, "
                        + taken + " B in " + takenFrom + " and " + size + " B in " + input + "; a job reads one");
            }
            taken = size;
            takenFrom = input;
        }
        if (taken == null) {
            throw new IllegalArgumentException(key + " is not set and the job has no input to take it from");
        }
        return taken;
    }

    /** The key's value if it was set, else null. */
    private static Integer explicit(Configuration conf) {
        String text = conf.getTrimmed(WorldCupKeys.ENTRY_SIZE.name(), "");
        try {
            return text.isEmpty() ? null : Integer.valueOf(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(WorldCupKeys.ENTRY_SIZE.name() + " must be a whole number of bytes, got '"
                    + text + "'", e);
        }
    }
}
