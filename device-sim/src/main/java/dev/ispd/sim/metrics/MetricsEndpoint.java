package dev.ispd.sim.metrics;

import java.net.InetSocketAddress;

/**
 * Where a drive serves /metrics, and the bearer token a scraper must send (docs/metrics.md).
 *
 * @param bind  the address and port to listen on (port 0: any free port)
 * @param token the token scrapers send as {@code Authorization: Bearer <token>}; null = none asked
 */
public record MetricsEndpoint(InetSocketAddress bind, String token) {

    /** The same endpoint {@code offset} ports further (drive i of a daemon serves on port + i). */
    public MetricsEndpoint plusPorts(int offset) {
        int port = bind.getPort() == 0 ? 0 : bind.getPort() + offset;
        return new MetricsEndpoint(new InetSocketAddress(bind.getAddress(), port), token);
    }
}
