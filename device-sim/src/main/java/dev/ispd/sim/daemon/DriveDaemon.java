package dev.ispd.sim.daemon;

import dev.ispd.cli.CommandLines;
import dev.ispd.cli.OptionChecks;
import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.Profiles;
import dev.ispd.protocol.FrameFormat;
import dev.ispd.protocol.Limits;
import dev.ispd.sim.auth.AuthConfig;
import dev.ispd.sim.controller.ModulePolicy;
import dev.ispd.sim.fault.FaultPlan;
import dev.ispd.sim.hostif.DriveAddress;
import dev.ispd.sim.hostif.ServerLimits;
import dev.ispd.sim.metrics.MetricsEndpoint;
import dev.ispd.sim.store.Durability;
import dev.ispd.sim.store.RecoveryMode;
import dev.ispd.tasklet.wasm.WasmLimits;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Logger;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The drive daemon: serves one or more simulated drives until SIGTERM (or SIGINT). When every
 * drive listens it prints one line per drive, {@code drive<i> ready at <address> (...)}, which
 * scripts and tests wait for.
 */
@Command(name = "ispd-drive", mixinStandardHelpOptions = true, sortOptions = false,
        version = "ispd-drive (ispd protocol version " + FrameFormat.PROTOCOL_VERSION + ")",
        description = "Serves simulated smart drives over the ispd object-command protocol (docs/protocol.md).",
        footer = {"", "Drive i keeps its objects in <dir>/drive<i>. Examples:",
                "  ispd-drive --socket /tmp/ispd.sock --dir /tmp/ispd-data",
                "  ispd-drive --port 7070 --drives 4 --profile pm1725-isc --dir /var/lib/ispd"})
public final class DriveDaemon implements Callable<Integer> {
    public static final String DEFAULT_PROFILE = "smartssd-2013";
    /** The longest Unix socket path Linux binds: sockaddr_un's 108 bytes, less the terminating NUL. */
    static final int MAX_SOCKET_PATH = 107;
    private static final Logger LOG = Logger.getLogger(DriveDaemon.class.getName());
    /** Where every drive option's default comes from: an option left out changes nothing in these. */
    private static final DriveOptions DEFAULTS = DriveOptions.defaults();

    @ArgGroup(multiplicity = "1")
    private Listen listen;

    /** Exactly one way to listen. */
    static final class Listen {
        @Option(names = "--socket", paramLabel = "<path>",
                description = "Unix socket path. With --drives N > 1, drive i listens on <path>.<i>.")
        Path socket;

        @Option(names = "--port", paramLabel = "<p>",
                description = "TCP port of drive 0; drive i listens on <p>+i. 0 = any free port for each drive.")
        Integer port;
    }

    @Option(names = "--bind", paramLabel = "<address>", defaultValue = "127.0.0.1",
            description = "Address to bind with --port (default: ${DEFAULT-VALUE}).")
    private String bind;

    @Option(names = "--profile", paramLabel = "<name>", defaultValue = DEFAULT_PROFILE,
            description = "Device profile (default: ${DEFAULT-VALUE}); one of: ${COMPLETION-CANDIDATES}.",
            completionCandidates = ProfileNames.class)
    private String profile;

    @Option(names = "--dir", paramLabel = "<dir>", required = true,
            description = "Backing directory; drive i uses <dir>/drive<i>.")
    private Path dir;

    @Option(names = "--drives", paramLabel = "N", defaultValue = "1", description = "Number of drives (default: 1).")
    private int drives;

    @Option(names = "--durability", paramLabel = "process|fsync",
            converter = DurabilityConverter.class,
            description = "When a write is acknowledged: 'process' (in the backing file; survives a crash of this "
                    + "process) or 'fsync' (forced to disk; survives a power loss). Default: ${DEFAULT-VALUE}.")
    private Durability durability = DEFAULTS.durability();

    @Option(names = "--pace", paramLabel = "<factor>",
            description = "Report an execution DONE only after its modeled time x <factor> of wall time "
                    + "(0 = off, the default).")
    private double pace = DEFAULTS.paceFactor();

    @Option(names = "--pace-from", paramLabel = "N",
            description = "Pace each drive only from its Nth execution on (numbered from 1; those before answer at "
                    + "once): a drive that slows down mid-run (default: ${DEFAULT-VALUE}, every execution).")
    private long paceFrom = DEFAULTS.pacedFrom();

