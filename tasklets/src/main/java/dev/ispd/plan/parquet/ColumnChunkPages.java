package dev.ispd.plan.parquet;

import java.io.ByteArrayInputStream;
import java.io.IOException;
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
import org.apache.parquet.format.DataPageHeaderV2;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * The pages of one column chunk, for parquet-column's {@code ColumnReaderImpl}: page headers read
 * with parquet-format's Thrift structures, bodies decompressed ({@link PageCodecs}), handed over as
 * parquet-column's page objects (dictionary, data page v1 and v2; index pages skipped). The
 * encodings (PLAIN, dictionary, RLE/bit-packed levels, delta, byte-stream-split) are
 * parquet-column's own. A page that runs past the chunk, or fails the CRC-32 its header carries
 * (parquet-java writes one by default), is an {@link IOException} naming the byte.
 */
final class ColumnChunkPages implements PageReader {
    /** Most bytes of one uncompressed page (writers make pages of about 1 MiB): a damaged header cannot exhaust memory. */
    static final int MAX_PAGE_BYTES = 64 << 20;
    private final ArrayDeque<DataPage> pages = new ArrayDeque<>();
    private DictionaryPage dictionary;
    private long values;

    ColumnChunkPages(byte[] chunk, int offset, int length, int codec) throws IOException {
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
            if (h.isSetCrc()) {
                checkCrc(h.getCrc(), chunk, start, size, at);
            }
            int uncompressed = h.getUncompressed_page_size();
            if (uncompressed < 0 || uncompressed > MAX_PAGE_BYTES) {
                throw new IOException("the page at byte " + at + " of the column chunk says it holds " + uncompressed
                        + " bytes uncompressed, more than the " + MAX_PAGE_BYTES + " a page may hold here");
            }
            switch (h.getType()) {
                case DICTIONARY_PAGE -> {
                    DictionaryPageHeader d = h.getDictionary_page_header();
                    dictionary = new DictionaryPage(BytesInput.from(PageCodecs.decompress(codec, chunk, start, size,
                            uncompressed)), d.getNum_values(), encoding(d.getEncoding()));
                }
                case DATA_PAGE -> {
                    DataPageHeader d = h.getData_page_header();
                    pages.add(new DataPageV1(BytesInput.from(PageCodecs.decompress(codec, chunk, start, size, uncompressed)),
                            d.getNum_values(), uncompressed, null, encoding(d.getRepetition_level_encoding()),
                            encoding(d.getDefinition_level_encoding()), encoding(d.getEncoding())));
                    values += d.getNum_values();
                }
                case DATA_PAGE_V2 -> {
                    DataPageHeaderV2 d = h.getData_page_header_v2();
                    int levels = d.getRepetition_levels_byte_length() + d.getDefinition_levels_byte_length();
                    if (levels < 0 || levels > size) {
                        throw new IOException("the v2 page at byte " + at + " has " + levels + " bytes of levels in "
                                + size + " bytes");
                    }
                    int dataStart = start + levels;
                    byte[] data = !d.isSetIs_compressed() || d.isIs_compressed()
                            ? PageCodecs.decompress(codec, chunk, dataStart, size - levels, uncompressed - levels)
                            : PageCodecs.decompress(0, chunk, dataStart, size - levels, size - levels);
                    pages.add(DataPageV2.uncompressed(d.getNum_rows(), d.getNum_nulls(), d.getNum_values(),
                            BytesInput.from(chunk, start, d.getRepetition_levels_byte_length()),
                            BytesInput.from(chunk, start + d.getRepetition_levels_byte_length(),
                                    d.getDefinition_levels_byte_length()),
                            encoding(d.getEncoding()), BytesInput.from(data), null));
                    values += d.getNum_values();
                }
                default -> { } // an index page: nothing a scan reads
            }
        }
    }

    /** A page's CRC-32 covers its bytes as stored (compressed, with a v2 page's levels): a damaged body is refused, not decoded. */
    private static void checkCrc(int expected, byte[] chunk, int start, int size, int at) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(chunk, start, size);
        if ((int) crc.getValue() != expected) {
            throw new IOException("the page at byte " + at + " of the column chunk fails its CRC-32 check: it is damaged");
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

    @Override
    public DataPage readPage() {
        return pages.poll();
    }
}
