package dev.ispd.hadoop.fs;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.FileUtil;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** A real standalone ZooKeeper server in the test JVM, on a free port of 127.0.0.1, for one test class. */
public final class InProcessZooKeeper implements BeforeAllCallback, AfterAllCallback {
    private Path dir;
    private ZooKeeperServer server;
    private ServerCnxnFactory factory;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        dir = Files.createTempDirectory("ispd-zookeeper-");
        server = new ZooKeeperServer(dir.toFile(), dir.toFile(), 2000);
        factory = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", 0), 100);
        factory.startup(server);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        try {
            factory.shutdown();
            server.shutdown();
        } finally {
            FileUtil.fullyDelete(dir.toFile());
        }
    }

    /** The connect string of the server. */
    public String connectString() {
        return "127.0.0.1:" + factory.getLocalPort();
    }
}