    @Option(names = "--recover", paramLabel = "quarantine",
            converter = RecoveryConverter.class,
            description = "Start even if the metadata log is missing or damaged, or does not account for files in "
                    + "the data folder: keep what the log accounts for and move every other file into "
                    + "<dir>/drive<i>/quarantine/<time>/ (nothing is deleted). Without it such a drive refuses to "
                    + "start, naming the file and offset.")
    private RecoveryMode recover = DEFAULTS.recovery();

    @Option(names = "--max-inflight", paramLabel = "N",
            description = "Executions queued or running per drive before EXECUTE answers BUSY (default: ${DEFAULT-VALUE}).")
    private int maxInflight = DEFAULTS.maxInflight();

    @Option(names = "--max-connections", paramLabel = "N",
            description = "Connections served at once per drive; more wait up to --admission-wait-ms for a slot, "
                    + "then are answered BUSY with a retry hint (default: ${DEFAULT-VALUE}).")
    private int maxConnections = DEFAULTS.server().maxConnections();

    @Option(names = "--idle-timeout-ms", paramLabel = "ms",
            description = "Close a connection silent this long between frames (default: ${DEFAULT-VALUE}).")
    private long idleTimeoutMs = DEFAULTS.server().idleTimeout().toMillis();

    @Option(names = "--header-timeout-ms", paramLabel = "ms",
            description = "Close a connection that takes longer than this to send a frame header once it has begun, "
                    + "or pauses this long in a payload or in taking an answer (default: ${DEFAULT-VALUE}).")
    private long headerTimeoutMs = DEFAULTS.server().headerTimeout().toMillis();

    @Option(names = "--hello-timeout-ms", paramLabel = "ms",
            description = "While others wait for a slot, close a connection not authenticated this long after it "
                    + "was admitted: on a drive with --auth-config, no authenticated hello; on any drive, no "
                    + "request served (default: ${DEFAULT-VALUE}).")
    private long helloTimeoutMs = DEFAULTS.server().helloTimeout().toMillis();

    @Option(names = "--max-unauthenticated", paramLabel = "N",
            description = "Connections not yet authenticated that may hold slots at once; more wait as connections "
                    + "over --max-connections do (default: ${DEFAULT-VALUE}).")
    private int maxUnauthenticated = DEFAULTS.server().maxUnauthenticated();

    @Option(names = "--min-payload-rate", paramLabel = "<bytes/s>",
            description = "Close a connection whose frame payload (request or answer) moves slower than this: a "
                    + "payload must be through within the header timeout plus its length at this rate "
                    + "(default: ${DEFAULT-VALUE}).")
    private long minPayloadRate = DEFAULTS.server().minPayloadRate();

    @Option(names = "--receive-memory", paramLabel = "<bytes>",
            description = "Bytes all connections of a drive may hold in receive buffers beyond their first 64 KiB; "
                    + "a frame that cannot get its share waits up to --header-timeout-ms, then is answered BUSY "
                    + "(default: a quarter of the JVM's maximum heap, shared by the drives; at least one largest "
                    + "payload).")
    private Long receiveMemory;

    @Option(names = "--admission-wait-ms", paramLabel = "ms",
            description = "How long a connection over --max-connections waits for a slot before it is answered BUSY "
                    + "(default: ${DEFAULT-VALUE}).")
    private long admissionWaitMs = DEFAULTS.server().admissionWait().toMillis();

    @Option(names = "--max-executions-per-connection", paramLabel = "N",
            description = "Executions one connection may have queued or running; one more EXECUTE is LIMIT_EXCEEDED "
                    + "(default: ${DEFAULT-VALUE}).")
    private int maxExecutionsPerConnection = DEFAULTS.maxExecutionsPerConnection();

    @Option(names = "--max-extents-per-execute", paramLabel = "N",
            description = "Extents one EXECUTE may name, at most 65536; more is LIMIT_EXCEEDED (default: ${DEFAULT-VALUE}).")
    private int maxExtentsPerExecute = DEFAULTS.maxExtentsPerExecute();

    @Option(names = "--max-open-files", paramLabel = "N",
            description = "Backing files each drive keeps open at once; others are opened on use (default: "
                    + "${DEFAULT-VALUE}). Lowered at start, with --max-connections, to fit each drive's share of the "
                    + "process's open-file limit (ulimit -n); the daemon prints what each drive holds.")
    private int maxOpenFiles = DEFAULTS.maxOpenFiles();

