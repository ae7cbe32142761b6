package dev.ispd.sim.daemon;

import com.sun.management.UnixOperatingSystemMXBean;
import dev.ispd.sim.hostif.ServerLimits;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The process's open-file limit (ulimit -n) shared by the drives it runs (docs/drive.md, "Open
 * files"). What the process already holds at start and {@link DriveOptions#RESERVED_FILES} for
 * everything else it may open (class files, logs, modules, metrics) are set aside; each drive
 * gets an equal share of the rest, less {@link DriveOptions#FILES_PER_DRIVE} of its own (metadata
 * log, listening socket, selectors). Within a share, sockets (connections served, waiting, and
 * being answered BUSY) take at most half; backing files take the rest, up to the configured
 * {@code --max-open-files}. So neither creates nor accepts fail for want of a descriptor, and
 * {@link #describe} says what each drive can hold.
 *
 * @param limit  the process's open-file limit
 * @param inUse  descriptors open when the budget was measured
 * @param drives drives sharing the process
 */
record OpenFileBudget(long limit, long inUse, int drives) {
    /** Fewest descriptors a drive's share may have: one connection, its queue and a few files. */
    static final int MIN_SHARE = 8;

    /** The limits of this process now; none (no bound) where the JVM cannot tell them. */
    static OpenFileBudget measure(int drives) {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof UnixOperatingSystemMXBean unix && unix.getMaxFileDescriptorCount() > 0) {
            return new OpenFileBudget(unix.getMaxFileDescriptorCount(), unix.getOpenFileDescriptorCount(), drives);
        }
        return new OpenFileBudget(Long.MAX_VALUE, 0, drives);
    }

    /** Descriptors one drive may hold. */
    long share() {
        long free = limit - inUse - DriveOptions.RESERVED_FILES;
        return free / drives - DriveOptions.FILES_PER_DRIVE;
    }

    /**
     * {@code o} with its connection cap and open files lowered to fit this budget (unchanged when
     * they fit); IllegalStateException naming the limit if a drive's share is too small to serve.
     */
    DriveOptions fit(DriveOptions o) {
        long share = share();
        if (share < MIN_SHARE) {
            throw new IllegalStateException("the process's open-file limit (ulimit -n) " + limit + ", with " + inUse
                    + " open already and " + DriveOptions.RESERVED_FILES + " kept for the JVM, leaves " + Math.max(0, share)
                    + " descriptors for each of " + drives + " drive(s), fewer than " + MIN_SHARE
                    + "; raise ulimit -n or run fewer drives");
        }
        ServerLimits server = o.server();
        int connections = (int) Math.min(server.maxConnections(), connectionsWithin(share / 2,
                server.maxUnauthenticated()));
        ServerLimits fitted = server.withMaxConnections(connections);
        int files = (int) Math.min(o.maxOpenFiles(), share - fitted.maxSockets());
        return connections == server.maxConnections() && files == o.maxOpenFiles() ? o
                : o.toBuilder().server(fitted).maxOpenFiles(files).build();
    }

    /** The most connections whose sockets ({@link ServerLimits#maxSockets}) fit in {@code sockets}. */
    private static long connectionsWithin(long sockets, int maxUnauthenticated) {
        long beyondQueue = sockets - 2L * maxUnauthenticated; // queue and BUSY answers at their full size
        return beyondQueue >= maxUnauthenticated ? beyondQueue : Math.max(1, sockets / 3);
    }

    /** What a drive with {@code fitted} options holds of this budget, for the drive's start message. */
    String describe(DriveOptions fitted) {
        String of = limit == Long.MAX_VALUE ? "no open-file limit known"
                : "of the process's open-file limit " + limit + " (" + inUse + " in use at start, " + drives
                + " drive(s))";
        return "holds up to " + fitted.maxOpenFiles() + " backing files open and " + fitted.server().maxConnections()
                + " connections (+ " + fitted.server().maxWaiting() + " waiting, " + fitted.server().maxWaiting()
                + " being answered BUSY), " + of;
    }
}
