package dev.ispd.tasklet;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;

/**
 * A built-in whose parameters parse into one configuration {@code C}, the same way for checking
 * them, for creating a tasklet (creation parameters overridden by runtime ones) and for a
 * scheduler's estimate, where bad parameters become the {@link IllegalArgumentException}
 * {@link TaskletFactory#estimate} promises.
 */
public abstract class ParsedTaskletFactory<C> implements TaskletFactory {
    private final String name;

    protected ParsedTaskletFactory(String name) {
        this.name = name;
    }

    /** The configuration {@code params} give, or what is wrong with them (naming the key). */
    protected abstract C parse(Params params) throws BadParameterException;

    /** A fresh tasklet for one execution configured as {@code config}. */
    protected abstract Tasklet create(C config, ScanContext context);

    /**
     * The work a scan of {@code bytes} would meter under {@code config}. This default knows the
     * pages and bytes only, for tasklets whose work is all in the data.
     */
    protected Meter estimate(C config, long bytes, int pageSize) {
        return Estimates.scanOnly(bytes, pageSize);
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final void validate(Params params) throws BadParameterException {
        parse(params);
    }

    @Override
    public final Tasklet create(Params params, Params runtimeParams, ScanContext context) throws BadParameterException {
        return create(parse(params.overriddenBy(runtimeParams)), context);
    }

    @Override
    public final Meter estimate(Params params, long bytes, int pageSize) {
        C config;
        try {
            config = parse(params);
        } catch (BadParameterException e) {
            throw Estimates.badParameters(name, e);
        }
        return estimate(config, bytes, pageSize);
    }
}
