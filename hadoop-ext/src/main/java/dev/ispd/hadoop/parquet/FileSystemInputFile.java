package dev.ispd.hadoop.parquet;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet input file read through a file system the caller holds. parquet-hadoop's
 * {@link HadoopInputFile} takes the file system from the path's scheme and Hadoop's cache, which
 * keys osd:// by scheme alone: it can hand back a client over other drives than the caller's (or
 * over drives that have stopped).
 */
public final class FileSystemInputFile implements InputFile {
    private final FileSystem fs;
    private final FileStatus file;

    public FileSystemInputFile(FileSystem fs, FileStatus file) {
        this.fs = fs;
        this.file = file;
    }

    @Override
    public long getLength() {
        return file.getLen();
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return HadoopStreams.wrap(fs.open(file.getPath()));
    }

    @Override
    public String toString() {
        return file.getPath().toString();
    }
}
