package dev.ispd.tasklet.wasm;

import com.dylibso.chicory.runtime.ChicoryInterruptedException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Bounds the real time of a call into a module. The runtime checks the thread's interrupt flag
 * on loop back edges and calls, so interrupting the calling thread stops even a module that
 * loops forever; the flag is raised only while the call is still inside the module, and cleared
 * again before the caller goes on.
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
    private boolean inside = true;
    private boolean fired;

    private Watchdog() {
    }

    /** Runs {@code call} in this thread; {@link TimedOut} if it is still running after {@code budgetNanos}. */
    static <T> T run(long budgetNanos, Supplier<T> call) {
        if (budgetNanos <= 0) {
            throw new TimedOut();
        }
        Watchdog w = new Watchdog();
        ScheduledFuture<?> timer = TIMER.schedule(w::fire, budgetNanos, TimeUnit.NANOSECONDS);
        try {
            return call.get();
        } catch (ChicoryInterruptedException e) {
            if (w.leave()) {
                throw new TimedOut();
            }
            throw e;
        } finally {
            timer.cancel(false);
            if (w.leave()) {
                Thread.interrupted(); // ours, raised as the call returned: not for the caller
            }
        }
    }

    private synchronized void fire() {
        if (inside) {
            fired = true;
            thread.interrupt();
        }
    }

    /** Marks the call as left; whether the watchdog interrupted it. */
    private synchronized boolean leave() {
        inside = false;
        return fired;
    }
}
