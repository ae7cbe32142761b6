package dev.ispd.admin;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.ExitStatus;
import dev.ispd.client.Binding;
import dev.ispd.client.Credentials;
import dev.ispd.client.DeviceInfo;
import dev.ispd.client.DeviceLog;
import dev.ispd.client.Drive;
import dev.ispd.client.ModuleInfo;
import dev.ispd.client.ObjectStat;
import dev.ispd.client.ScrubReport;
import dev.ispd.client.TaskletResult;
import dev.ispd.client.TaskletRunner;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Extent;
import dev.ispd.protocol.Limits;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.TaskletForm;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/** Talks to a drive through the native library: what an admin uses to look at and feed drives. */
@Command(name = "ispd drive-cli", mixinStandardHelpOptions = true, scope = ScopeType.INHERIT,
        description = "Talks to an ispd drive (unix:/path or tcp:host:port) through the native library.",
        subcommands = {DriveCli.Info.class, DriveCli.Log.class, DriveCli.Ls.class, DriveCli.Put.class,
                DriveCli.Get.class, DriveCli.Rm.class, DriveCli.Run.class, DriveCli.Load.class,
                DriveCli.Modules.class, DriveCli.Unload.class, DriveCli.Scrub.class, DriveCli.Faults.class,
                DriveTop.class})
public final class DriveCli {
    /** Not required by picocli, so that {@code drive-cli CMD --help} needs none; a command checks it. */
    @Option(names = {"-a", "--address"}, description = "drive address, e.g. unix:/tmp/ispd.sock (required)")
    String address;

    @Option(names = "--binding", description = "JNI or JNA (default: ${DEFAULT-VALUE})")
    Binding binding = Binding.JNI;

    @Option(names = "--identity", paramLabel = "N",
            description = "authenticate as this identity (docs/security.md); needs --key-file")
    Long identity;

    @Option(names = "--key-file", paramLabel = "<file>",
            description = "the identity's key in hex, in a file readable only by its owner")
    Path keyFile;

    /** Where the subcommands print (and {@code get -} copies to). */
    final PrintStream out;

    public DriveCli() {
        this(System.out);
    }

    public DriveCli(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        CommandLines.exit(new DriveCli(), args);
    }

    Drive connect() throws IOException {
        return connect(address);
    }

    /** Connects to the drive at {@code at} with this command's binding and credentials. */
    Drive connect(String at) throws IOException {
        if ((identity == null) != (keyFile == null)) {
            throw new IllegalArgumentException("--identity and --key-file go together: give both to authenticate, "
                    + "or neither");
        }
        Credentials credentials = identity == null ? null : Credentials.fromKeyFile(identity, keyFile);
        Drive drive = Drive.connect(at, binding);
        if (credentials != null) {
            try {
                drive.authenticate(credentials);
            } catch (IOException | RuntimeException e) {
                drive.close();
                throw e;
            }
        }
        return drive;
    }

    /** A subcommand that checks its local paths, opens the drive, does one thing, and closes it. */
    abstract static class DriveCommand implements Callable<Integer> {
        @ParentCommand
        DriveCli cli;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            if (cli.address == null) {
                throw new ParameterException(spec.commandLine(), "Missing required option: '--address=<address>' "
                        + "(-a unix:/path or tcp:host:port)");
            }
            checkPaths();
            try (Drive drive = cli.connect()) {
                run(drive, cli.out);
            }
            return 0;
        }

        /** Refuses a local file the command could not use, before the drive is touched. Default: none. */
        void checkPaths() {
        }

        abstract void run(Drive drive, PrintStream out) throws Exception;

        /** {@code file} ({@code -} aside) must be an existing regular file to read. */
        void readable(String what, String file) {
            if (!"-".equals(file) && !Files.isRegularFile(Path.of(file))) {
                throw new ParameterException(spec.commandLine(), what + " " + file + (Files.isDirectory(Path.of(file))
                        ? " is a directory: name a file" : ": no such file"));
            }
        }

