package dev.ispd.spark.read;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;

/** The log events (DEBUG and up) of the loggers under a name while a piece of code runs, through Spark's log4j2. */
final class LogCapture {
    private LogCapture() {
    }

    static List<LogEvent> of(String loggerName, Runnable code) {
        List<LogEvent> events = Collections.synchronizedList(new ArrayList<>());
        AbstractAppender appender = new AbstractAppender("capture-" + loggerName, null, null, true, Property.EMPTY_ARRAY) {
            @Override
            public void append(LogEvent event) {
                events.add(event.toImmutable());
            }
        };
        appender.start();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        Configuration config = context.getConfiguration();
        LoggerConfig logger = new LoggerConfig(loggerName, Level.DEBUG, false);
        logger.addAppender(appender, Level.DEBUG, null);
        config.addLogger(loggerName, logger);
        context.updateLoggers();
        try {
            code.run();
        } finally {
            config.removeLogger(loggerName);
            context.updateLoggers();
            appender.stop();
        }
        return new ArrayList<>(events);
    }
}
