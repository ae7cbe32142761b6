package dev.ispd.sim.daemon;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The drive daemon in a separate JVM (the test's java and class path), for crash tests; public for
 * other modules' tests of drives in processes of their own (device-sim's test jar).
 */
public final class DaemonProcess implements AutoCloseable {
    private static final Pattern READY = Pattern.compile("^(drive\\d+) ready at (\\S+) ");
    private static final Pattern METRICS = Pattern.compile("metrics on port (\\d+)\\)$");

    private final Process process;
    private final List<String> addresses = new ArrayList<>();
    /** What the daemon printed up to its last ready line. */
    private final List<String> startLines = new ArrayList<>();
    private final List<Integer> metricsPorts = new ArrayList<>();

    private DaemonProcess(Process process) {
        this.process = process;
    }

    /** Starts {@code DriveDaemon} with {@code args} and waits for every drive's ready line. */
    public static DaemonProcess start(Path log, int drives, String... args) throws IOException {
        return start(log, drives, List.of(), args);
    }

    /** As {@link #start(Path, int, String...)}, with the process's open-file limit (ulimit -n) set to {@code limit}. */
    static DaemonProcess startWithOpenFileLimit(Path log, int limit, String... args) throws IOException {
        return start(log, 1, List.of("sh", "-c", "ulimit -n " + limit + " && exec \"$0\" \"$@\""), args);
    }

    /**
     * One drive with its log, socket and data in {@code dir}, the process's open-file limit set to
     * {@code limit}, and {@code moreArgs}.
     */
    static DaemonProcess startInWithOpenFileLimit(Path dir, int limit, String... moreArgs) throws IOException {
        List<String> args = new ArrayList<>(List.of("--socket", dir.resolve("d.sock").toString(), "--dir",
                dir.resolve("data").toString()));
        args.addAll(List.of(moreArgs));
        return startWithOpenFileLimit(dir.resolve("daemon.log"), limit, args.toArray(String[]::new));
    }

    /** As {@link #start(Path, int, String...)} for one drive, the JVM started with {@code jvmOptions} (e.g. -Xmx). */
    static DaemonProcess startWithJvmOptions(Path log, List<String> jvmOptions, String... args) throws IOException {
        return start(log, 1, List.of(), jvmOptions, args);
    }

    private static DaemonProcess start(Path log, int drives, List<String> launcher, String... args) throws IOException {
        return start(log, drives, launcher, List.of(), args);
    }

    private static DaemonProcess start(Path log, int drives, List<String> launcher, List<String> jvmOptions,
                                       String... args) throws IOException {
        List<String> cmd = new ArrayList<>(launcher);
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), DriveDaemon.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        DaemonProcess d = new DaemonProcess(p);
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        while (d.addresses.size() < drives) {
            String line = out.readLine();
            if (line == null) {
                throw new IOException("the daemon exited (" + waitExit(p) + ") before it was ready; see " + log);
            }
            d.startLines.add(line);
            Matcher m = READY.matcher(line);
            if (m.find()) {
                d.addresses.add(m.group(2));
                Matcher metrics = METRICS.matcher(line);
                d.metricsPorts.add(metrics.find() ? Integer.parseInt(metrics.group(1)) : -1);
            }
        }
        return d;
    }

    private static String waitExit(Process p) {
        try {
            return p.waitFor(5, TimeUnit.SECONDS) ? "status " + p.exitValue() : "still running";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** What the daemon printed at start, up to its last ready line. */
    List<String> startLines() {
        return startLines;
    }

    public String address(int i) {
        return addresses.get(i);
    }

    /** Where drive {@code i} serves /metrics (started with --metrics-port), else -1. */
    public int metricsPort(int i) {
        return metricsPorts.get(i);
    }

    /** SIGSTOP: a hung drive; the kernel still accepts its connections, nothing answers them. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** SIGCONT after {@link #pause}. */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        int status = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start().waitFor();
        if (status != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " exited with " + status);
        }
    }

    /** SIGKILL: no shutdown hook, no flushing; only what reached the OS survives. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    /** SIGTERM; returns the exit status. */
    int terminate() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(20, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the daemon did not stop on SIGTERM");
        }
        return process.exitValue();
    }

    /** Kills the daemon if it still runs (stopped or not), so a failed test leaves no process behind. */
    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
