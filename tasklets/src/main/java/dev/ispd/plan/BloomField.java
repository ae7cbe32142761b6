package dev.ispd.plan;

/** A {@link KeyBloom} filter: a compare per probe. */
final class BloomField extends FieldCondition {
    private final long[] bits;
    private final int hashes;
    private final boolean absent;

    BloomField(Field field, long[] bits, int hashes, boolean absent) {
        super(field, hashes);
        this.bits = bits;
        this.hashes = hashes;
        this.absent = absent;
    }

    @Override
    boolean holds(long v) {
        return KeyBloom.mightContain(bits, hashes, v) != absent;
    }

    /** The rows' probes in a loop of its own: the base loop's call of {@link #holds} is one site for every leaf kind. */
    @Override
    int keep(long[] values, int[] rows, int m, int[] out) {
        int k = 0;
        for (int i = 0; i < m; i++) {
            int r = rows[i];
            if (KeyBloom.mightContain(bits, hashes, values[r]) != absent) {
                out[k++] = r;
            }
        }
        return k;
    }
}
