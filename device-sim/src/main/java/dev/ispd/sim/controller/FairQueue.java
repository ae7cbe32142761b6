package dev.ispd.sim.controller;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The executions waiting for the runner, one FIFO per owner (a connection), served round-robin:
 * each {@link #take} gives the head of the owner whose turn it is, and that owner goes to the
 * back of the line. An execution that has more to do after its turn is {@link #putBack} at the
 * head of its owner's FIFO, so an owner's executions still run in submission order while every
 * owner with work gets a turn before any gets a second.
 */
final class FairQueue {
    private final Map<Object, Deque<Execution>> byOwner = new HashMap<>();
    /** Owners with queued work, in turn order. */
    private final Deque<Object> turns = new ArrayDeque<>();

    synchronized void add(Execution e) {
        enqueue(e, false);
    }

    /** Requeues an execution that ran a turn and is not finished, ahead of its owner's later ones. */
    synchronized void putBack(Execution e) {
        enqueue(e, true);
    }

    private void enqueue(Execution e, boolean first) {
        Deque<Execution> q = byOwner.computeIfAbsent(e.owner, o -> new ArrayDeque<>());
        if (q.isEmpty()) {
            turns.addLast(e.owner);
        }
        if (first) {
            q.addFirst(e);
        } else {
            q.addLast(e);
        }
        notifyAll();
    }

    /** The next execution to run a turn, waiting up to {@code timeoutMs}; null if none came. */
    synchronized Execution take(long timeoutMs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (turns.isEmpty()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return null;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        Object owner = turns.removeFirst();
        Deque<Execution> q = byOwner.get(owner);
        Execution e = q.removeFirst();
        if (q.isEmpty()) {
            byOwner.remove(owner);
        } else {
            turns.addLast(owner);
        }
        return e;
    }
}
