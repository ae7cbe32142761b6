package dev.ispd.spark.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Spark standalone cluster on this machine from a {@link SparkDistribution}: a master and one
 * worker per host alias, each its own process ({@code spark-class ...Master} / {@code ...Worker};
 * the pyspark package has no sbin scripts). Worker {@code i} binds and advertises the loopback
 * address {@code 127.0.0.<i+2>}, as the YARN test's node managers do (Linux routes all of 127/8
 * to the loopback interface, and such an address is its own canonical name in every JVM), so its
 * executors report that host and a partition preferring it can be scheduled NODE_LOCAL there.
 * Daemons and executors are small (one core, 512 MB).
 */
final class StandaloneCluster implements AutoCloseable {
    /**
     * The JVM options of the master, the workers, their executors and spark-submit's drivers: serial
     * GC and the JIT's first tier only (as {@code MultiHostYarnCluster}'s containers): the machine may
     * have 2 cores, and each JVM runs its code too briefly to repay the optimizing compiler.
     */
    static final String JVM_OPTIONS = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1";

    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final List<Process> daemons = new ArrayList<>();
    private final List<String> hosts;
    private final String master;

    StandaloneCluster(SparkDistribution spark, int workers, Path dir) throws IOException, InterruptedException {
        hosts = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            String host = "127.0.0." + (i + 2);
            if (!InetAddress.getByName(host).getCanonicalHostName().equals(host)) {
                throw new IllegalStateException("worker host " + host + " resolves to another name (an /etc/hosts entry?)");
            }
            hosts.add(host);
        }
        int port = freePort();
        master = "spark://127.0.0.1:" + port;
        try {
            daemons.add(start(spark, dir, "master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                    "--port", String.valueOf(port), "--webui-port", String.valueOf(freePort()))));
            awaitPort("127.0.0.1", port);
            for (int i = 0; i < workers; i++) {
                Path work = Files.createDirectories(dir.resolve("worker" + i));
                daemons.add(start(spark, dir, "worker" + i, List.of("org.apache.spark.deploy.worker.Worker",
                        "--host", hosts.get(i), "--cores", "1", "--memory", "1g", "--work-dir", work.toString(),
                        "--webui-port", String.valueOf(freePort()), master)));
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** The master's URL, {@code spark://127.0.0.1:PORT}. */
    String master() {
        return master;
    }

    /** Worker {@code i}'s host alias, in worker order. */
    List<String> hosts() {
        return hosts;
    }

    private static Process start(SparkDistribution spark, Path dir, String name, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(spark.bin("spark-class").toString()));
        command.addAll(args);
        ProcessBuilder b = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        b.environment().put("SPARK_HOME", spark.home().toString());
        b.environment().put("SPARK_DAEMON_MEMORY", "256m");
        b.environment().put("SPARK_DAEMON_JAVA_OPTS", JVM_OPTIONS);
        b.environment().put("SPARK_LOG_DIR", dir.toString());
        // no REST submission server on its fixed port 6066, which another cluster on the machine may hold
        b.environment().put("SPARK_MASTER_OPTS", "-Dspark.master.rest.enabled=false");
        return b.start();
    }

    private void awaitPort(String host, int port) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (true) {
            try (Socket s = new Socket(host, port)) {
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !daemons.get(0).isAlive()) {
                    throw new IOException("the Spark master did not listen on " + host + ":" + port + " within "
                            + START_TIMEOUT + " (see master.log)", e);
                }
                Thread.sleep(200);
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** Stops the workers (their executors with them), then the master. */
    @Override
    public void close() {
        for (int i = daemons.size() - 1; i >= 0; i--) {
            Process p = daemons.get(i);
            p.destroy();
            try {
                if (!p.waitFor(20, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                }
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
