package dev.ispd.sim.controller;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The controller's counters for DEVICE_LOG. {@code commands} counts the commands that advance
 * modeled time (not POLL, STAT, LIST, DEVICE_INFO or DEVICE_LOG, whose number depends on
 * wall-clock polling), so the log of a given workload is deterministic.
 */
final class DriveCounters {
    final AtomicLong commands = new AtomicLong();
    final AtomicLong bytesWritten = new AtomicLong();
    final AtomicLong bytesToHost = new AtomicLong();
    final AtomicLong bytesReadInternal = new AtomicLong();
}
