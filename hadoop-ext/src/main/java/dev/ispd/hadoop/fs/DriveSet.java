package dev.ispd.hadoop.fs;

import dev.ispd.client.Credentials;
import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.hadoop.conf.DriveCredentials;
import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.fs.metadata.SharedDrive;
import dev.ispd.offload.storage.UnansweredDrives;
import dev.ispd.protocol.Status;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The drives of an osd:// file system, as {@link IspdKeys#FS_DRIVES} lists them
 * ({@code host=address,...}): drive {@code i} is the i-th entry, {@code host} names the node it is
 * attached to (for locality), {@code address} is how to reach it ({@code unix:/path} or
 * {@code tcp:host:port}). Every client of one file system must list the same drives in the same
 * order: the namespace names drives by index.
 *
 * <p>{@link #open} gives callers their own connections; the file system's metadata traffic and
 * chunk deletes share one connection per drive, opened on first use and closed with this set.
 * Every connection authenticates with the set's credentials, if it has any.
 */
public final class DriveSet implements Closeable {
    private final List<String> hosts;
    private final List<String> addresses;
    private final Drive[] shared;
    private final Optional<Credentials> credentials;
    private boolean closed;

    private DriveSet(List<String> hosts, List<String> addresses, Optional<Credentials> credentials) {
        this.hosts = List.copyOf(hosts);
        this.addresses = List.copyOf(addresses);
        this.shared = new Drive[addresses.size()];
        this.credentials = credentials;
    }

    /**
     * The drives of {@link IspdKeys#FS_DRIVES} in {@code conf}, reached as the identity of
     * {@link IspdKeys#AUTH_IDENTITY} if one is set ({@link DriveCredentials}).
     */
    public static DriveSet fromConfiguration(Configuration conf) throws IOException {
        DriveSet anonymous = parse(conf.getTrimmed(IspdKeys.FS_DRIVES.name(), IspdKeys.FS_DRIVES.defaultValue()));
        return new DriveSet(anonymous.hosts, anonymous.addresses, DriveCredentials.fromConfiguration(conf));
    }

    /** Parses {@code host=address,...} (anonymous); an empty or malformed entry is an error naming it. */
    public static DriveSet parse(String spec) {
        String key = IspdKeys.FS_DRIVES.name();
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException(key + " is not set: list the drives as host=address,... (e.g. "
                    + "node1=tcp:10.0.0.1:7070)");
        }
        List<String> hosts = new ArrayList<>();
        List<String> addresses = new ArrayList<>();
        String[] entries = spec.split(",", -1);
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i].trim();
            int eq = entry.indexOf('=');
            if (eq <= 0 || eq == entry.length() - 1) {
                throw new IllegalArgumentException(key + ": entry " + i + " '" + entry
                        + "' is not host=address (e.g. node1=unix:/run/ispd/drive0.sock)");
            }
            hosts.add(entry.substring(0, eq).trim());
            addresses.add(entry.substring(eq + 1).trim());
        }
        return new DriveSet(hosts, addresses, Optional.empty());
    }

    public int size() {
        return addresses.size();
    }

    /** Drive {@code drive}'s address in ispd_connect format. */
    public String address(int drive) {
        return addresses.get(drive);
    }

    /** The host (node) drive {@code drive} is attached to. */
    public String host(int drive) {
        return hosts.get(drive);
    }

    /** A new connection to drive {@code drive} (JNI binding); the caller closes it and uses it from one thread. */
    public Drive open(int drive) throws IOException {
        return credentials.isPresent() ? Drive.connect(address(drive), credentials.get()) : Drive.connect(address(drive));
    }

    /**
     * Whether drive {@code drive} left a call unanswered past its deadline lately (a split's, or one
     * of this set's): new chunks go to other drives, deletes on it are left to fsck.
     */
    public boolean unanswered(int drive) {
        return UnansweredDrives.recently(address(drive));
    }

    /** Notes a call to drive {@code drive} that failed with {@code e}: one left unanswered makes it {@link #unanswered}. */
    void noteFailure(int drive, IOException e) {
        if (e instanceof DriveException de && de.status() == Status.TIMEOUT) {
            UnansweredDrives.missed(address(drive));
        }
    }

    /**
     * Runs {@code call} on the set's own connection to drive {@code drive}. If the connection
     * itself failed (the drive restarted, say), it is dropped so that the next call reconnects;
     * the failed call is not retried, since an append may have landed before the answer was lost.
     */
    <T> T onShared(int drive, SharedDrive.Command<T> call) throws IOException {
        Drive d = shared(drive);
        try {
            return call.run(d);
        } catch (DriveException e) {
            if (e.status() == Status.IO || e.status() == Status.TIMEOUT) {
                drop(drive, d);
            }
            noteFailure(drive, e);
            throw e;
        }
    }

    /** Drive {@code drive} as a journal on it reaches it: through the set's own connection ({@link #onShared}). */
    public SharedDrive sharedDrive(int drive) {
        return new SharedDrive() {
            @Override
            public <T> T run(Command<T> command) throws IOException {
                return onShared(drive, command);
            }

            @Override
            public int index() {
                return drive;
            }

            @Override
            public String address() {
                return DriveSet.this.address(drive);
            }
        };
    }

    private synchronized void drop(int drive, Drive broken) {
        if (shared[drive] == broken) {
            shared[drive] = null;
            broken.close();
        }
    }

    /** The set's own connection to drive {@code drive}, opened on first use (Drive serialises callers). */
    private synchronized Drive shared(int drive) throws IOException {
        if (closed) {
            throw new IOException("the drive set " + addresses + " is closed");
        }
        if (shared[drive] == null) {
            shared[drive] = open(drive);
        }
        return shared[drive];
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (int i = 0; i < shared.length; i++) {
            if (shared[i] != null) {
                shared[i].close();
                shared[i] = null;
            }
        }
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder("DriveSet[");
        for (int i = 0; i < size(); i++) {
            s.append(i == 0 ? "" : ", ").append(i).append(": ").append(host(i)).append('=').append(address(i));
        }
        return s.append(']').toString();
    }
}
