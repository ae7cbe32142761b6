package dev.ispd.tasklet.builtin;

import java.util.Arrays;

/**
 * The distinct (object id, page index) pairs a filter found, in the order first added. Primitive
 * arrays and an open-addressing index, so adding a page allocates nothing except when the arrays
 * double.
 */
final class PageList {
    private long[] objectIds = new long[64];
    private long[] pages = new long[64];
    private int size;
    // Slot i holds 1 + the index of a pair in the arrays above, 0 when free. At most half full.
    private int[] slots = new int[128];

    /** Adds the pair unless present; returns whether it was added. */
    boolean add(long objectId, long page) {
        int mask = slots.length - 1;
        for (int s = hash(objectId, page) & mask; ; s = (s + 1) & mask) {
            int at = slots[s] - 1;
            if (at < 0) {
                if (size == objectIds.length) {
                    objectIds = Arrays.copyOf(objectIds, size * 2);
                    pages = Arrays.copyOf(pages, size * 2);
                }
                objectIds[size] = objectId;
                pages[size] = page;
                slots[s] = ++size;
                if (size * 2 > slots.length) {
                    rehash(slots.length * 2);
                }
                return true;
            }
            if (objectIds[at] == objectId && pages[at] == page) {
                return false;
            }
        }
    }

    int size() {
        return size;
    }

    long objectId(int i) {
        return objectIds[i];
    }

    long page(int i) {
        return pages[i];
    }

    private void rehash(int capacity) {
        slots = new int[capacity];
        int mask = capacity - 1;
        for (int i = 0; i < size; i++) {
            int s = hash(objectIds[i], pages[i]) & mask;
            while (slots[s] != 0) {
                s = (s + 1) & mask;
            }
            slots[s] = i + 1;
        }
    }

    private static int hash(long objectId, long page) {
        // The finalizer of MurmurHash3 (fmix64) over both words: consecutive pages spread out.
        long h = objectId * 0x9E3779B97F4A7C15L + page;
        h ^= h >>> 33;
        h *= 0xFF51AFD7ED558CCDL;
        h ^= h >>> 33;
        h *= 0xC4CEB9FE1A85EC53L;
        h ^= h >>> 33;
        return (int) h;
    }
}
