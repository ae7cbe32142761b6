package dev.ispd.tasklet.spu;

import java.util.Arrays;

/** A growing list of (int key, long value) pairs: a row's y, a vertex's parent. Grows by doubling, not per pair. */
final class Pairs {
    private int[] keys = new int[1024];
    private long[] values = new long[1024];
    private int size;

    void add(int key, long value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        keys[size] = key;
        values[size] = value;
        size++;
    }

    int size() {
        return size;
    }

    int key(int i) {
        return keys[i];
    }

    long value(int i) {
        return values[i];
    }
}
