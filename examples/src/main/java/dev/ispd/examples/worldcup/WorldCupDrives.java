package dev.ispd.examples.worldcup;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.schedule.CostBasis;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.util.List;
import java.util.StringJoiner;
import org.apache.hadoop.conf.Configuration;

/** The Hadoop configuration of WorldCup98 jobs over in-JVM drives: osd:// on them, entry size, host profile. */
public final class WorldCupDrives {
    private WorldCupDrives() {
    }

    /**
     * osd:// over {@code drives} (all on this host) with chunks of whole entries ({@code chunkSize}
     * rounded down), {@code ispd.worldcup.entry.size} and the host profile that prices host splits.
     * In-JVM drives are the modeled instrument: the cost basis is {@code modeled} unless set, so
     * the quickstarts, the workbench and the reproduction plan the same on every machine.
     */
    public static Configuration configuration(EmbeddedDrives drives, long chunkSize, int entrySize, String hostProfile) {
        return configuration(new Configuration(), drives, chunkSize, entrySize, hostProfile);
    }

    /** {@link #configuration(EmbeddedDrives, long, int, String)} over the settings of {@code base}. */
    public static Configuration configuration(Configuration base, EmbeddedDrives drives, long chunkSize, int entrySize,
                                              String hostProfile) {
        Configuration conf = osd(base, drives.addresses(), chunkSize, entrySize);
        conf.set(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), hostProfile);
        if (conf.get(OffloadKeys.OFFLOAD_COST_BASIS.name()) == null) {
            conf.set(OffloadKeys.OFFLOAD_COST_BASIS.name(), CostBasis.MODELED.key());
        }
        return conf;
    }

    /**
     * osd:// over running drives: {@code addresses} such as {@code tcp:127.0.0.1:7000} or
     * {@code unix:/tmp/ispd.sock} (on this host), or {@code host=address} pairs naming the node
     * of each drive; chunks of whole entries ({@code chunkSize} rounded down); the other settings
     * those of {@code base}.
     */
    public static Configuration osd(Configuration base, List<String> addresses, long chunkSize, int entrySize) {
        if (chunkSize < entrySize) {
            throw new IllegalArgumentException("chunk size " + chunkSize + " is smaller than one entry of " + entrySize
                    + " bytes");
        }
        Configuration conf = drives(base, addresses);
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), chunkSize - chunkSize % entrySize);
        conf.setInt(WorldCupKeys.ENTRY_SIZE.name(), entrySize);
        return conf;
    }

    /**
     * A copy of {@code base} with osd:// over running drives: {@code addresses} as for {@link #osd},
     * or, when there are none, the drives {@code base} names ({@code ispd.fs.drives}).
     */
    public static Configuration drives(Configuration base, List<String> addresses) {
        Configuration conf = new Configuration(base);
        if (addresses.isEmpty()) {
            if (conf.getTrimmed(IspdKeys.FS_DRIVES.name(), "").isEmpty()) {
                throw new IllegalArgumentException("osd:// needs its drives: give --drives, or "
                        + IspdKeys.FS_DRIVES.name() + " with -D or in the Hadoop configuration (--conf-dir)");
            }
            return conf;
        }
        StringJoiner value = new StringJoiner(",");
        for (String address : addresses) {
            value.add(address.contains("=") ? address : "localhost=" + address);
        }
        conf.set(IspdKeys.FS_DRIVES.name(), value.toString());
        return conf;
    }
}
