package dev.ispd.hadoop.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.ispd.hadoop.conf.IspdKeys;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The osd:// client's fs keys are read and checked in one record, each at the default IspdKeys declares. */
class OsdSettingsTest {
    @Test
    void anEmptyConfigurationGivesTheDeclaredDefaults() throws IOException {
        OsdSettings s = OsdSettings.of(new Configuration(false), 3);
        assertEquals(new OsdSettings(Long.parseLong(IspdKeys.FS_CHUNK_SIZE.defaultValue()),
                Integer.parseInt(IspdKeys.FS_REPLICATION.defaultValue()), Long.parseLong(IspdKeys.FS_LEASE_MS.defaultValue()),
                Long.parseLong(IspdKeys.FS_CHECKPOINT_RECORDS.defaultValue()), IspdKeys.FS_NAMESPACE_ZOOKEEPER.defaultValue(),
                IspdKeys.FS_NAMESPACE_ZNODE.defaultValue(), Integer.parseInt(IspdKeys.FS_NAMESPACE_DRIVE.defaultValue()),
                Long.parseLong(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.defaultValue())), s);
    }

    @Test
    void aSizeTakesUnitsAndEachBadValueIsAnErrorNamingItsKey() throws IOException {
        Configuration conf = new Configuration(false);
        conf.set(IspdKeys.FS_CHUNK_SIZE.name(), "4m");
        assertEquals(4L << 20, OsdSettings.of(conf, 1).chunkSize());
        assertRefused(IspdKeys.FS_CHUNK_SIZE.name(), "0", IspdKeys.FS_CHUNK_SIZE.name() + " must be positive, got 0");
        assertRefused(IspdKeys.FS_REPLICATION.name(), "3", IspdKeys.FS_REPLICATION.name() + " is 3 but must be from 1 to 2");
        assertRefused(IspdKeys.FS_LEASE_MS.name(), "-1", IspdKeys.FS_LEASE_MS.name() + " must be positive, got -1");
        assertRefused(IspdKeys.FS_CHECKPOINT_RECORDS.name(), "-5", IspdKeys.FS_CHECKPOINT_RECORDS.name() + " is -5");
        assertRefused(IspdKeys.FS_NAMESPACE_DRIVE.name(), "2", IspdKeys.FS_NAMESPACE_DRIVE.name() + " is 2 but");
        assertRefused(IspdKeys.FS_JOURNAL_SEGMENT_BYTES.name(), "0", IspdKeys.FS_JOURNAL_SEGMENT_BYTES.name() + " is 0");
    }

    @Test
    void aZnodeIsCheckedOnlyWhenZooKeeperKeepsTheNamespace() throws IOException {
        Configuration conf = new Configuration(false);
        conf.set(IspdKeys.FS_NAMESPACE_ZNODE.name(), "relative");
        assertEquals("relative", OsdSettings.of(conf, 2).znode());
        conf.set(IspdKeys.FS_NAMESPACE_ZOOKEEPER.name(), "localhost:2181");
        IOException e = assertThrows(IOException.class, () -> OsdSettings.of(conf, 2));
        assertEquals(IspdKeys.FS_NAMESPACE_ZNODE.name() + " is 'relative' but must be an absolute znode path such as "
                + "/ispd/osd", e.getMessage());
    }

    private static void assertRefused(String key, String value, String start) {
        Configuration conf = new Configuration(false);
        conf.set(key, value);
        IOException e = assertThrows(IOException.class, () -> OsdSettings.of(conf, 2), key);
        assertEquals(true, e.getMessage().startsWith(start), e.getMessage());
    }
}
