package dev.ispd.hadoop.fs;

import dev.ispd.hadoop.fs.metadata.Chunk;
import dev.ispd.hadoop.fs.metadata.Namespace;
import dev.ispd.offload.storage.Replica;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.EtagSource;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;

/**
 * The status of an osd:// file, with an etag: files are immutable and every write makes new chunk
 * objects, so the modification time, the length and the objects of the first replica of each chunk
 * name one version of a file's bytes. A rename keeps them, and so the etag; an overwrite changes
 * it. (fsck's repair of a chunk whose first replica was lost changes it too, as a copy would.)
 */
final class OsdFileStatus extends FileStatus implements EtagSource {
    private final String etag;

    OsdFileStatus(long length, int replication, long chunkSize, long mtimeMs, FsPermission permission, String owner,
                  Path path, String etag) {
        super(length, false, replication, chunkSize, mtimeMs, mtimeMs, permission, owner, owner, path);
        this.etag = etag;
    }

    /** A file's etag: the first 16 bytes of a SHA-256 of its time, length and first replicas, in hex. */
    static String etag(Namespace.File f) {
        ByteBuffer b = ByteBuffer.allocate(16 + 12 * f.chunks.size());
        b.putLong(f.mtimeMs).putLong(f.length);
        for (Chunk c : f.chunks) {
            Replica first = c.replicas().get(0);
            b.putInt(first.drive()).putLong(first.objectId());
        }
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b.array()), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    @Override
    public String getEtag() {
        return etag;
    }

    /** The located status of a file (listFiles, listLocatedStatus), with the same etag. */
    static final class Located extends LocatedFileStatus implements EtagSource {
        private final String etag;

        Located(OsdFileStatus status, BlockLocation[] locations) throws IOException {
            super(status, locations);
            this.etag = status.getEtag();
        }

        @Override
        public String getEtag() {
            return etag;
        }
    }
}
