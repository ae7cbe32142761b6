package dev.ispd.sim.store;

import dev.ispd.protocol.ReservedValues;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Object ids {@code first} to {@code last}, both included, compared unsigned as on the wire. */
public record IdRange(long first, long last) {
    /** The ids a drive picks itself: from 1 up to the well-known ids. */
    public static final IdRange ORDINARY = new IdRange(1, ReservedValues.WELL_KNOWN_ID_FIRST - 1);

    public IdRange {
        if (first == 0 || Long.compareUnsigned(first, last) > 0) {
            throw new IllegalArgumentException("an id range runs from an id >= 1 to one no smaller, got "
                    + Long.toUnsignedString(first) + "-" + Long.toUnsignedString(last));
        }
    }

    public boolean contains(long id) {
        return Long.compareUnsigned(id, first) >= 0 && Long.compareUnsigned(id, last) <= 0;
    }

    public boolean contains(IdRange r) {
        return contains(r.first) && contains(r.last);
    }

    /** The ids both ranges hold, or null if none. */
    public IdRange intersection(IdRange r) {
        long from = Long.compareUnsigned(first, r.first) >= 0 ? first : r.first;
        long to = Long.compareUnsigned(last, r.last) <= 0 ? last : r.last;
        return Long.compareUnsigned(from, to) <= 0 ? new IdRange(from, to) : null;
    }

    /** The ids of this range outside every one of {@code holes}, as ranges in order. */
    public List<IdRange> minus(List<IdRange> holes) {
        List<IdRange> sorted = new ArrayList<>(holes);
        sorted.sort(Comparator.comparing(IdRange::first, Long::compareUnsigned));
        List<IdRange> pieces = new ArrayList<>();
        long from = first;
        for (IdRange hole : sorted) {
            IdRange h = intersection(hole);
            if (h == null || Long.compareUnsigned(h.last, from) < 0) {
                continue;
            }
            if (Long.compareUnsigned(h.first, from) > 0) {
                pieces.add(new IdRange(from, h.first - 1));
            }
            if (h.last == last) {
                return pieces;
            }
            from = h.last + 1;
        }
        pieces.add(new IdRange(from, last));
        return pieces;
    }

    @Override
    public String toString() {
        return first == last ? "0x" + Long.toHexString(first)
                : "0x" + Long.toHexString(first) + "-0x" + Long.toHexString(last);
    }
}
