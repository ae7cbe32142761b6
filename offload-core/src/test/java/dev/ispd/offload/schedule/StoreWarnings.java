package dev.ispd.offload.schedule;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/** The warnings {@link CorrectionStore} logs while a piece of a test runs. */
final class StoreWarnings {
    interface Step {
        void run() throws IOException;
    }

    private StoreWarnings() {
    }

    static List<String> during(Step step) throws IOException {
        List<String> warnings = new ArrayList<>();
        AppenderSkeleton capture = new AppenderSkeleton() {
            @Override
            protected void append(LoggingEvent event) {
                if (event.getLevel().toString().equals("WARN")) {
                    warnings.add(event.getRenderedMessage());
                }
            }

            @Override
            public void close() {
            }

            @Override
            public boolean requiresLayout() {
                return false;
            }
        };
        Logger log = Logger.getLogger(CorrectionStore.class);
        log.addAppender(capture);
        try {
            step.run();
        } finally {
            log.removeAppender(capture);
        }
        return warnings;
    }
}
