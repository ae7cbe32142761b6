package dev.ispd.offload.execute;

import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.schedule.Decision;
import dev.ispd.offload.settings.OffloadSettings;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A device split's answer to a straggling drive (issue 24, point 4): once the split has run
 * {@code factor} times its predicted device time (at least {@code floor}, and at least its
 * predicted host time), the host runs the whole
 * split beside it, and whichever finishes first gives the split's result; the other is stopped (the
 * drive's execution cancelled between polls, the host run at its next batch). Either gives the same
 * bytes, since both run the same tasklet over the same records. Only for a cost-based policy on
 * the measured cost basis, whose predictions are wall clock: the modeled basis predicts modeled
 * time, which says nothing of when a split is late, and a static policy (device-only) promises
 * where every split runs.
 */
final class Speculation {
    private static final Logger LOG = LoggerFactory.getLogger(Speculation.class);
    /** Threads of the host runs beside straggling splits; idle ones end after a minute. */
    private static final ExecutorService HOST_RUNS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "ispd-speculative-host-run");
        t.setDaemon(true);
        return t;
    });
    /**
     * The timers of the races: one thread, and a race that ends before its split straggles
     * removes its timer at once (most do), so it neither wakes a thread nor holds the split's
     * host run until its time would have come.
     */
    private static final ScheduledThreadPoolExecutor TIMERS = timers();

    /** A host run of the whole split that stops, at its next batch, once {@code stop} says so. */
    interface HostRun {
        Outcome run(BooleanSupplier stop) throws IOException;
    }

    private final double factor;
    private final Duration floor;

    private Speculation(double factor, Duration floor) {
        this.factor = factor;
        this.floor = floor;
    }

    static Speculation of(OffloadSettings settings) {
        boolean judged = settings.scheduler().basis() == CostBasis.MEASURED && !settings.scheduler().policy().isStatic();
        return new Speculation(judged ? settings.faults().stragglerFactor() : 0, settings.faults().stragglerFloor());
    }

    /**
     * How long the split {@code d} placed runs on its drive before it straggles; null if it never
     * does. Never before its predicted host time either: a host run predicted to take longer than
     * the drive has already taken would more likely waste a core than win.
     */
    Duration after(Decision d) {
        if (factor == 0) {
            return null;
        }
        long scaled = (long) Math.min(Long.MAX_VALUE, Math.ceil(factor * d.device().timeNs()));
        return Duration.ofNanos(Math.max(Math.max(scaled, d.host().timeNs()), floor.toNanos()));
    }

    /** The race of the split {@code d} placed against {@code host}, which starts once the split straggles. */
    Race race(Decision d, HostRun host) {
        Duration after = after(d);
        return after == null ? new Race(null, null) : new Race(after, host);
    }

    private static ScheduledThreadPoolExecutor timers() {
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "ispd-straggler-timer");
            t.setDaemon(true);
            return t;
        });
        timers.setRemoveOnCancelPolicy(true);
        return timers;
    }

    /** The races' timers not yet fired nor removed. */
    static int pendingTimers() {
        return TIMERS.getQueue().size();
    }

    /** One split's race; close it when the split has its result, so that a host run not needed stops. */
    static final class Race implements AutoCloseable {
        private final AtomicBoolean over = new AtomicBoolean();
        private final AtomicBoolean started = new AtomicBoolean();
        private final CompletableFuture<Outcome> host;
        private final ScheduledFuture<?> timer;

        private Race(Duration after, HostRun run) {
            if (after == null) {
                host = null;
                timer = null;
                return;
            }
            host = new CompletableFuture<>();
            timer = TIMERS.schedule(() -> HOST_RUNS.execute(() -> {
                if (over.get()) {
                    host.complete(null); // the device run finished as the timer fired: no host run
                    return;
                }
                started.set(true);
                try {
                    host.complete(run.run(over::get));
                } catch (IOException | RuntimeException e) {
                    if (!over.get()) {
                        LOG.info("a speculative host run failed, the device run goes on: {}", e.getMessage());
                    }
                    host.completeExceptionally(new CompletionException(e));
                }
            }), after.toNanos(), TimeUnit.NANOSECONDS);
        }

        /** Whether the host run started: the split straggled. */
        boolean started() {
            return started.get();
        }

        /** Whether the host run finished with the split's result before the device run did. */
        boolean hostWon() {
            return host != null && host.isDone() && !host.isCompletedExceptionally() && host.getNow(null) != null;
        }

        /**
         * The host run's outcome, waiting for one under way (the device run failed meanwhile); null if
         * it never started or failed.
         */
        Outcome hostOutcome() throws IOException {
            if (!started()) {
                return null;
            }
            try {
                return host.get();
            } catch (ExecutionException e) {
                return null;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for a speculative host run");
            }
        }

        /**
         * Ends the race: a host run not started never starts (its timer removed), one under way
         * stops at its next batch.
         */
        @Override
        public void close() {
            over.set(true);
            if (timer != null) {
                timer.cancel(false);
            }
        }
    }
}
