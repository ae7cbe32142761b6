package dev.ispd.offload;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/** The warnings a class logs while a test listens: from {@link #of} to {@link #close}. */
public final class Warnings extends AppenderSkeleton implements AutoCloseable {
    private final Logger logger;
    private final List<String> messages = new CopyOnWriteArrayList<>();

    private Warnings(Logger logger) {
        this.logger = logger;
    }

    /** Starts listening to the warnings (and errors) of {@code source}'s logger. */
    public static Warnings of(Class<?> source) {
        Warnings w = new Warnings(Logger.getLogger(source));
        w.logger.addAppender(w);
        return w;
    }

    /** The messages so far, in order. */
    public List<String> messages() {
        return List.copyOf(messages);
    }

    @Override
    protected void append(LoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
            messages.add(event.getRenderedMessage());
        }
    }

    @Override
    public boolean requiresLayout() {
        return false;
    }

    @Override
    public void close() {
        logger.removeAppender(this);
    }
}
