package dev.ispd.hadoop.mapreduce;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.settings.OffloadKeys;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The offload core's {@link CorrectionStore} of a DeviceJob or a Spark scan, on a Hadoop file
 * system: {@link OffloadKeys#OFFLOAD_CORRECTION_FILE}, by default {@value #DEFAULT_FILE} on the
 * osd:// file system of the input, beside the data and drives it describes, reachable from the
 * client and every task.
 */
public final class HadoopCorrections implements CorrectionStore.Files {
    static final String DEFAULT_FILE = "/.ispd/offload-correction.json";

    private final FileSystem fs;

    private HadoopCorrections(FileSystem fs) {
        this.fs = fs;
    }

    /** The store of a job reading {@code input} (any of its input files). */
    static CorrectionStore forInput(Configuration conf, Path input) throws IOException {
        return forInput(conf, HadoopSettings.resolve(conf).correctionFile(), input);
    }

    /**
     * The store of a read of {@code input} whose settings name {@code configured} as the
     * correction file (empty: the default file on the input's file system).
     */
    public static CorrectionStore forInput(Configuration conf, String configured, Path input) throws IOException {
        Path p = configured.isEmpty() ? new Path(DEFAULT_FILE) : new Path(configured);
        FileSystem fs = configured.isEmpty() ? input.getFileSystem(conf) : p.getFileSystem(conf);
        return new CorrectionStore(new HadoopCorrections(fs), fs.makeQualified(p).toString());
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
        return fs.create(new Path(path), true);
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
