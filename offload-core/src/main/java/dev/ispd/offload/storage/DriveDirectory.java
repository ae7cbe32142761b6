package dev.ispd.offload.storage;

import dev.ispd.client.Drive;
import java.io.IOException;

/** The drives a file system keeps its chunks on, by index: where each is and how to reach it. */
public interface DriveDirectory {
    int size();

    /** Drive {@code drive}'s address in ispd_connect format. */
    String address(int drive);

    /** The host (node) drive {@code drive} is attached to, for locality; empty if unknown. */
    String host(int drive);

    /** A new connection to drive {@code drive}; the caller closes it. */
    Drive open(int drive) throws IOException;
}