        /** {@code file} ({@code -} aside) must be writable: not a directory, in a directory that exists. */
        void writable(String what, Path file) {
            if (Files.isDirectory(file)) {
                throw new ParameterException(spec.commandLine(), what + " " + file + " is a directory: name a file");
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new ParameterException(spec.commandLine(), what + " " + file + ": its directory " + parent
                        + " does not exist");
            }
        }
    }

    @Command(name = "info", description = "Profile, geometry, capabilities and tasklets of the drive.")
    static final class Info extends DriveCommand {
        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            DeviceInfo i = drive.deviceInfo();
            out.printf("drive %s, profile %s, capacity %,d B, page %d B, %d pages per batch, max io %,d B, "
                    + "max inflight %d%n", i.driveName(), i.profileName(), i.capacityBytes(), i.pageSize(),
                    i.pagesPerBatch(), i.maxIo(), i.maxInflight());
            for (Map.Entry<String, String> e : i.capabilities().entrySet()) {
                out.printf("  %s = %s%n", e.getKey(), e.getValue());
            }
        }
    }

    @Command(name = "log", description = "Load, modeled time and energy so far, per component.")
    static final class Log extends DriveCommand {
        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            DeviceLog l = drive.deviceLog();
            out.printf("modeled now %.6f s, energy %.6f J, %d queued, %d running, %,d commands%n",
                    l.modeledNowNs() / 1e9, l.energyNj() / 1e9, l.queued(), l.running(), l.commands());
            out.printf("bytes written %,d, to host %,d, read internally %,d%n", l.bytesWritten(),
                    l.bytesToHost(), l.bytesReadInternal());
            for (DeviceLog.Component c : l.components()) {
                out.printf("  %-20s busy %.6f s (%5.1f%%), energy %.6f J%n", c.name(), c.busyNs() / 1e9,
                        100 * c.utilization(l.modeledNowNs()), c.energyNj() / 1e9);
            }
        }
    }

    @Command(name = "ls", description = "Objects on the drive.")
    static final class Ls extends DriveCommand {
        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            for (ObjectStat s : drive.list()) {
                out.printf("%20s %15d %s%n", Long.toUnsignedString(s.id()), s.size(), s.kind());
            }
        }
    }

    @Command(name = "put", description = "Writes a local file (or - for stdin) into a new object; prints its id.")
    static final class Put extends DriveCommand {
        @Parameters(index = "0", paramLabel = "FILE", description = "local file, or - for standard input")
        String source;

        @Override
        void checkPaths() {
            readable("FILE", source);
        }

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            long id = drive.createObject();
            ByteBuffer chunk = ByteBuffer.allocateDirect(Limits.MAX_IO);
            long offset = 0;
            try (InputStream in = "-".equals(source) ? System.in : Files.newInputStream(Path.of(source))) {
                byte[] staging = new byte[64 << 10];
                int n;
                while ((n = in.read(staging)) > 0) {
                    if (chunk.remaining() < n) {
                        offset += flush(drive, id, offset, chunk);
                    }
                    chunk.put(staging, 0, n);
                }
            }
            offset += flush(drive, id, offset, chunk);
            out.printf("%d (%,d bytes)%n", id, offset);
        }

        private static long flush(Drive drive, long id, long offset, ByteBuffer chunk) throws IOException {
            chunk.flip();
            int n = chunk.remaining();
            if (n > 0) {
                drive.write(id, offset, chunk);
            }
            chunk.clear();
            return n;
        }
    }

    @Command(name = "get", description = "Copies an object to a local file (or - for stdout).")
    static final class Get extends DriveCommand {
        @Parameters(index = "0", converter = ObjectIdConverter.class, description = "object id")
        long id;

        @Parameters(index = "1", paramLabel = "FILE", description = "local file, or - for standard output")
        String target;

        @Override
        void checkPaths() {
            if (!"-".equals(target)) {
                writable("FILE", Path.of(target));
            }
        }

        /**
         * Copies the object to standard output, or to a temporary file beside FILE renamed over it
         * once every byte is there: FILE is left as it was when the object does not exist or a
         * read fails.
         */
        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            long size = drive.stat(id).size();
            if ("-".equals(target)) {
                copy(drive, size, Channels.newChannel(out));
                out.flush();
                return;
            }
            Path file = Path.of(target).toAbsolutePath();
            Path partial = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".partial");
            try {
                try (OutputStream to = Files.newOutputStream(partial)) {
                    copy(drive, size, Channels.newChannel(to));
                }
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(partial);
            }
        }

        private void copy(Drive drive, long size, WritableByteChannel channel) throws IOException {
            ByteBuffer chunk = ByteBuffer.allocateDirect(Limits.MAX_IO);
            for (long offset = 0; offset < size; offset += chunk.limit()) {
                chunk.clear().limit((int) Math.min(chunk.capacity(), size - offset));
                drive.read(id, offset, chunk);
                chunk.flip();
                while (chunk.hasRemaining()) {
                    channel.write(chunk);
                }
            }
        }
    }

    @Command(name = "scrub", description = "Checks every stored page of the drive (or of one object) against its "
            + "checksum and lists the damaged objects; exit status 1 if there are any.")
    static final class Scrub extends DriveCommand {
        @Parameters(index = "0", arity = "0..1", converter = ObjectIdConverter.class,
                description = "object id (default: every object)")
        long id;

        private boolean damaged;

        @Override
        public Integer call() throws Exception {
            super.call();
            return damaged ? ExitStatus.ANSWERS_DIFFER.code() : ExitStatus.OK.code();
        }

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            ScrubReport r = drive.scrub(id);
            out.printf("scrubbed %,d object(s), %,d bytes: %,d damaged (media errors found since the drive started: "
                    + "%,d)%n", r.objects(), r.bytes(), r.damaged(), r.mediaErrors());
            for (ScrubReport.Damage d : r.listed()) {
                out.printf("  object %s at offset %,d: %s%n", Long.toUnsignedString(d.objectId()), d.offset(),
                        d.message());
            }
            if (r.damaged() > r.listed().size()) {
                out.printf("  ... and %,d more; scrub them one by one to see each%n", r.damaged() - r.listed().size());
            }
            damaged = r.damaged() > 0;
        }
    }

    @Command(name = "faults", description = "Sets the drive's fault plan from a JSON file (set FILE) or clears it "
            + "(clear), for tests of how clients survive faults; needs an admin identity on a drive that "
            + "authenticates (docs/drive.md, \"Fault injection\").")
    static final class Faults extends DriveCommand {
        @Parameters(index = "0", paramLabel = "set|clear", description = "set a plan, or clear it")
        String action;

        @Parameters(index = "1", arity = "0..1", paramLabel = "FILE", description = "the plan (with set): a JSON file")
        String file;

        @Override
        void checkPaths() {
            if (action.equals("set") && file != null) {
                readable("fault plan", file);
            } else if (!action.equals("clear") || file != null) {
                throw new ParameterException(spec.commandLine(), "expected 'faults set FILE' or 'faults clear', got '"
                        + action + (file == null ? "" : " " + file) + "'");
            }
        }

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            if (file == null) {
                drive.clearFaults();
                out.printf("cleared the fault plan of %s%n", drive.address());
            } else {
                drive.setFaults(Files.readString(Path.of(file)));
                out.printf("%s injects the faults of %s%n", drive.address(), file);
            }
        }
    }

    @Command(name = "rm", description = "Deletes objects.")
    static final class Rm extends DriveCommand {
        @Parameters(arity = "1..*", converter = ObjectIdConverter.class, description = "object ids")
        List<Long> ids;

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            for (long id : ids) {
                drive.delete(id);
            }
        }
    }

    @Command(name = "run", description = "Runs a built-in tasklet, or a loaded module named name@version, over "
            + "whole objects; prints the result in hex (or writes it to --out) with its modeled time and energy.")
    static final class Run extends DriveCommand {
        @Parameters(index = "0", description = "built-in tasklet name, e.g. q1, or a loaded module's name@version")
        String tasklet;

        @Parameters(index = "1..*", arity = "1..*", converter = ObjectIdConverter.class,
                description = "input object ids")
        List<Long> inputs;

        @Option(names = {"-p", "--param"}, description = "tasklet parameter key=value, repeatable")
        Map<String, String> params = Map.of();

        @Option(names = "--out", description = "write the raw result to this file")
        Path resultFile;

        @Override
        void checkPaths() {
            if (resultFile != null) {
                writable("--out", resultFile);
            }
        }

        @Override
        void run(Drive drive, PrintStream out) throws IOException, BadParameterException {
            TaskletForm form = tasklet.contains("@") ? TaskletForm.MODULE : TaskletForm.BUILTIN;
            long taskletId = drive.createTasklet(form, tasklet, new Params(params), null);
            List<Extent> extents = new ArrayList<>();
            for (long id : inputs) {
                extents.add(new Extent(id, 0, drive.stat(id).size()));
            }
            TaskletResult r = new TaskletRunner(drive).run(taskletId, 0, Params.EMPTY, extents);
            drive.delete(taskletId);
            out.printf("%s over %d pages: %,d result bytes, modeled %.6f s, %.6f J, %d polls%n", tasklet,
                    r.pagesTotal(), r.result().length, r.modeledNs() / 1e9, r.modeledEnergyNj() / 1e9, r.polls());
            if (resultFile != null) {
                try (FileChannel ch = FileChannel.open(resultFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING)) {
                    ch.write(ByteBuffer.wrap(r.result()));
                }
            } else {
                out.println(HexFormat.of().formatHex(r.result()));
            }
        }
    }

    /** Parses an object id: 1 to 2^64 - 1, unsigned decimal; anything else (a negative one, 0) is a usage error. */
    static final class ObjectIdConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            try {
                if (!value.startsWith("-") && !value.startsWith("+")) {
                    long id = Long.parseUnsignedLong(value);
                    if (id != 0) {
                        return id;
                    }
                }
            } catch (NumberFormatException e) {
                // falls through to the message below
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not an object id: ids are 1 to "
                    + Long.toUnsignedString(-1L) + " (bin/ispd drive-cli ls lists them)");
        }
    }

    /** A module's {@code name@version}, as the module commands take it. */
    record ModuleName(String name, int version) {
        @Override
        public String toString() {
            return name + "@" + version;
        }
    }

    /** Parses {@code name@version}; a bad one is a usage error naming the form. */
    static final class ModuleNameConverter implements CommandLine.ITypeConverter<ModuleName> {
        @Override
        public ModuleName convert(String value) {
            int at = value.lastIndexOf('@');
            if (at > 0) {
                try {
                    int version = Integer.parseInt(value.substring(at + 1));
                    if (version > 0) {
                        return new ModuleName(value.substring(0, at), version);
                    }
                } catch (NumberFormatException e) {
                    // falls through to the message below
                }
            }
            throw new CommandLine.TypeConversionException("'" + value + "' is not name@version with a version of 1 or more");
        }
    }

    @Command(name = "load", description = "Loads a WebAssembly tasklet module (docs/tasklets.md) as name@version; "
            + "the drive checks it and keeps it until unload or restart.")
    static final class Load extends DriveCommand {
        @Parameters(index = "0", converter = ModuleNameConverter.class, description = "name@version, e.g. q1c@1")
        ModuleName module;

        @Parameters(index = "1", paramLabel = "FILE", description = "the .wasm file")
        Path file;

        @Override
        void checkPaths() {
            readable("FILE", file.toString());
        }

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            byte[] wasm = Files.readAllBytes(file);
            drive.loadModule(module.name(), module.version(), wasm);
            out.printf("loaded %s (%,d bytes, sha256 %s)%n", module, wasm.length,
                    HexFormat.of().formatHex(Drive.sha256(wasm)));
        }
    }

    @Command(name = "modules", description = "Modules loaded into the drive: name@version, size, sha256.")
    static final class Modules extends DriveCommand {
        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            for (ModuleInfo m : drive.listModules()) {
                out.printf("%-30s %12d %s%n", m.taskletName(), m.size(), m.sha256());
            }
        }
    }

    @Command(name = "unload", description = "Unloads a module; instances made from it can no longer run.")
    static final class Unload extends DriveCommand {
        @Parameters(index = "0", converter = ModuleNameConverter.class, description = "name@version")
        ModuleName module;

        @Override
        void run(Drive drive, PrintStream out) throws IOException {
            drive.unloadModule(module.name(), module.version());
        }
    }
}
