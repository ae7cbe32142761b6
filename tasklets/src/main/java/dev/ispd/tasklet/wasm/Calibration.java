package dev.ispd.tasklet.wasm;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.Estimates;
import dev.ispd.tasklet.Meter;
import dev.ispd.tasklet.TaskletRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * What a module's work on a sample of a job's data metered, to predict its work on any number of
 * bytes before a split runs (docs/model.md, "User tasklet modules"). The module runs on the host,
 * metered as every execution is, over the sample's first half and over the whole sample; each
 * count is then a line through the two runs: a fixed part per execution ({@code init},
 * {@code finish}, a result of fixed size) and a part per byte. Counts never go below zero.
 */
public record Calibration(long halfBytes, Meter half, long wholeBytes, Meter whole) {
    private static final long SAMPLE_OBJECT = 1;

    public Calibration {
        if (halfBytes <= 0 || wholeBytes <= halfBytes) {
            throw new IllegalArgumentException("a calibration needs two runs over growing samples, got " + halfBytes
                    + " and " + wholeBytes + " bytes");
        }
    }

    /**
     * Runs {@code factory}'s tasklet with {@code params} over the first half of {@code sample}
     * and over all of it (both cut to whole records of {@code recordSize} bytes, 0 for none), as
     * a drive with pages of {@code pageSize} bytes and batches of {@code pagesPerBatch} pages
     * would. {@code sample} must hold at least two records.
     */
    public static Calibration measure(WasmTaskletFactory factory, Params params, ByteBuffer sample, int recordSize,
                                      int pageSize, int pagesPerBatch) throws BadParameterException, IOException {
        int unit = Math.max(1, recordSize);
        long whole = sample.remaining() / unit * unit;
        long half = whole / unit / 2 * unit;
        HostRunner runner = new HostRunner(TaskletRegistry.builtins().with(factory), pageSize, pagesPerBatch);
        InMemoryPageSource source = InMemoryPageSource.of(SAMPLE_OBJECT, sample.slice());
        return new Calibration(half, run(runner, factory, params, half, source), whole,
                run(runner, factory, params, whole, source));
    }

    private static Meter run(HostRunner runner, WasmTaskletFactory factory, Params params, long bytes,
                             InMemoryPageSource source) throws BadParameterException, IOException {
        return runner.run(factory.name(), params, Params.EMPTY, List.of(new Extent(SAMPLE_OBJECT, 0, bytes)), source)
                .meter();
    }

    /** The work a scan of {@code bytes} bytes in pages of {@code pageSize} would meter. */
    public Meter estimate(long bytes, int pageSize) {
        Meter m = Estimates.scanOnly(bytes, pageSize);
        m.addRecords(line(half.records(), whole.records(), bytes));
        m.addDramAccesses(line(half.dramAccesses(), whole.dramAccesses(), bytes));
        m.addCompares(line(half.compares(), whole.compares(), bytes));
        m.addHashUpdates(line(half.hashUpdates(), whole.hashUpdates(), bytes));
        m.addBytesOut(line(half.bytesOut(), whole.bytesOut(), bytes));
        m.addInstructions(line(half.instructions(), whole.instructions(), bytes));
        return m;
    }

    /** The count at {@code bytes} on the line through (halfBytes, atHalf) and (wholeBytes, atWhole). */
    private long line(long atHalf, long atWhole, long bytes) {
        double perByte = (double) (atWhole - atHalf) / (wholeBytes - halfBytes);
        return Math.max(0, Math.round(atWhole + perByte * (bytes - wholeBytes)));
    }
}
