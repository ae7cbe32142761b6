package dev.ispd.offload.model;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * The name of the machine this JVM runs on, as the measured cost basis files host runs under
 * (one machine's wall clock says nothing of another's). Looked up once; a machine whose name does
 * not resolve is {@code localhost}.
 */
public final class LocalHost {
    private static final String NAME = lookUp();

    private LocalHost() {
    }

    public static String name() {
        return NAME;
    }

    private static String lookUp() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