    @Option(names = "--modules", paramLabel = "on|off",
            description = "Whether clients may load their own tasklets as WebAssembly modules (LOAD_MODULE); off "
                    + "answers MODULES_DISABLED (default: ${DEFAULT-VALUE}).")
    private String modules = DEFAULTS.modules().enabled() ? "on" : "off";

    @Option(names = "--module-fuel", paramLabel = "N",
            description = "WebAssembly instructions one execution of a module may run (default: ${DEFAULT-VALUE}).")
    private long moduleFuel = DEFAULTS.modules().limits().instructions();

    @Option(names = "--module-memory", paramLabel = "<bytes>",
            description = "Linear memory a module may declare or grow to, a multiple of 65536 "
                    + "(default: ${DEFAULT-VALUE}).")
    private long moduleMemory = DEFAULTS.modules().limits().memoryBytes();

    @Option(names = "--module-result", paramLabel = "<bytes>",
            description = "Result bytes one execution of a module may emit (default: ${DEFAULT-VALUE}).")
    private int moduleResult = DEFAULTS.modules().limits().resultBytes();

    @Option(names = "--module-wall-time", paramLabel = "<ms>",
            description = "Milliseconds one execution may spend inside a module (default: ${DEFAULT-VALUE}).")
    private long moduleWallMs = DEFAULTS.modules().limits().wallTime().toMillis();

    @Option(names = "--auth-config", paramLabel = "<file>",
            description = "Authenticate every request and check it against the identities, keys and grants of "
                    + "this JSON file (docs/security.md). Without it anyone who can connect may do anything.")
    private Path authConfig;

    @Option(names = AuthConfig.INSECURE_OPTION,
            description = "Start even if --auth-config is weak: a config file its group or others may write, a key "
                    + "of one repeated byte (all zero), or two identities sharing a key (each is logged as a "
                    + "warning; docs/security.md, \"Weak configs\").")
    private boolean insecureAuthConfig;

    @Option(names = "--faults", paramLabel = "<file>",
            description = "Inject the faults of this JSON plan from the start (crashes, hangs, slow answers, media "
                    + "errors, a full drive, dropped connections; docs/drive.md, \"Fault injection\"). For tests; "
                    + "an admin's SET_FAULTS replaces or clears the plan at run time.")
    private Path faults;

    @ArgGroup(exclusive = true)
    private MetricsListen metricsListen;

    /** At most one place to serve /metrics. */
    static final class MetricsListen {
        @Option(names = "--metrics-port", paramLabel = "<p>",
                description = "Serve Prometheus metrics on http://127.0.0.1:<p>/metrics (drive i on <p>+i; 0 = any "
                        + "free port); docs/metrics.md. Off by default.")
        Integer port;

        @Option(names = "--metrics-bind", paramLabel = "<address>:<p>",
                description = "Serve Prometheus metrics on this address and port (drive i on <p>+i). A non-loopback "
                        + "address needs --metrics-token-file (or --insecure-bind).")
        String bind;
    }

    @Option(names = "--metrics-token-file", paramLabel = "<file>",
            description = "Answer a scrape only if it sends 'Authorization: Bearer <token>', the token being this "
                    + "file's content (trimmed); others get 401.")
    private Path metricsTokenFile;

