package dev.ispd.plan;

import java.nio.ByteBuffer;

/**
 * Where the strings of one {@code char(N)} field lie in a batch and which are NULL
 * ({@link ColumnBatch#chars}), for a WHERE leaf that compares them in place: arrays made on first
 * use and reused for every batch.
 */
final class StringPlaces {
    /** Per row, where its string starts in the buffer {@link #read} returned, and whether it is NULL. */
    int[] starts;
    boolean[] nulls;

    /** The places of {@code field}'s strings of rows {@code sel[0, n)} of {@code batch}; the buffer that holds them. */
    ByteBuffer read(ColumnBatch batch, Field field, int[] sel, int n) {
        if (starts == null) {
            starts = new int[ColumnBatch.MAX_ROWS];
            nulls = new boolean[ColumnBatch.MAX_ROWS];
        }
        batch.chars(field, sel, n, starts, nulls);
        return batch.strings();
    }
}
