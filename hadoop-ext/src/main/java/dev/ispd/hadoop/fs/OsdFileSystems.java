package dev.ispd.hadoop.fs;

import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A path's file system as the given Configuration names it, osd:// included. Hadoop caches one
 * file system per scheme, authority and user, so {@code path.getFileSystem(conf)} hands every
 * later caller of a JVM the osd:// instance the first one configured, whatever drives the later
 * caller's Configuration names: a read or job naming other drives (Spark's per-read
 * {@code .option("ispd.fs.drives", ...)}, a job's own configuration) would silently use the first
 * ones. Here a Configuration whose osd:// settings ({@link #settings}: the drives, the namespace,
 * the credentials, ...) differ from those the cached instance was created with gets an instance
 * created with its own, one per distinct settings, kept for the JVM's life and closed with
 * Hadoop's other file systems (at shutdown).
 */
public final class OsdFileSystems {
    /** The prefixes of the settings an osd:// client is made with. */
    private static final List<String> PREFIXES = List.of("ispd.fs.", "ispd.auth.");
    private static final Map<Key, FileSystem> OWN = new HashMap<>();

    private OsdFileSystems() {
    }

    /** Which osd:// instance a Configuration asks for: the file system's URI, the user and the settings. */
    private record Key(URI uri, UserGroupInformation user, Map<String, String> settings) {
    }

    /**
     * The file system of {@code path} as {@code conf} configures it: Hadoop's cached instance
     * unless it is an osd:// one created with other settings than {@code conf}'s.
     */
    public static FileSystem get(Path path, Configuration conf) throws IOException {
        FileSystem cached = path.getFileSystem(conf);
        if (!(cached instanceof OsdFileSystem osd)) {
            return cached;
        }
        Map<String, String> wanted = settings(conf);
        if (wanted.equals(osd.settings())) {
            return osd;
        }
        Key key = new Key(osd.getUri(), UserGroupInformation.getCurrentUser(), wanted);
        synchronized (OWN) {
            FileSystem own = OWN.get(key);
            if (own == null) {
                own = FileSystem.newInstance(osd.getUri(), conf);
                OWN.put(key, own);
            }
            return own;
        }
    }

    /** The osd:// client settings in {@code conf}: every {@code ispd.fs.*} and {@code ispd.auth.*} property, by name. */
    static Map<String, String> settings(Configuration conf) {
        Map<String, String> out = new TreeMap<>();
        for (String prefix : PREFIXES) {
            conf.getPropsWithPrefix(prefix).forEach((k, v) -> out.put(prefix + k, v));
        }
        return out;
    }
}
