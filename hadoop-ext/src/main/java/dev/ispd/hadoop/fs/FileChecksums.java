package dev.ispd.hadoop.fs;

import dev.ispd.hadoop.fs.metadata.Namespace;
import java.io.IOException;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.CompositeCrcFileChecksum;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileChecksum;
import org.apache.hadoop.fs.MD5MD5CRC32GzipFileChecksum;
import org.apache.hadoop.io.MD5Hash;
import org.apache.hadoop.util.CrcComposer;
import org.apache.hadoop.util.CrcUtil;
import org.apache.hadoop.util.DataChecksum;

/**
 * A file's checksum from its chunks' checksums: the CRC32C of each chunk (read from any live
 * replica), composed into the CRC32C of the whole file ({@link CrcComposer}). That is HDFS's
 * {@code COMPOSITE-CRC32C} checksum ({@code dfs.checksum.combine.mode=COMPOSITE_CRC}), which does
 * not depend on how a file is cut into blocks or chunks, so {@code hadoop fs -checksum} and
 * {@code distcp -update} can compare an osd:// file with a copy anywhere that offers it.
 */
final class FileChecksums {
    /** HDFS's default bytes per checksum: only part of the checksum's description, not of its value. */
    static final int BYTES_PER_CRC = 512;
    private static final int READ = 1 << 20;
    /**
     * What HDFS answers for no bytes, whatever its combine mode: an MD5-of-MD5-of-CRC32 checksum
     * over no blocks whose MD5 is that of 32 zero bytes (DFSClient's FileChecksumHelper), so
     * {@code distcp -update} finds empty files equal on both.
     */
    static final FileChecksum EMPTY = new MD5MD5CRC32GzipFileChecksum(0, 0, MD5Hash.digest(new byte[32]));

    private FileChecksums() {
    }

    /**
     * The composite CRC32C of the first {@code length} bytes of {@code file}, read through {@code in};
     * no bytes (an empty file, or length 0) have the checksum HDFS gives them ({@link #EMPTY}).
     */
    static FileChecksum compositeCrc(FSDataInputStream in, Namespace.File file, long length) throws IOException {
        long end = Math.min(length, file.length);
        if (end <= 0) {
            return EMPTY;
        }
        CrcComposer whole = CrcComposer.newCrcComposer(DataChecksum.Type.CRC32C, file.chunkSize);
        byte[] buf = new byte[(int) Math.min(READ, Math.max(1, file.chunkSize))];
        for (long chunkStart = 0; chunkStart < end; chunkStart += file.chunkSize) {
            long chunkEnd = Math.min(end, chunkStart + file.chunkSize);
            CRC32C chunk = new CRC32C();
            for (long at = chunkStart; at < chunkEnd; ) {
                int n = (int) Math.min(buf.length, chunkEnd - at);
                in.readFully(at, buf, 0, n);
                chunk.update(buf, 0, n);
                at += n;
            }
            whole.update((int) chunk.getValue(), chunkEnd - chunkStart);
        }
        return new CompositeCrcFileChecksum(CrcUtil.readInt(whole.digest(), 0), DataChecksum.Type.CRC32C,
                BYTES_PER_CRC);
    }
}
