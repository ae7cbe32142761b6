package dev.ispd.plan.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.zip.CRC32;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.Util;

/**
 * The pages of one column chunk, for parquet-column's {@code ColumnReaderImpl}: page headers read
 * with parquet-format's Thrift structures, bodies decompressed ({@link PageCodecs}), handed over as
 * parquet-column's page objects (dictionary, data page v1 and v2; index pages skipped). The
 * encodings (PLAIN, dictionary, RLE/bit-packed levels, delta, byte-stream-split) are
 * parquet-column's own. Every header is read up front; a data page's body is checked and
 * decompressed only when it is read, so a page {@link #skipPage skipped} by its header's value
 * count (rows before a part) and those after the last row a part reads cost nothing. A data page
 * is decompressed into the column's {@link PageRoom} (so it is read before the next one is), an
 * uncompressed one read where it lies in the chunk. A page that
 * runs past the chunk, or fails the CRC-32 its header carries (parquet-java writes one by
 * default), is an {@link IOException} naming the byte.
 */
final class ColumnChunkPages implements PageReader {
    /** Most bytes of one uncompressed page (writers make pages of about 1 MiB): a damaged header cannot exhaust memory. */
    static final int MAX_PAGE_BYTES = 64 << 20;
    private final byte[] chunk;
    private final int codec;
    /** Where the data pages are decompressed: {@link #room}'s array of column {@link #column}. */
    private final PageRoom room;
    private final int column;
    private final ArrayDeque<Stored> pages = new ArrayDeque<>();
    private DictionaryPage dictionary;
    private long values;

    /**
     * A data page as stored: its header, where its body starts in the chunk's array, where its
     * header is in the chunk, and its number among the chunk's data pages (from 1).
     */
    private record Stored(PageHeader header, int start, int at, int number) {
        /** The page as an error names it. */
        String name() {
            return "data page " + number + " at byte " + at + " of the column chunk";
        }

        int valueCount() {
            return header.getType() == PageType.DATA_PAGE ? header.getData_page_header().getNum_values()
                    : header.getData_page_header_v2().getNum_values();
        }
    }

    /** The chunk of {@code length} bytes at {@code offset}, its data pages decompressed into column {@code column}'s {@code room}. */
    ColumnChunkPages(byte[] chunk, int offset, int length, int codec, PageRoom room, int column) throws IOException {
        this.chunk = chunk;
        this.codec = codec;
        this.room = room;
        this.column = column;
        ByteArrayInputStream in = new ByteArrayInputStream(chunk, offset, length);
        while (in.available() > 0) {
            int at = length - in.available();
            PageHeader h = Util.readPageHeader(in);
            int size = h.getCompressed_page_size();
            int start = offset + length - in.available();
            if (size < 0 || size > in.available()) {
                throw new IOException("the page at byte " + at + " of the column chunk holds " + size
                        + " bytes, but only " + in.available() + " remain: the chunk is truncated");
            }
            in.skipNBytes(size);
            int uncompressed = h.getUncompressed_page_size();
            if (uncompressed < 0 || uncompressed > MAX_PAGE_BYTES) {
                throw new IOException("the page at byte " + at + " of the column chunk says it holds " + uncompressed
                        + " bytes uncompressed, more than the " + MAX_PAGE_BYTES + " a page may hold here");
            }
            switch (h.getType()) {
                case DICTIONARY_PAGE -> {
                    checkCrc(h, start, "the dictionary page at byte " + at + " of the column chunk");
                    DictionaryPageHeader d = h.getDictionary_page_header();
                    dictionary = new DictionaryPage(BytesInput.from(PageCodecs.decompress(codec, chunk, start, size,
                            uncompressed)), d.getNum_values(), encoding(d.getEncoding()));
                }
                case DATA_PAGE, DATA_PAGE_V2 -> {
                    if (h.getType() == PageType.DATA_PAGE ? !h.isSetData_page_header() : !h.isSetData_page_header_v2()) {
                        throw new IOException("the data page at byte " + at + " of the column chunk has no data page header");
                    }
                    Stored page = new Stored(h, start, at, pages.size() + 1);
                    pages.add(page);
                    values += page.valueCount();
                }
                default -> { } // an index page: nothing a scan reads
            }
        }
    }

