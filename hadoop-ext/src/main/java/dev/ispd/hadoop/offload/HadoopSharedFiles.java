package dev.ispd.hadoop.offload;

import dev.ispd.hadoop.fs.OsdFileSystems;
import dev.ispd.offload.storage.SharedFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The offload core's {@link SharedFiles} on a Hadoop file system, for the records a job's client
 * and tasks share (the offload corrections, the drive failures). Files it creates get
 * {@code replication} replicas (0: the file system's default).
 */
public final class HadoopSharedFiles implements SharedFiles {
    private final FileSystem fs;
    /** The replicas of the files it creates, asked of the file system at the first create (a call saved where none is). */
    private final Replication replication;
    private short replicas = -1;

    /** How many replicas a created file gets (0: the file system's default). */
    @FunctionalInterface
    private interface Replication {
        short resolve() throws IOException;
    }

    private HadoopSharedFiles(FileSystem fs, Replication replication) {
        this.fs = fs;
        this.replication = replication;
    }

    /** A record's files and its qualified path on them. */
    public record Located(HadoopSharedFiles files, String path) {
    }

    /**
     * Where a record of a read of {@code input} lives: at {@code configured} (any Hadoop path), or,
     * if that is empty, at {@code defaultPath} on the file system of {@code input}. Its files get
     * {@code replication} replicas; 0 asks for the file system's: its default, or, beside the
     * input, as many as the input file has if that is more, so that the record survives the loss
     * of a drive whenever the data it describes does.
     */
    static Located locate(Configuration conf, String configured, String defaultPath, Path input, short replication)
            throws IOException {
        Path p = new Path(configured.isEmpty() ? defaultPath : configured);
        FileSystem fs = OsdFileSystems.get(configured.isEmpty() ? input : p, conf);
        Replication r = replication == 0 && configured.isEmpty() ? () -> asTheInput(fs, input, p) : () -> replication;
        return new Located(new HadoopSharedFiles(fs, r), fs.makeQualified(p).toString());
    }

    /** The input file's replication where it is above the file system's default for {@code p}, else 0 (the default). */
    private static short asTheInput(FileSystem fs, Path input, Path p) throws IOException {
        FileStatus status = fs.getFileStatus(input);
        return status.isFile() && status.getReplication() > fs.getDefaultReplication(p) ? status.getReplication() : 0;
    }

    @Override
    public boolean exists(String path) throws IOException {
        return fs.exists(new Path(path));
    }

    @Override
    public InputStream open(String path) throws IOException {
        return fs.open(new Path(path));
    }

    @Override
    public OutputStream create(String path) throws IOException {
        Path p = new Path(path);
        short r = replicas();
        if (r == 0) {
            return fs.create(p, true);
        }
        int buffer = fs.getConf().getInt(CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_KEY,
                CommonConfigurationKeysPublic.IO_FILE_BUFFER_SIZE_DEFAULT);
        return fs.create(p, true, buffer, r, fs.getDefaultBlockSize(p));
    }

    private synchronized short replicas() throws IOException {
        if (replicas < 0) {
            replicas = replication.resolve();
        }
        return replicas;
    }

    @Override
    public List<String> list(String dir) throws IOException {
        List<String> out = new ArrayList<>();
        for (FileStatus s : fs.listStatus(new Path(dir))) {
            out.add(s.getPath().toString());
        }
        return out;
    }

    @Override
    public void deleteDirectory(String dir) throws IOException {
        fs.delete(new Path(dir), true);
    }
}
