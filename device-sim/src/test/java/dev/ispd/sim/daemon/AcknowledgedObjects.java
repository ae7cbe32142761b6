package dev.ispd.sim.daemon;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One writer's record of what the drive acknowledged: the content of each of its objects, the ids
 * it deleted, and the one operation in flight when the drive died, whose outcome is either state
 * (the drive never answered it). Ids are the writer's own and never reused, so a deleted object
 * that comes back is told apart from a new one.
 */
final class AcknowledgedObjects {

    /** An operation sent and not yet answered. */
    sealed interface Op permits Create, Write, Delete { long id(); }

    record Create(long id) implements Op { }

    record Write(long id, long offset, byte[] data) implements Op { }

    record Delete(long id) implements Op { }

    private final Map<Long, byte[]> contents = new TreeMap<>(Long::compareUnsigned);
    private final Set<Long> deleted = new HashSet<>();
    private Op inFlight;
    private long acknowledged;

    void begin(Op op) {
        inFlight = op;
    }

    /** The drive answered the operation begun last with success. */
    void acknowledge(long sizeAfter) {
        if (inFlight instanceof Create c) {
            contents.put(c.id(), new byte[0]);
        } else if (inFlight instanceof Write w) {
            byte[] after = written(contents.get(w.id()), w);
            if (after.length != sizeAfter) {
                throw new AssertionError("the drive answered size " + sizeAfter + " to a write of " + w.data().length
                        + " bytes at " + w.offset() + " of object " + w.id() + ", expected " + after.length);
            }
            contents.put(w.id(), after);
        } else {
            contents.remove(inFlight.id());
            deleted.add(inFlight.id());
        }
        inFlight = null;
        acknowledged++;
    }

    static byte[] written(byte[] before, Write w) {
        int end = Math.toIntExact(w.offset() + w.data().length);
        byte[] after = Arrays.copyOf(before, Math.max(before.length, end));
        System.arraycopy(w.data(), 0, after, (int) w.offset(), w.data().length);
        return after;
    }

    Op inFlight() {
        return inFlight;
    }

    Map<Long, byte[]> contents() {
        return contents;
    }

    Set<Long> deleted() {
        return deleted;
    }

    long acknowledged() {
        return acknowledged;
    }

    /** After a restart: the operation in flight had the outcome the drive shows, {@code now} (null: no object). */
    void settle(byte[] now) {
        if (inFlight != null) {
            if (now == null) {
                contents.remove(inFlight.id());
                if (inFlight instanceof Delete) {
                    deleted.add(inFlight.id());
                }
            } else {
                contents.put(inFlight.id(), now);
            }
            inFlight = null;
        }
    }

    /** Forgets an object the audit had to remove (its damage is already counted). */
    void drop(long id) {
        contents.remove(id);
        deleted.add(id);
    }
}
