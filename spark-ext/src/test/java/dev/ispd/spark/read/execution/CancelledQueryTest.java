package dev.ispd.spark.read.execution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.client.Drive;
import dev.ispd.client.ObjectStat;
import dev.ispd.hadoop.fs.OsdDrives;
import dev.ispd.protocol.ObjectKind;
import dev.ispd.spark.SparkDrives;
import dev.ispd.spark.WorldCupFiles;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkException;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A query Spark cancels ({@code cancelJobGroup}) while its partitions' executions run in real
 * in-JVM drives (paced: an execution takes minutes of wall time), with and without interrupting
 * the tasks, with the aggregation gathered into one partition or one partition per split: the
 * tasks stop at once, each cancelling its execution in the drive; the runs are logged as
 * cancelled, never as device faults, retries or fallbacks to the host; and once the query's end is
 * handled no tasklet instance is left on the drives.
 */
class CancelledQueryTest {
    private static final String EXECUTE = "dev.ispd.offload.execute";

    @RegisterExtension
    static final SparkDrives DRIVES = new SparkDrives(new OsdDrives(2, 100_000).paced(1e5));

    private static String file;
    /** Tasks started and not yet ended, as Spark's listener bus reports them. */
    private static final AtomicInteger RUNNING = new AtomicInteger();

    @BeforeAll
    static void load() throws IOException {
        file = DRIVES.write("/cancel/day.bin", WorldCupFiles.generate(31, 4_000, 256));
        DRIVES.spark().sparkContext().addSparkListener(new SparkListener() {
            @Override
            public void onTaskStart(SparkListenerTaskStart start) {
                RUNNING.incrementAndGet();
            }

            @Override
            public void onTaskEnd(SparkListenerTaskEnd end) {
                RUNNING.decrementAndGet();
            }
        });
    }

    @ParameterizedTest(name = "interrupt {0}, gathered {1}")
    @CsvSource({"true, true", "false, true", "true, false", "false, false"})
    void aCancelledQueryCancelsItsExecutionsLeavesNothingAndIsNoFault(boolean interrupt, boolean gathered)
            throws Exception {
        SparkContext sc = DRIVES.spark().sparkContext();
        String group = "cancel-" + interrupt + "-" + gathered;
        Dataset<Row> q1 = DRIVES.spark().read().format("ispd").option("layout", "worldcup98").option("entrySize", 256)
                .option("ispd.offload.policy", "device-only")
                .option("ispd.aggregate.gather", gathered).load(file).groupBy("region").count();
        List<String> logged = Collections.synchronizedList(new ArrayList<>());
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread query = new Thread(() -> {
            sc.setJobGroup(group, "a query to cancel", interrupt);
            try {
                q1.collect();
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        try (AutoCloseable capture = capture(logged)) {
            long scannedBefore = bytesScanned();
            query.start();
            awaitAnExecutionInADrive(scannedBefore);
            sc.cancelJobGroup(group);
            query.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(query.isAlive(), "the query ended");
            assertInstanceOf(SparkException.class, thrown.get());
            ExecutionEnds.of(sc).awaitEnd(q1.queryExecution().queryId(), Duration.ofSeconds(60));
            awaitNoRunningTasks();
        }
        assertTrue(logged.stream().anyMatch(l -> l.contains("cancelled with its task")), logged.toString());
        assertEquals(List.of(), logged.stream().filter(l -> l.contains("failed on drive") || l.contains("falling back")
                || l.contains("could not delete")).toList(), "no device fault, retry or fallback");
        for (int d = 0; d < 2; d++) {
            try (Drive drive = Drive.connect(DRIVES.address(d))) {
                List<ObjectStat> left = drive.list().stream().filter(o -> o.kind() == ObjectKind.TASKLET).toList();
                assertEquals(List.of(), left, "tasklet instances left on drive " + d);
            }
        }
    }

    /**
     * Waits until a task of the query runs an execution in a drive (which takes minutes to
     * answer): until a drive has scanned bytes since {@code before}. Nothing else scans in them:
     * the statistics' sample is read, not scanned. A fixed wait after the tasks start could end
     * on a loaded machine before any execution reached a drive, and then none would be cancelled.
     */
    private static void awaitAnExecutionInADrive(long before) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (RUNNING.get() == 0 || bytesScanned() == before) {
            assertTrue(System.nanoTime() < deadline, "no execution of the query reached a drive");
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** The bytes the drives have scanned in executions, summed. */
    private static long bytesScanned() throws IOException {
        long scanned = 0;
        for (int d = 0; d < 2; d++) {
            try (Drive drive = Drive.connect(DRIVES.address(d))) {
                scanned += drive.deviceLog().bytesReadInternal();
            }
        }
        return scanned;
    }

    /** The killed tasks end within seconds, not when their paced executions would finish. */
    private static void awaitNoRunningTasks() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (RUNNING.get() > 0) {
            assertTrue(System.nanoTime() < deadline, "the cancelled tasks are still running");
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    /** Captures what the offload core's executor logs at INFO and above, until closed. */
    private static AutoCloseable capture(List<String> lines) {
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        AbstractAppender appender = new AbstractAppender("cancelled-query-test", null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                lines.add(event.getLevel() + " " + event.getMessage().getFormattedMessage());
            }
        };
        appender.start();
        LoggerConfig logger = new LoggerConfig(EXECUTE, Level.INFO, true);
        logger.addAppender(appender, Level.INFO, null);
        config.addLogger(EXECUTE, logger);
        context.updateLoggers();
        return () -> {
            config.removeLogger(EXECUTE);
            context.updateLoggers();
            appender.stop();
        };
    }
}
