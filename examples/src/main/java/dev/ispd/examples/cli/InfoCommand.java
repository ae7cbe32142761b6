package dev.ispd.examples.cli;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.worldcup.WorldCupDrives;
import dev.ispd.hadoop.fs.OsdFileSystem;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bin/ispd info}: what osd:// keeps about files: length, recorded layout, chunks and their replicas. */
@Command(name = "ispd info", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Shows osd:// files on running drives: each file's length, the record layout it records "
                + "(user.ispd.layout) or that it records none, and its chunks with the drive and object of every "
                + "replica. A directory shows the files in it.")
public final class InfoCommand implements Callable<Integer> {
    @Option(names = "--drives", split = ",", paramLabel = "ADDR",
            description = "addresses of the running drives (bin/ispd drive) that hold osd://, e.g. "
                    + "tcp:127.0.0.1:7000 or unix:/tmp/ispd.sock; host=ADDR names the node of a drive (default: "
                    + "ispd.fs.drives from -D or the configuration)")
    List<String> drives = List.of();

    @Mixin
    HadoopConfOptions hadoop;

    @Parameters(arity = "1..*", paramLabel = "PATH", description = "osd:///path of a file or a directory")
    List<String> paths;

    @Spec
    CommandSpec spec;

    private final PrintStream print;

    public InfoCommand() {
        this(System.out);
    }

    InfoCommand(PrintStream print) {
        this.print = print;
    }

    public static void main(String[] args) {
        CommandLines.exit(new InfoCommand(), args);
    }

    @Override
    public Integer call() throws IOException {
        List<Path> files = new ArrayList<>();
        for (String p : paths) {
            files.add(osdPath(p));
        }
        try (FileSystem fs = FileSystem.newInstance(URI.create("osd:///"), WorldCupDrives.drives(hadoop.configuration(), drives))) {
            OsdFileSystem osd = (OsdFileSystem) fs;
            for (Path p : files) {
                List<FileStatus> at = filesAt(osd, p);
                if (at.isEmpty()) {
                    print.println(p.toUri().getPath() + ": a directory holding no files");
                }
                for (FileStatus file : at) {
                    print.print(FileInfo.of(osd, file).describe());
                }
            }
        }
        return 0;
    }

    /** {@code path} as an osd:// path; anything else is a usage error naming it. */
    private Path osdPath(String path) {
        URI uri;
        try {
            uri = new URI(path);
        } catch (java.net.URISyntaxException e) {
            uri = null;
        }
        if (uri == null || !OsdFileSystem.SCHEME.equals(uri.getScheme()) || uri.getPath() == null
                || uri.getPath().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "PATH must be an osd:///path, got '" + path
                    + "'");
        }
        return new Path(uri);
    }

    /** The file at {@code path}, or the files in the directory at it; an error naming it if there is none. */
    private static List<FileStatus> filesAt(OsdFileSystem fs, Path path) throws IOException {
        FileStatus status;
        try {
            status = fs.getFileStatus(path);
        } catch (FileNotFoundException e) {
            throw new FileNotFoundException(path + ": no such file or directory on the drives");
        }
        if (status.isFile()) {
            return List.of(status);
        }
        List<FileStatus> in = new ArrayList<>();
        for (FileStatus s : fs.listStatus(path)) {
            if (s.isFile()) {
                in.add(s);
            }
        }
        return in;
    }
}
