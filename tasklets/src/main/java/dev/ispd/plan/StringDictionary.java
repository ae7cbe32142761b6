package dev.ispd.plan;

/**
 * The distinct strings a columnar source's column chunk holds (a Parquet dictionary page's
 * entries), each as its bytes: a batch whose rows of a string field are all ids into one
 * ({@link ColumnBatch#dictionary}) lets a WHERE over that field alone be judged once per entry
 * instead of once per row ({@code Condition}'s per-entry test). One object per chunk: a test's
 * verdicts are kept for it by identity.
 */
public final class StringDictionary {
    private final byte[][] entries;

    /** {@code entries}: each entry's bytes, by id (not copied). */
    public StringDictionary(byte[][] entries) {
        this.entries = entries;
    }

    /** How many entries; also the id a batch gives a NULL row. */
    public int size() {
        return entries.length;
    }

    /** Entry {@code id}'s bytes (not a copy). */
    public byte[] entry(int id) {
        return entries[id];
    }
}
