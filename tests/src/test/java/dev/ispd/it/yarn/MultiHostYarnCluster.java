package dev.ispd.it.yarn;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacitySchedulerConfiguration;

/**
 * MapReduce on a YARN mini cluster ({@link MiniMRYarnCluster}: resource manager, node managers and
 * job history server in this JVM, the application master and the tasks in container JVMs) whose
 * node managers register under host names of their own, so that a split's location can name one.
 *
 * <p>Every node manager of a mini cluster runs on this machine, and a node manager's id is the
 * canonical name of the address it advertises, so by default they all register as this machine.
 * Here node {@code i} advertises the loopback address {@code 127.0.0.<i+2>} (Linux routes all of
 * 127/8 to the loopback interface) and listens on every interface. Such an address has no entry in
 * /etc/hosts, so it is its own canonical name, and every JVM (the application master's and the
 * tasks' too) resolves it without a hosts file, DNS or {@code NetUtils} static resolution, which
 * would only reach this JVM. The constructor checks that assumption.
 *
 * <p>Containers are small (512 MB, serial GC, C1 only): the machine may have 2 cores.
 */
final class MultiHostYarnCluster implements AutoCloseable {
    /** Memory of every container (application master, maps, reducers), in MB. */
    private static final int CONTAINER_MB = 512;
    /** Each node manager offers room for this many containers, so no task waits for memory. */
    private static final int CONTAINERS_PER_NODE = 8;
    private static final long REGISTRATION_TIMEOUT_MS = 30_000;
    private static final String CONTAINER_JVM = "-Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";

    private final MiniMRYarnCluster cluster;
    private final List<String> hosts;

    /** Starts a cluster of {@code nodes} node managers named {@link #hosts()}; its files go under target/. */
    MultiHostYarnCluster(String name, int nodes) throws IOException {
        hosts = IntStream.range(0, nodes).mapToObj(i -> "127.0.0." + (i + 2)).toList();
        for (String host : hosts) {
            String canonical = InetAddress.getByName(host).getCanonicalHostName();
            if (!canonical.equals(host)) {
                throw new IllegalStateException("node host " + host + " resolves back to '" + canonical
                        + "' (an /etc/hosts entry?): two node managers would share a name");
            }
        }
        Configuration conf = new YarnConfiguration();
        conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, CONTAINER_MB / 2);
        conf.setInt(YarnConfiguration.YARN_MINICLUSTER_NM_PMEM_MB, CONTAINERS_PER_NODE * CONTAINER_MB);
        conf.setInt(YarnConfiguration.NM_VCORES, CONTAINERS_PER_NODE);
        // Delay scheduling: a map waits for its split's node until the capacity scheduler has passed
        // over it min(nodes, node-locality-delay) times; the mini cluster's capacity-scheduler.xml
        // sets -1 (never wait), this restores Hadoop's default (see the test's class comment).
        conf.setInt(CapacitySchedulerConfiguration.NODE_LOCALITY_DELAY,
                CapacitySchedulerConfiguration.DEFAULT_NODE_LOCALITY_DELAY);
        // Place containers on node heartbeats, not from Hadoop 3.5's asynchronous scheduling thread,
        // whose proposals sometimes over-allocate on one node: the application master then gives the
        // extra container a map of the other node before that node's own container comes.
        conf.setBoolean(CapacitySchedulerConfiguration.SCHEDULE_ASYNCHRONOUSLY_ENABLE, false);
        // container logs are deleted as soon as the application ends, or each node manager waits 10 s on stop
        conf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
        cluster = new MiniMRYarnCluster(name, nodes);
        try {
            cluster.init(conf);
            // MiniYARNCluster gives every node manager this machine's name; rename them before they start
            for (int i = 0; i < nodes; i++) {
                Configuration nm = cluster.getNodeManager(i).getConfig();
                nm.set(YarnConfiguration.NM_BIND_HOST, "0.0.0.0");
                nm.set(YarnConfiguration.NM_ADDRESS, hosts.get(i) + ":0");
            }
            cluster.start();
            if (!cluster.waitForNodeManagersToConnect(REGISTRATION_TIMEOUT_MS)) {
                throw new IllegalStateException("the " + nodes + " node managers did not all register within "
                        + REGISTRATION_TIMEOUT_MS + " ms");
            }
            for (int i = 0; i < nodes; i++) {
                String registered = cluster.getNodeManager(i).getNMContext().getNodeId().getHost();
                if (!registered.equals(hosts.get(i))) {
                    throw new IllegalStateException("node manager " + i + " registered as " + registered
                            + ", not " + hosts.get(i));
                }
            }
        } catch (YarnException | InterruptedException | RuntimeException e) {
            cluster.stop();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IOException("cannot start the YARN mini cluster " + name + ": " + e.getMessage(), e);
        }
    }

    /** The host name node manager {@code i} registered with, in node order. */
    List<String> hosts() {
        return hosts;
    }

    /** A new job Configuration for this cluster: small containers, quick polling, reducers after the maps. */
    Configuration jobConf() {
        Configuration conf = new Configuration(cluster.getConfig());
        conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.YARN_FRAMEWORK_NAME);
        for (String key : List.of(MRJobConfig.MR_AM_VMEM_MB, MRJobConfig.MAP_MEMORY_MB, MRJobConfig.REDUCE_MEMORY_MB)) {
            conf.setInt(key, CONTAINER_MB);
        }
        for (String key : List.of(MRJobConfig.MR_AM_COMMAND_OPTS, MRJobConfig.MAP_JAVA_OPTS,
                MRJobConfig.REDUCE_JAVA_OPTS)) {
            conf.set(key, CONTAINER_JVM);
        }
        // no speculative attempt: it would land wherever there is room, and its maps would not be data-local
        conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
        conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
        // the reducer's container is asked for once every map is done, so it never delays a map
        conf.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 1.0f);
        conf.setInt("mapreduce.client.completion.pollinterval", 200);
        conf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
        return conf;
    }

    @Override
    public void close() {
        cluster.stop();
    }
}