    @Option(names = "--insecure-bind",
            description = "Allow --bind to a non-loopback address without --auth-config: anyone on the network "
                    + "may then read, change and delete every object; and --metrics-bind without "
                    + "--metrics-token-file: anyone may read the metrics (a warning is logged).")
    private boolean insecureBind;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        CommandLines.exit(new DriveDaemon(), args);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        OptionChecks checks = OptionChecks.of(spec.commandLine()).atLeast("--drives", drives, 1)
                .require(pace >= 0 && !Double.isInfinite(pace), "--pace", pace, "a finite number >= 0")
                .atLeast("--pace-from", paceFrom, 1)
                .atLeast("--max-inflight", maxInflight, 1).atLeast("--max-connections", maxConnections, 1)
                .atLeast("--idle-timeout-ms", idleTimeoutMs, 1).atLeast("--header-timeout-ms", headerTimeoutMs, 1)
                .atLeast("--admission-wait-ms", admissionWaitMs, 1).atLeast("--min-payload-rate", minPayloadRate, 1)
                .atLeast("--hello-timeout-ms", helloTimeoutMs, 1).atLeast("--max-unauthenticated", maxUnauthenticated, 1)
                .atLeast("--max-executions-per-connection", maxExecutionsPerConnection, 1)
                .require(maxExtentsPerExecute >= 1 && maxExtentsPerExecute <= Limits.MAX_EXTENTS,
                        "--max-extents-per-execute", maxExtentsPerExecute, "in 1.." + Limits.MAX_EXTENTS)
                .atLeast("--max-open-files", maxOpenFiles, 1)
                .require(receiveMemory == null || receiveMemory >= Limits.MAX_PAYLOAD, "--receive-memory", receiveMemory,
                        "at least one largest payload, " + Limits.MAX_PAYLOAD + " bytes")
                .require(listen.port == null || listen.port >= 0 && listen.port + drives - 1 <= 65535, "--port",
                        listen.port, "in 0.." + (65536 - drives) + " for " + drives + " drive(s) on consecutive ports");
        DeviceProfile p = checks.valid("--profile", profile, () -> Profiles.device(profile));
        checkExposure();
        checkSockets(checks);
        checks.require(modules.equals("on") || modules.equals("off"), "--modules", modules, "on or off")
                .atLeast("--module-fuel", moduleFuel, 1).atLeast("--module-result", moduleResult, 0)
                .atLeast("--module-wall-time", moduleWallMs, 1)
                .require(moduleMemory >= WasmLimits.PAGE_BYTES && moduleMemory % WasmLimits.PAGE_BYTES == 0
                        && moduleMemory <= 4L << 30, "--module-memory", moduleMemory,
                        "a multiple of 65536 from 65536 to 4294967296");
        DriveOptions options = options(checks);
        OpenFileBudget files = OpenFileBudget.measure(drives);
        options = files.fit(options);
        List<SimulatedDrive> started = new ArrayList<>();
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            closeAll(started);
            stopped.countDown();
        }, "ispd-drive-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            for (int i = 0; i < drives; i++) {
                String name = "drive" + i;
                started.add(SimulatedDrive.start(name, p, dir.resolve(name), address(i), options.forDrive(i)));
            }
        } catch (IOException | RuntimeException e) {
            Runtime.getRuntime().removeShutdownHook(hook);
            closeAll(started);
            throw e;
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("each drive %s%n", files.describe(options));
        for (SimulatedDrive d : started) {
            out.printf("%s ready at %s (profile %s, data %s, durability %s%s)%n", d.name(), d.address(), p.name(),
                    d.directory().toAbsolutePath(), durability, d.metricsPort() < 0 ? ""
                            : ", metrics on port " + d.metricsPort());
        }
        out.flush();
        stopped.await(); // until SIGTERM or SIGINT runs the hook
        return 0;
    }

    /** The drives' options as the command line gives them, every one left out at its {@link DriveOptions} default. */
    DriveOptions options(OptionChecks checks) throws IOException {
        WasmLimits limits = new WasmLimits(moduleFuel, moduleMemory, moduleResult, Duration.ofMillis(moduleWallMs));
        return DriveOptions.builder().durability(durability).pace(pace, paceFrom).maxInflight(maxInflight)
                .maxExecutionsPerConnection(maxExecutionsPerConnection).maxExtentsPerExecute(maxExtentsPerExecute)
                .maxOpenFiles(maxOpenFiles)
                .server(new ServerLimits(maxConnections, Duration.ofMillis(idleTimeoutMs),
                        Duration.ofMillis(headerTimeoutMs), Duration.ofMillis(admissionWaitMs), minPayloadRate,
                        Duration.ofMillis(helloTimeoutMs), maxUnauthenticated, receiveMemory != null ? receiveMemory
                        : Math.max(Limits.MAX_PAYLOAD, ServerLimits.DEFAULT_RECEIVE_MEMORY / drives)))
                .recovery(recover).modules(new ModulePolicy(modules.equals("on"), limits))
                .auth(authConfig == null ? null : AuthConfig.load(authConfig, insecureAuthConfig))
                .faults(faults == null ? FaultPlan.NONE : FaultPlan.load(faults)).metrics(metricsEndpoint(checks))
                .build();
    }

    /** Where to serve /metrics, checked; null without --metrics-port or --metrics-bind. */
    private MetricsEndpoint metricsEndpoint(OptionChecks checks) throws IOException {
        if (metricsListen == null) {
            if (metricsTokenFile != null) {
                throw checks.usage("--metrics-token-file needs --metrics-port or --metrics-bind");
            }
            return null;
        }
        String option = metricsListen.port != null ? "--metrics-port" : "--metrics-bind";
        InetSocketAddress at = metricsListen.port != null
                ? new InetSocketAddress(InetAddress.getLoopbackAddress(), metricsListen.port)
                : checks.valid(option, metricsListen.bind, () -> hostAndPort(metricsListen.bind));
        checks.require(at.getPort() == 0 || at.getPort() + drives - 1 <= 65535, option, at.getPort(),
                "in 0.." + (65536 - drives) + " for " + drives + " drive(s) on consecutive ports");
        String token = metricsTokenFile == null ? null : token(metricsTokenFile);
        if (token == null && !at.getAddress().isLoopbackAddress()) {
            if (!insecureBind) {
                throw checks.usage(option + " " + metricsListen.bind + " is not a loopback address: give "
                        + "--metrics-token-file (docs/metrics.md), or --insecure-bind to let anyone on the network "
                        + "read the metrics");
            }
            LOG.warning(option + " " + metricsListen.bind + " without --metrics-token-file (--insecure-bind): anyone "
                    + "who can reach it may read the drive's metrics");
        }
        return new MetricsEndpoint(at, token);
    }

    /** {@code host:port} (an IPv6 address in brackets), resolved. */
    private static InetSocketAddress hostAndPort(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected <address>:<port>, e.g. 127.0.0.1:9400");
        }
        String host = text.substring(0, colon).replaceAll("^\\[|\\]$", "");
        int port;
        try {
            port = Integer.parseInt(text.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the port '" + text.substring(colon + 1) + "' is not a number");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("the port must be in 0..65535");
        }
        InetSocketAddress at = new InetSocketAddress(host, port);
        if (at.isUnresolved()) {
            throw new IllegalArgumentException("the address '" + host + "' does not resolve");
        }
        return at;
    }

    private static String token(Path file) throws IOException {
        String token;
        try {
            token = Files.readString(file).trim();
        } catch (IOException e) {
            throw new IOException("--metrics-token-file " + file + ": cannot be read (" + e + ")", e);
        }
        if (token.isEmpty()) {
            throw new IOException("--metrics-token-file " + file + ": the file is empty; it must hold the token");
        }
        return token;
    }

    /** A TCP drive reachable beyond this host without authentication needs --insecure-bind, and is warned of. */
    private void checkExposure() throws UnknownHostException {
        if (listen.port == null || authConfig != null || InetAddress.getByName(bind).isLoopbackAddress()) {
            return;
        }
        if (!insecureBind) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--bind " + bind + " is not a loopback "
                    + "address: give --auth-config (docs/security.md), or --insecure-bind to serve every client "
                    + "on the network without authentication");
        }
        LOG.warning("--bind " + bind + " without --auth-config (--insecure-bind): any client that can reach port "
                + listen.port + " may read, change and delete every object");
    }

    /**
     * Each drive's Unix socket path must be one it can bind: in an existing directory, within a
     * socket path's 107 bytes. Checked before any drive creates its store under --dir.
     */
    private void checkSockets(OptionChecks checks) {
        for (int i = 0; listen.socket != null && i < drives; i++) {
            Path socket = socketPath(i).toAbsolutePath();
            checks.require(socket.getParent() != null && Files.isDirectory(socket.getParent()), "--socket", socket,
                    "a path in an existing directory")
                    .require(socket.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH, "--socket",
                            socket, "at most " + MAX_SOCKET_PATH + " bytes long (a Unix socket path's limit)");
        }
    }

    private Path socketPath(int i) {
        return drives == 1 ? listen.socket : Path.of(listen.socket + "." + i);
    }

    private DriveAddress address(int i) {
        if (listen.socket != null) {
            return DriveAddress.unix(socketPath(i));
        }
        return DriveAddress.tcp(bind, listen.port == 0 ? 0 : listen.port + i);
    }

    private static synchronized void closeAll(List<SimulatedDrive> drives) {
        for (SimulatedDrive d : drives) {
            try {
                d.close();
            } catch (IOException | RuntimeException e) {
                System.err.println("ispd-drive: closing " + d.name() + ": " + e);
            }
        }
        drives.clear();
    }

    /** Completion candidates and help text for --profile. */
    static final class ProfileNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return Profiles.deviceNames().iterator();
        }
    }

    static final class DurabilityConverter implements CommandLine.ITypeConverter<Durability> {
        @Override
        public Durability convert(String value) {
            return Durability.parse(value);
        }
    }

    static final class RecoveryConverter implements CommandLine.ITypeConverter<RecoveryMode> {
        @Override
        public RecoveryMode convert(String value) {
            return RecoveryMode.parse(value);
        }
    }
}
