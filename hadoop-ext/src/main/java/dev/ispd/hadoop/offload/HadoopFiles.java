package dev.ispd.hadoop.offload;

import dev.ispd.hadoop.fs.OsdFileSystem;
import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.storage.HostFiles;
import dev.ispd.offload.storage.RangeReader;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSupport;

/** Host runs read a split's file through its Hadoop FileSystem (MapReduce's and Spark's). */
public final class HadoopFiles implements HostFiles {
    private final Configuration conf;

    public HadoopFiles(Configuration conf) {
        this.conf = conf;
    }

    @Override
    public RangeReader open(String file) throws IOException {
        Path path = new Path(file);
        return new StreamReader(OsdFileSystems.get(path, conf).open(path), file);
    }

    /**
     * A Hadoop stream read at offsets: streams that read into ByteBuffers fill the scanner's
     * direct buffer in place; others go through one reused array.
     */
    private static final class StreamReader implements RangeReader {
        private final FSDataInputStream in;
        private final String file;
        private final boolean positionedBufferReads;
        private byte[] scratch = new byte[0];

        StreamReader(FSDataInputStream in, String file) {
            this.in = in;
            this.file = file;
            this.positionedBufferReads = in.hasCapability(StreamCapabilities.PREADBYTEBUFFER);
        }

        @Override
        public void readFully(long offset, ByteBuffer dst) throws IOException {
            if (positionedBufferReads) {
                in.readFully(offset, dst);
                return;
            }
            int n = dst.remaining();
            if (scratch.length < n) {
                scratch = new byte[n];
            }
            if (in.getPos() != offset) {
                in.seek(offset);
            }
            try {
                in.readFully(scratch, 0, n);
            } catch (EOFException e) {
                throw new IOException("short read of " + file + " at offset " + offset + ", " + n + " bytes", e);
            }
            dst.put(scratch, 0, n);
        }

        /** The osd:// stream's count of reads that skipped a failed replica (0 for other file systems). */
        @Override
        public long replicaFailovers() {
            IOStatistics stats = IOStatisticsSupport.retrieveIOStatistics(in);
            Long n = stats == null ? null : stats.counters().get(OsdFileSystem.REPLICA_FAILOVERS);
            return n == null ? 0 : n;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
