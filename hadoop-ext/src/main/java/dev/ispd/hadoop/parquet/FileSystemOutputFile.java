package dev.ispd.hadoop.parquet;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet output file on a file system the caller opened and owns (parquet-hadoop's
 * {@link HadoopOutputFile} opens one from the path's scheme and Hadoop's cache, never closed):
 * created as {@code HadoopOutputFile} creates it, its block size the larger of the writer's row
 * group size and the file system's, and block-aligned where the file system's scheme is one
 * parquet-hadoop pads row groups on ({@link HadoopOutputFile#getBlockFileSystems}, osd:// among
 * them: {@link ParquetAlignment}).
 */
public final class FileSystemOutputFile implements OutputFile {
    private final FileSystem fs;
    private final Path path;

    public FileSystemOutputFile(FileSystem fs, Path path) {
        this.fs = fs;
        this.path = fs.makeQualified(path);
    }

    @Override
    public PositionOutputStream create(long blockSize) throws IOException {
        return open(false, blockSize);
    }

    @Override
    public PositionOutputStream createOrOverwrite(long blockSize) throws IOException {
        return open(true, blockSize);
    }

    private PositionOutputStream open(boolean overwrite, long blockSize) throws IOException {
        return HadoopStreams.wrap(fs.create(path, overwrite, fs.getConf().getInt("io.file.buffer.size", 4096),
                fs.getDefaultReplication(path), Math.max(fs.getDefaultBlockSize(path), blockSize)));
    }

    @Override
    public boolean supportsBlockSize() {
        return HadoopOutputFile.getBlockFileSystems().contains(fs.getUri().getScheme());
    }

    @Override
    public long defaultBlockSize() {
        return fs.getDefaultBlockSize(path);
    }

    @Override
    public String getPath() {
        return path.toString();
    }
}
