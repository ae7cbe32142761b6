package dev.ispd.hadoop.parquet;

import dev.ispd.host.HostRunner;
import dev.ispd.host.InMemoryPageSource;
import dev.ispd.offload.plan.ParquetInput;
import dev.ispd.plan.Plan;
import dev.ispd.plan.PlanTaskletFactory;
import dev.ispd.plan.parquet.ParquetRowGroup;
import dev.ispd.plan.parquet.ParquetSource;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.ScanContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * A row group's column chunks as pages (each a Thrift header and its body), to damage one page
 * and put the chunks back together; and the drive's decoder run over chunks, as a drive runs a
 * split's row group ({@link HostRunner} runs the same tasklet over in-memory extents).
 */
final class ChunkPages {
    /** One page: its header as written and its body (compressed, with a v2 page's levels). */
    record Page(PageHeader header, byte[] body) {
        Page withHeader(PageHeader h) {
            return new Page(h, body);
        }

        Page withBody(byte[] b) {
            return new Page(header, b);
        }
    }

    private ChunkPages() {
    }

    /** The pages of each chunk of {@code g} in {@code file}. */
    static List<List<Page>> of(byte[] file, ParquetInput.RowGroup g) {
        List<List<Page>> chunks = new ArrayList<>();
        for (int c = 0; c < g.chunkOffsets().size(); c++) {
            int start = (int) (long) g.chunkOffsets().get(c);
            int length = (int) g.group().chunks().get(c).length();
            ByteArrayInputStream in = new ByteArrayInputStream(file, start, length);
            List<Page> pages = new ArrayList<>();
            try {
                while (in.available() > 0) {
                    PageHeader h = Util.readPageHeader(in);
                    pages.add(new Page(h, in.readNBytes(h.getCompressed_page_size())));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            chunks.add(pages);
        }
        return chunks;
    }

    /** {@code header} serialized as a page header is. */
    static byte[] bytes(PageHeader header) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            Util.writePageHeader(header, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** The bytes of {@code pages}, back to back. */
    static byte[] chunk(List<Page> pages) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Page p : pages) {
            out.writeBytes(bytes(p.header()));
            out.writeBytes(p.body());
        }
        return out.toByteArray();
    }

    /**
     * Runs {@code plan} over {@code chunks} (each a column chunk of {@code input}'s columns, in
     * order) as row group {@code g} of a file named {@code name}; returns the plan's result bytes.
     */
    static byte[] run(String name, ParquetInput input, Plan plan, ParquetRowGroup g, List<byte[]> chunks) {
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        List<ParquetRowGroup.Chunk> sized = new ArrayList<>();
        List<Extent> extents = new ArrayList<>();
        for (int c = 0; c < chunks.size(); c++) {
            extents.add(new Extent(1, file.size(), chunks.get(c).length));
            sized.add(new ParquetRowGroup.Chunk(g.chunks().get(c).codec(), chunks.get(c).length, 0, g.rows()));
            file.writeBytes(chunks.get(c));
        }
        ParquetSource source = new ParquetSource(name, input.columns(),
                List.of(new ParquetRowGroup(g.index(), g.rows(), sized)));
        try {
            return new HostRunner(8192, 4).run(new PlanTaskletFactory("parquet", plan).create(Params.EMPTY,
                    source.toParams(), new ScanContext(8192)), extents,
                    new InMemoryPageSource(Map.of(1L, ByteBuffer.wrap(file.toByteArray())))).bytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (BadParameterException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The chunks of row group {@code g} of {@code file} as they are stored. */
    static List<byte[]> stored(byte[] file, ParquetInput.RowGroup g) {
        List<byte[]> chunks = new ArrayList<>();
        for (int c = 0; c < g.chunkOffsets().size(); c++) {
            int start = (int) (long) g.chunkOffsets().get(c);
            chunks.add(Arrays.copyOfRange(file, start, start + (int) g.group().chunks().get(c).length()));
        }
        return chunks;
    }
}
