package dev.ispd.offload.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.Test;

/**
 * Every decision is logged at DEBUG with both predicted costs and its reason, then one summary at INFO
 * (Hadoop's log4j backend): a default log shows one line per plan, not one per split.
 */
class DecisionLogTest {

    private static final class Capture extends AppenderSkeleton {
        final List<String> lines = new ArrayList<>();
        final List<Level> levels = new ArrayList<>();

        @Override
        protected void append(LoggingEvent event) {
            lines.add(event.getRenderedMessage());
            levels.add(event.getLevel());
        }

        @Override
        public void close() {
        }

        @Override
        public boolean requiresLayout() {
            return false;
        }
    }

    @Test
    void everyDecisionIsLoggedAtDebugAndTheSummaryAtInfo() {
        Logger logger = Logger.getLogger(OffloadScheduler.class);
        Level before = logger.getLevel();
        Capture capture = new Capture();
        logger.addAppender(capture);
        logger.setLevel(Level.DEBUG);
        try {
            Map<String, String> conf = new HashMap<>();
            conf.put(OffloadKeys.OFFLOAD_POLICY.name(), "fastest");
            Meter m = TaskletRegistry.builtins().find("q1").orElseThrow().estimate(Params.of("entrySize", "256"), 1 << 28, 8192);
            List<SplitWork> splits = IntStream.range(0, 3).mapToObj(i -> new SplitWork(i, 0, 1 << 28, m)).toList();
            List<Decision> ds = OffloadScheduler.create(OffloadSettings.of(conf).scheduler(),
                    Collections.nCopies(1, Profiles.device("smartssd-2013").capabilities()), new long[1]).plan(splits);
            assertEquals(4, capture.lines.size(), capture.lines.toString());
            for (Decision d : ds) {
                String line = capture.lines.get(d.index());
                assertTrue(line.startsWith("split " + d.index() + " -> " + d.placement() + " drive 0: device " + d.device()
                        + ", host " + d.host() + ", policy fastest: " + d.reason()), line);
                assertEquals(Level.DEBUG, capture.levels.get(d.index()), line);
            }
            assertTrue(capture.lines.get(3).startsWith("offload plan (fastest): 3 split(s), "), capture.lines.get(3));
            assertEquals(Level.INFO, capture.levels.get(3));
        } finally {
            logger.removeAppender(capture);
            logger.setLevel(before);
        }
    }
}
