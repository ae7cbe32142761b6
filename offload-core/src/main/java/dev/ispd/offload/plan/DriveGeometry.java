package dev.ispd.offload.plan;

import java.io.Serializable;

/**
 * The drive-specific settings of a planned split: where its drive is (address, and host for
 * locality) and how that drive scans (page size, pages per batch) and moves bytes to the host
 * (link bandwidth and command latency), so that a host run scans and is priced the same way.
 */
public record DriveGeometry(String address, String host, int pageSize, int pagesPerBatch, long linkBytesPerSec,
                            long linkCommandLatencyNs) implements Serializable {
}
