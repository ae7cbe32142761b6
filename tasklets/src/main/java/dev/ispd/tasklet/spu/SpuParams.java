package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;

/** Parameter rules of the SPU applications; every error names the key and, in a list, the position. */
final class SpuParams {
    private SpuParams() {
    }

    /** A comma-separated list of ints, {@code min..max} entries long. */
    static int[] ints(Params params, String key, int min, int max) throws BadParameterException {
        String text = params.getString(key);
        String[] parts = text.isBlank() ? new String[0] : text.split(",", -1);
        if (parts.length < min || parts.length > max) {
            throw new BadParameterException("parameter '" + key + "' must list " + min + " to " + max
                    + " integers, got " + parts.length);
        }
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                values[i] = Integer.parseInt(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new BadParameterException("parameter '" + key + "' entry " + i + " must be an integer, got '"
                        + parts[i] + "'");
            }
        }
        return values;
    }

    /** The ints as {@link #ints} reads them. */
    static String text(int[] values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ",").append(values[i]);
        }
        return b.toString();
    }

    /** Pages of {@code pageSize} the bytes {@code [offset, offset + length)} of an object touch. */
    static long pagesTouched(long offset, long length, int pageSize) {
        return length == 0 ? 0 : (offset + length - 1) / pageSize - offset / pageSize + 1;
    }
}
