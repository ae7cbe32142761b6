package dev.ispd.plan.parquet;

import com.github.luben.zstd.Zstd;
import dev.ispd.tasklet.Meter;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.zip.GZIPInputStream;
import org.apache.parquet.format.CompressionCodec;
import org.xerial.snappy.Snappy;

/**
 * Decompresses a page with the codec its column chunk names: uncompressed, Snappy (snappy-java),
 * Gzip (the JDK's) and Zstd (zstd-jni), the libraries parquet-java itself uses. Any other codec
 * (LZO, Brotli, LZ4) is an {@link UnsupportedOperationException} naming it.
 */
final class PageCodecs {
    private PageCodecs() {
    }

    /** The name of codec number {@code codec} (parquet-format's {@code CompressionCodec}). */
    static String name(int codec) {
        CompressionCodec c = CompressionCodec.findByValue(codec);
        return c == null ? "codec " + codec : c.name();
    }

    /** Whether the decoder reads pages of codec number {@code codec}. */
    static boolean supported(int codec) {
        return codec == CompressionCodec.UNCOMPRESSED.getValue() || codec == CompressionCodec.SNAPPY.getValue()
                || codec == CompressionCodec.GZIP.getValue() || codec == CompressionCodec.ZSTD.getValue();
    }

    /**
     * Counts into {@code meter} {@code bytes} compressed with codec number {@code codec}, which
     * decompressing costs by the codec (nothing for an uncompressed chunk).
     */
    static void countCompressed(int codec, long bytes, Meter meter) {
        if (codec == CompressionCodec.SNAPPY.getValue()) {
            meter.addSnappyBytes(bytes);
        } else if (codec == CompressionCodec.GZIP.getValue()) {
            meter.addGzipBytes(bytes);
        } else if (codec == CompressionCodec.ZSTD.getValue()) {
            meter.addZstdBytes(bytes);
        }
    }

    /** {@code length} bytes at {@code offset} of {@code in}, decompressed to {@code uncompressed} bytes. */
    static byte[] decompress(int codec, byte[] in, int offset, int length, int uncompressed) throws IOException {
        byte[] out = new byte[uncompressed];
        decompress(codec, in, offset, length, out, uncompressed);
        return out;
    }

    /** {@code length} bytes at {@code offset} of {@code in}, decompressed to the first {@code uncompressed} bytes of {@code out}. */
    static void decompress(int codec, byte[] in, int offset, int length, byte[] out, int uncompressed)
            throws IOException {
        CompressionCodec c = CompressionCodec.findByValue(codec);
        if (c == null) {
            throw new UnsupportedOperationException("unsupported codec " + codec);
        }
        int got = switch (c) {
            case UNCOMPRESSED -> {
                checkUncompressed(length, uncompressed);
                System.arraycopy(in, offset, out, 0, length);
                yield length;
            }
            case SNAPPY -> Snappy.uncompress(in, offset, length, out, 0);
            case ZSTD -> (int) Zstd.decompressByteArray(out, 0, uncompressed, in, offset, length);
            case GZIP -> {
                try (GZIPInputStream z = new GZIPInputStream(new ByteArrayInputStream(in, offset, length))) {
                    yield z.readNBytes(out, 0, uncompressed);
                }
            }
            default -> throw new UnsupportedOperationException("unsupported codec " + c.name()
                    + " (the drive reads UNCOMPRESSED, SNAPPY, GZIP and ZSTD)");
        };
        if (got != uncompressed) {
            throw new IOException(c.name() + " page: " + got + " bytes decompressed, its header says " + uncompressed);
        }
    }

    /** That an uncompressed page's {@code length} bytes are the {@code uncompressed} its header says. */
    static void checkUncompressed(int length, int uncompressed) throws IOException {
        if (length != uncompressed) {
            throw new IOException("UNCOMPRESSED page: " + length + " bytes stored, its header says " + uncompressed);
        }
    }
}