    /** Values in the next data page, read from its header (-1 if there is none): what {@link #skipPage} passes over. */
    int nextValueCount() {
        Stored next = pages.peek();
        return next == null ? -1 : next.valueCount();
    }

    /** Passes over the next data page without checking or decompressing it. */
    void skipPage() {
        pages.poll();
    }

    /** Data page {@code p}, checked and decompressed. */
    private DataPage load(Stored p) throws IOException {
        PageHeader h = p.header();
        int size = h.getCompressed_page_size();
        int uncompressed = h.getUncompressed_page_size();
        checkCrc(h, p.start(), p.name());
        if (h.getType() == PageType.DATA_PAGE) {
            DataPageHeader d = h.getData_page_header();
            return new DataPageV1(body(codec, p.start(), size, uncompressed),
                    d.getNum_values(), uncompressed, null, encoding(d.getRepetition_level_encoding()),
                    encoding(d.getDefinition_level_encoding()), encoding(d.getEncoding()));
        }
        DataPageHeaderV2 d = h.getData_page_header_v2();
        int start = p.start();
        int levels = d.getRepetition_levels_byte_length() + d.getDefinition_levels_byte_length();
        if (levels < 0 || levels > size) {
            throw new IOException(p.name() + " (v2) has " + levels + " bytes of levels in "
                    + size + " bytes");
        }
        int dataStart = start + levels;
        BytesInput data = !d.isSetIs_compressed() || d.isIs_compressed()
                ? body(codec, dataStart, size - levels, uncompressed - levels)
                : body(CompressionCodec.UNCOMPRESSED.getValue(), dataStart, size - levels, size - levels);
        return DataPageV2.uncompressed(d.getNum_rows(), d.getNum_nulls(), d.getNum_values(),
                BytesInput.from(chunk, start, d.getRepetition_levels_byte_length()),
                BytesInput.from(chunk, start + d.getRepetition_levels_byte_length(),
                        d.getDefinition_levels_byte_length()),
                encoding(d.getEncoding()), data, null);
    }

    /**
     * A data page's {@code size} bytes at {@code start}, {@code uncompressed} bytes decompressed with
     * {@code codec}: into the column's room, or, uncompressed, where they lie.
     */
    private BytesInput body(int codec, int start, int size, int uncompressed) throws IOException {
        if (codec == CompressionCodec.UNCOMPRESSED.getValue()) {
            PageCodecs.checkUncompressed(size, uncompressed);
            return BytesInput.from(chunk, start, size);
        }
        byte[] page = room.page(column, uncompressed);
        PageCodecs.decompress(codec, chunk, start, size, page, uncompressed);
        return BytesInput.from(page, 0, uncompressed);
    }

    /** That the page named {@code page}, its body at {@code start}, matches the CRC-32 its header {@code h} carries, if any. */
    private void checkCrc(PageHeader h, int start, String page) throws IOException {
        if (h.isSetCrc()) {
            checkCrc(h.getCrc(), chunk, start, h.getCompressed_page_size(), page);
        }
    }

    /** A page's CRC-32 covers its bytes as stored (compressed, with a v2 page's levels): a damaged body is refused, not decoded. */
    private static void checkCrc(int expected, byte[] chunk, int start, int size, String page) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(chunk, start, size);
        if ((int) crc.getValue() != expected) {
            throw new IOException(page + " fails its CRC-32 check: it is damaged");
        }
    }

    private static Encoding encoding(org.apache.parquet.format.Encoding e) throws IOException {
        if (e == null) {
            throw new IOException("a page names an encoding this decoder does not know");
        }
        return Encoding.valueOf(e.name());
    }

    @Override
    public DictionaryPage readDictionaryPage() {
        return dictionary;
    }

    @Override
    public long getTotalValueCount() {
        return values;
    }

    /** The next data page, checked and decompressed; null after the last. A damaged one is an {@link UncheckedIOException}. */
    @Override
    public DataPage readPage() {
        Stored next = pages.poll();
        try {
            return next == null ? null : load(next);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
