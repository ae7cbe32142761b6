package dev.ispd.examples.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.mapreduce.JobID;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.apache.log4j.spi.ThrowableInformation;

/**
 * The exceptions the tasks of failed jobs ended with in Hadoop's local runner. The local runner
 * keeps no failure reason (its job status says "NA", and it has no task diagnostics or completion
 * events): it only logs the task's exception, as a warning whose message is the job's id. This
 * appender on its logger keeps the latest few of them by job id, in place of the console: the
 * command's error names the task's exception in one line ({@code --verbose} adds its stack
 * trace), so the runner's own warning, 40-odd lines of stack trace, is not printed too. The
 * runner's other messages go to the console as before.
 */
final class LocalRunnerFailures extends AppenderSkeleton {
    private static final String RUNNER_LOGGER = "org.apache.hadoop.mapred.LocalJobRunner";
    /** Failures kept: a command reads its job's right after the job ends. */
    private static final int KEPT = 16;

    private static final Map<String, Throwable> FAILURES = new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Throwable> eldest) {
            return size() > KEPT;
        }
    };
    private static boolean watching;

    private LocalRunnerFailures() {
    }

    /** Starts keeping the local runner's task failures, once per JVM. */
    static synchronized void watch() {
        if (!watching) {
            Logger runner = Logger.getLogger(RUNNER_LOGGER);
            runner.addAppender(new LocalRunnerFailures());
            runner.setAdditivity(false); // append() passes on what it does not keep
            watching = true;
        }
    }

    /** The exception {@code job}'s failed task ended with, if the local runner logged one since {@link #watch}. */
    static Optional<Throwable> take(JobID job) {
        synchronized (FAILURES) {
            return Optional.ofNullable(FAILURES.remove(job.toString())).map(LocalRunnerFailures::unwrapped);
        }
    }

    /** The first exception in the chain that is more than a wrapper of its cause (whose message is the cause's text). */
    private static Throwable unwrapped(Throwable t) {
        Throwable e = t;
        while (e.getCause() != null && e.getCause().toString().equals(e.getMessage())) {
            e = e.getCause();
        }
        return e;
    }

    @Override
    protected void append(LoggingEvent event) {
        ThrowableInformation thrown = event.getThrowableInformation();
        if (thrown != null && thrown.getThrowable() != null) {
            synchronized (FAILURES) {
                FAILURES.put(String.valueOf(event.getMessage()), thrown.getThrowable());
            }
        } else {
            Logger.getRootLogger().callAppenders(event);
        }
    }

    @Override
    public boolean requiresLayout() {
        return false;
    }

    @Override
    public void close() {
    }
}
