package dev.ispd.tasklet.spu;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import java.util.BitSet;
import java.util.HexFormat;

/**
 * A set of graph vertices as a BFS parameter: the bytes of its bitmap (vertex v is bit v % 8 of
 * byte v / 8) in hex.
 */
public final class VertexSet {
    private VertexSet() {
    }

    /** The parameter value of {@code vertices}. */
    public static String param(BitSet vertices) {
        return HexFormat.of().formatHex(vertices.toByteArray());
    }

    /** The set named by {@code key}; every vertex must be below {@code count}. */
    static BitSet read(Params params, String key, int count) throws BadParameterException {
        String text = params.getString(key);
        BitSet set;
        try {
            set = BitSet.valueOf(HexFormat.of().parseHex(text));
        } catch (IllegalArgumentException e) {
            throw new BadParameterException("parameter '" + key + "' must be a bitmap in hex: " + e.getMessage());
        }
        if (set.length() > count) {
            throw new BadParameterException("parameter '" + key + "' holds vertex " + (set.length() - 1)
                    + ", but the graph has " + count + " vertices");
        }
        return set;
    }
}
