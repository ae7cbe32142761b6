package dev.ispd.sim.hostif;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The bytes a server's connections may hold in receive buffers grown beyond their first
 * {@link ServerLimits#INITIAL_RECEIVE_BUFFER} ({@link ServerLimits#receiveMemory}). A connection
 * reserves before it grows its buffer, so concurrent large writes wait for each other instead
 * of exhausting the JVM's memory. Between frames a connection keeps its grown buffer
 * ({@link #park}), so a client writing large frames back to back does not allocate each one
 * anew; a reservation that finds the budget short takes parked bytes back first, oldest first,
 * and the connection whose buffer was taken starts its next frame from its first buffer.
 */
final class ReceiveMemory {
    private final long limit;
    /** Bytes reserved now, parked ones included; guarded by this. */
    private long reserved;
    /** Connections keeping a grown buffer between frames, and its bytes, oldest first; guarded by this. */
    private final Map<Object, Long> parked = new LinkedHashMap<>();

    ReceiveMemory(long limit) {
        this.limit = limit;
    }

    long limit() {
        return limit;
    }

    /**
     * Reserves {@code bytes}, taking back parked buffers and then waiting up to {@code waitNs} for
     * bytes to be released; false if they were not.
     */
    synchronized boolean reserve(long bytes, long waitNs) {
        long deadline = System.nanoTime() + waitNs;
        try {
            for (long left = waitNs; !fits(bytes); left = deadline - System.nanoTime()) {
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        reserved += bytes;
        return true;
    }

    /** True if {@code bytes} fit, once as many parked buffers as needed are taken back. */
    private boolean fits(long bytes) {
        Iterator<Long> oldest = parked.values().iterator();
        while (reserved + bytes > limit && oldest.hasNext()) {
            reserved -= oldest.next();
            oldest.remove();
        }
        return reserved + bytes <= limit;
    }

    synchronized void release(long bytes) {
        reserved -= bytes;
        notifyAll();
    }

    /** {@code owner} keeps {@code bytes} of grown buffer until its next frame, unless a reservation takes them. */
    synchronized void park(Object owner, long bytes) {
        parked.put(owner, bytes);
        notifyAll();
    }

    /** Ends {@code owner}'s parking: true if it still has its bytes (reserved again), false if they were taken. */
    synchronized boolean unpark(Object owner) {
        return parked.remove(owner) != null;
    }

    synchronized long reserved() {
        return reserved;
    }
}
