package dev.ispd.examples.worldcup;

import dev.ispd.hadoop.conf.IspdKeys;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.util.StringJoiner;
import org.apache.hadoop.conf.Configuration;

/** The Hadoop configuration of WorldCup98 jobs over in-JVM drives: osd:// on them, entry size, host profile. */
public final class WorldCupDrives {
    private WorldCupDrives() {
    }

    /**
     * osd:// over {@code drives} (all on this host) with chunks of whole entries ({@code chunkSize}
     * rounded down), {@code ispd.worldcup.entry.size} and the host profile that prices host splits.
     */
    public static Configuration configuration(EmbeddedDrives drives, long chunkSize, int entrySize, String hostProfile) {
        Configuration conf = new Configuration();
        StringJoiner value = new StringJoiner(",");
        for (String address : drives.addresses()) {
            value.add("localhost=" + address);
        }
        conf.set(IspdKeys.FS_DRIVES.name(), value.toString());
        conf.setLong(IspdKeys.FS_CHUNK_SIZE.name(), chunkSize - chunkSize % entrySize);
        conf.setInt(IspdKeys.WORLDCUP_ENTRY_SIZE.name(), entrySize);
        conf.set(IspdKeys.OFFLOAD_HOST_PROFILE.name(), hostProfile);
        return conf;
    }
}
