package dev.ispd.tasklet.builtin;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.worldcup.WorldCup98;
import java.util.List;

/** Parameter rules shared by the built-ins; every error names the key and the value. */
final class BuiltinParams {
    /** Bytes per WorldCup98 entry: one of {@link WorldCup98#ENTRY_SIZES}. */
    static final String ENTRY_SIZE = "entrySize";

    private BuiltinParams() {
    }

    static int entrySize(Params params) throws BadParameterException {
        int size = params.getInt(ENTRY_SIZE, WorldCup98.RECORD_SIZE, WorldCup98.ENTRY_SIZES.get(WorldCup98.ENTRY_SIZES.size() - 1));
        if (!WorldCup98.isEntrySize(size)) {
            throw new BadParameterException("parameter '" + ENTRY_SIZE + "' must be one of " + WorldCup98.ENTRY_SIZES
                    + ", got " + size);
        }
        return size;
    }

    /** One of {@code allowed}; {@code defaultValue} when absent, or an error if that is null. */
    static String choice(Params params, String key, String defaultValue, List<String> allowed)
            throws BadParameterException {
        String v = defaultValue == null ? params.getString(key) : params.getString(key, defaultValue);
        if (!allowed.contains(v)) {
            throw new BadParameterException("parameter '" + key + "' must be one of " + String.join(", ", allowed)
                    + ", got '" + v + "'");
        }
        return v;
    }
}
