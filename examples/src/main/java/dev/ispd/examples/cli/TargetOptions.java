package dev.ispd.examples.cli;

import dev.ispd.cli.OptionChecks;
import dev.ispd.examples.worldcup.LoadProgress;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.examples.worldcup.logs.WorldCupLogWriter;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The options of commands that write WorldCup98 entries somewhere: the drives of osd://, chunk size, progress bar. */
public final class TargetOptions {
    /** The chunk size of an osd:// target when neither --chunk-size nor the configuration gives one. */
    static final long DEFAULT_CHUNK_SIZE = 8L << 20;

    @Option(names = "--drives", split = ",", paramLabel = "ADDR",
            description = "addresses of running drives (bin/ispd drive) for an osd:// target, e.g. "
                    + "tcp:127.0.0.1:7000 or unix:/tmp/ispd.sock; host=ADDR names the node of a drive")
    List<String> drives = List.of();

    @Option(names = "--chunk-size", description = "bytes per osd:// chunk, rounded down to whole "
            + "entries (default: ispd.fs.chunk.size from -D or the configuration, else " + DEFAULT_CHUNK_SIZE + ")")
    Long chunkSize;

    @Option(names = "--progress", description = "progress on standard error: ${COMPLETION-CANDIDATES}; AUTO shows "
            + "it above " + LoadProgress.AUTO_RECORDS + " generated records or " + (LoadProgress.AUTO_BYTES >> 20)
            + " MB of input; a bar on a terminal, else a line every few seconds (default: ${DEFAULT-VALUE})")
    LoadProgress.Mode progress = LoadProgress.Mode.AUTO;

    @Option(names = {"-q", "--quiet"}, description = "no progress at all (the same as --progress OFF)")
    boolean quiet;

    /** The progress the options ask for. */
    LoadProgress.Mode progress() {
        return quiet ? LoadProgress.Mode.OFF : progress;
    }

    /** An open file system and the path in it to write. */
    record Target(FileSystem fs, Path path) implements Closeable {
        @Override
        public void close() throws IOException {
            fs.close();
        }
    }

    /**
     * Opens where {@code target} lives: an osd:// path on {@code --drives} (else on the drives
     * {@code conf} names), a URI of another Hadoop file system, or else a local file name; with
     * the settings of {@code conf}.
     */
    Target open(CommandLine cmd, Configuration conf, String target, String option, int entrySize) throws IOException {
        long chunk = chunkSize(cmd, conf, entrySize);
        if (!target.contains("://")) {
            return local(cmd, option, java.nio.file.Path.of(target).toAbsolutePath().toUri());
        }
        URI uri = URI.create(target);
        if ("file".equals(uri.getScheme())) {
            return local(cmd, option, uri);
        }
        if (!"osd".equals(uri.getScheme())) {
            noDrives(cmd, target);
            return new Target(FileSystem.newInstance(uri, conf), new Path(uri));
        }
        requireDrives(cmd, conf, target, option);
        if (WorldCupLogWriter.isGzipName(target)) {
            throw new CommandLine.ParameterException(cmd, option + " " + target + ": osd:// files hold uncompressed "
                    + "entries for the drives' tasklets; drop the .gz");
        }
        Configuration osd = WorldCupDrives.osd(conf, drives, chunk, entrySize);
        return new Target(FileSystem.newInstance(URI.create("osd:///"), osd), new Path(uri));
    }

    /**
     * The osd:// chunk size: {@code --chunk-size}, else the configuration's, else
     * {@value #DEFAULT_CHUNK_SIZE}; a usage error naming where it came from if below {@code record} bytes.
     */
    long chunkSize(CommandLine cmd, Configuration conf, int record) {
        long chunk = chunkSize != null ? chunkSize : conf.getLong(IspdKeys.FS_CHUNK_SIZE.name(), DEFAULT_CHUNK_SIZE);
        OptionChecks.of(cmd).atLeast(chunkSize != null ? "--chunk-size" : IspdKeys.FS_CHUNK_SIZE.name(), chunk, record);
        return chunk;
    }

    /**
     * Opens the directory {@code target} names, as {@link #open} opens a file: an osd:// path on
     * {@code --drives} (else on the drives {@code conf} names), another Hadoop URI, or a local
     * directory (which may not exist yet, but may not be a file).
     */
    Target openDirectory(CommandLine cmd, Configuration conf, String target, String option) throws IOException {
        URI uri = target.contains("://") ? URI.create(target) : java.nio.file.Path.of(target).toAbsolutePath().toUri();
        if ("file".equals(uri.getScheme())) {
            noDrives(cmd, target);
            if (java.nio.file.Files.isRegularFile(java.nio.file.Path.of(uri))) {
                throw new CommandLine.ParameterException(cmd, option + " " + uri.getPath()
                        + " is a file: name a directory");
            }
            return new Target(rawLocal(), new Path(uri));
        }
        if (!"osd".equals(uri.getScheme())) {
            noDrives(cmd, target);
            return new Target(FileSystem.newInstance(uri, conf), new Path(uri));
        }
        requireDrives(cmd, conf, target, option);
        return new Target(FileSystem.newInstance(URI.create("osd:///"), WorldCupDrives.drives(conf, drives)),
                new Path(uri));
    }

    private void requireDrives(CommandLine cmd, Configuration conf, String target, String option) {
        if (drives.isEmpty() && conf.getTrimmed(IspdKeys.FS_DRIVES.name(), "").isEmpty()) {
            throw new CommandLine.ParameterException(cmd, option + " " + target + " needs --drives: the addresses "
                    + "of the running drives that hold osd:// (or " + IspdKeys.FS_DRIVES.name() + " with -D or in "
                    + "--conf-dir)");
        }
    }

    private Target local(CommandLine cmd, String option, URI file) throws IOException {
        noDrives(cmd, file.toString());
        if (java.nio.file.Files.isDirectory(java.nio.file.Path.of(file))) {
            throw new CommandLine.ParameterException(cmd, option + " " + file.getPath() + " is a directory: name a file");
        }
        return new Target(rawLocal(), new Path(file));
    }

    /** The local file system without checksum files beside the data. */
    private static RawLocalFileSystem rawLocal() throws IOException {
        RawLocalFileSystem fs = new RawLocalFileSystem();
        fs.initialize(URI.create("file:///"), new Configuration());
        return fs;
    }

    private void noDrives(CommandLine cmd, String target) {
        if (!drives.isEmpty()) {
            throw new CommandLine.ParameterException(cmd, "--drives is for osd:// targets only, not " + target);
        }
    }
}
