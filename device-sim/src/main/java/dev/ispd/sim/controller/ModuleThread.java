package dev.ispd.sim.controller;

import dev.ispd.tasklet.BatchListener;
import dev.ispd.tasklet.Turns;
import java.util.function.BooleanSupplier;

/**
 * The thread a module execution's turns run on, so that a call into the module can stop in the
 * middle, at the end of a fuel slice ({@link Turns#yieldTurn}), and go on at the execution's next
 * turn: WebAssembly calls cannot be suspended and resumed on one thread, so the call waits on its
 * own. Control passes back and forth: the runner hands this thread a turn and waits until the
 * turn's work ends or yields, so at any time only one of them runs, and the model's calls keep
 * their order. A turn that yields leaves its work half done for the next turn; the execution's
 * cancellation is seen at every yield, so a module that never returns is stopped within a slice.
 */
final class ModuleThread {
    private final Execution execution;
    private final Thread thread;
    /** Whose move it is: true while this thread runs the execution's work. */
    private boolean threadsMove;
    /** The work of the turn in progress, or null between turns' work. */
    private BooleanSupplier work;
    private boolean more;
    private Throwable failure;
    private volatile boolean abandoned;

    ModuleThread(Execution execution, String name) {
        this.execution = execution;
        this.thread = new Thread(this::loop, name + "-module-" + execution.id);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Runs {@code turn} on this thread, or goes on with the turn's work that yielded last time,
     * until it ends (its value: whether the execution has more to do) or yields (true).
     */
    synchronized boolean turn(BooleanSupplier turn) throws InterruptedException {
        if (work == null) {
            work = turn;
        }
        threadsMove = true;
        notifyAll();
        while (threadsMove) {
            wait();
        }
        if (failure instanceof RuntimeException re) {
            throw re;
        }
        if (failure instanceof Error err) {
            throw err;
        }
        return work != null || more;
    }

    /** Lets a thread waiting for its next turn end its work, cancelled: the drive is going away. */
    synchronized void abandon() {
        abandoned = true;
        threadsMove = true;
        notifyAll();
    }

    private void loop() {
        try {
            while (true) {
                BooleanSupplier w = awaitMove();
                if (w == null) {
                    return; // abandoned between turns
                }
                boolean[] result = new boolean[1];
                Throwable failed = null;
                try {
                    Turns.runWith(this::yieldTurn, () -> result[0] = w.getAsBoolean());
                } catch (RuntimeException | Error t) {
                    failed = t;
                }
                synchronized (this) {
                    work = null;
                    more = result[0];
                    failure = failed;
                    threadsMove = false;
                    notifyAll();
                    if (!more || failed != null || abandoned) {
                        return;
                    }
                }
            }
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized BooleanSupplier awaitMove() throws InterruptedException {
        while (!threadsMove) {
            wait();
        }
        return work;
    }

    /** The module's yield point: hands the move back to the runner, then waits for the next turn. */
    private void yieldTurn() {
        checkCancelled();
        synchronized (this) {
            threadsMove = false;
            notifyAll();
            try {
                while (!threadsMove) {
                    wait();
                }
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                abandoned = true;
            }
        }
        checkCancelled();
    }

    private void checkCancelled() {
        if (abandoned || execution.cancelRequested()) {
            throw new BatchListener.ScanCancelledException("execution " + execution.id + " cancelled");
        }
    }
}
