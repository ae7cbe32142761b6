package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.runtime.ChicoryInterruptedException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Bounds the real time of a call into a module. The runtime checks the thread's interrupt flag
 * on loop back edges and calls, so interrupting the calling thread stops even a module that
 * loops forever; the flag is raised only while the call is still inside the module, and cleared
 * again before the caller goes on. While the module has given up its turn ({@link #pause} to
 * {@link #resume}) its clock stops: the budget is time spent running.
 */
final class Watchdog {
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ispd-wasm-watchdog");
        t.setDaemon(true);
        return t;
    });

    /** Thrown when a call ran out of its time. */
    static final class TimedOut extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TimedOut() {
            super(null, null, false, false);
        }
    }

    private final Thread thread = Thread.currentThread();
    private long budgetNanos;
    private long runningSinceNs;
    private ScheduledFuture<?> timer;
    private boolean inside = true;
    private boolean paused;
    private boolean fired;

    private Watchdog(long budgetNanos) {
        this.budgetNanos = budgetNanos;
    }

    /** Runs {@code call} in this thread; {@link TimedOut} if it has run for more than {@code budgetNanos}. */
    static <T> T run(long budgetNanos, Function<Watchdog, T> call) {
        if (budgetNanos <= 0) {
            throw new TimedOut();
        }
        Watchdog w = new Watchdog(budgetNanos);
        w.resume();
        try {
            return call.apply(w);
        } catch (ChicoryInterruptedException e) {
            if (w.leave()) {
                throw new TimedOut();
            }
            throw e;
        } finally {
            if (w.leave()) {
                Thread.interrupted(); // ours, raised as the call returned: not for the caller
            }
        }
    }

    /** Stops the clock while the call waits for its next turn; {@link TimedOut} if it already ran out. */
    synchronized void pause() {
        timer.cancel(false);
        if (fired) {
            throw new TimedOut();
        }
        budgetNanos -= System.nanoTime() - runningSinceNs;
        paused = true;
    }

    /** Starts the clock again with what is left of the budget. */
    synchronized void resume() {
        runningSinceNs = System.nanoTime();
        paused = false;
        timer = TIMER.schedule(this::fire, Math.max(0, budgetNanos), TimeUnit.NANOSECONDS);
    }

    private synchronized void fire() {
        if (inside && !paused) {
            fired = true;
            thread.interrupt();
        }
    }

    /** Marks the call as left; whether the watchdog interrupted it. */
    private synchronized boolean leave() {
        timer.cancel(false);
        inside = false;
        return fired;
    }
}
