package dev.ispd.tasklet;

/**
 * Where a long-running tasklet call gives up its turn: a user module calls {@link #yieldTurn}
 * each time it has used a slice of its fuel, from inside its {@code init}, {@code scan} or
 * {@code finish}. What yielding means is the caller's: a drive's runner binds a yield point to
 * the thread that runs an execution's turns ({@link #runWith}), which parks that thread until
 * the execution's next turn (or ends the call if it was cancelled); anywhere else (the host's
 * runner, tests) yielding does nothing and the call runs on.
 */
public final class Turns {
    /** What the thread running a tasklet does when the tasklet yields. */
    @FunctionalInterface
    public interface YieldPoint {
        /** Returns when the caller may go on; may throw to end the call (a cancellation). */
        void yieldTurn();
    }

    private static final ThreadLocal<YieldPoint> CURRENT = new ThreadLocal<>();

    private Turns() {
    }

    /** Runs {@code work} on this thread with {@code point} as its yield point. */
    public static void runWith(YieldPoint point, Runnable work) {
        YieldPoint before = CURRENT.get();
        CURRENT.set(point);
        try {
            work.run();
        } finally {
            CURRENT.set(before);
        }
    }

    /** Gives up this thread's turn if a yield point is bound to it; otherwise returns at once. */
    public static void yieldTurn() {
        YieldPoint p = CURRENT.get();
        if (p != null) {
            p.yieldTurn();
        }
    }
}
