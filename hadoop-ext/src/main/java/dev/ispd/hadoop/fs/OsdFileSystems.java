package dev.ispd.hadoop.fs;

import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
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
 * created with its own, one per distinct settings.
 *
 * <p>At most {@link #MAX_CLIENTS} such instances are kept, the least recently asked for leaving
 * first; one that leaves is closed as soon as none of its streams is open, so a reader or writer
 * it handed out is never cut off. An instance closed by anyone (its user, {@code FileSystem.closeAll},
 * the shutdown hook) leaves at once: a closed client is never handed out.
 */
public final class OsdFileSystems {
    /** How many osd:// clients with settings of their own a JVM keeps. */
    static final int MAX_CLIENTS = 16;
    /** The prefixes of the settings an osd:// client is made with. */
    private static final List<String> PREFIXES = List.of("ispd.fs.", "ispd.auth.");
    /** The clients of their own, least recently asked for first. */
    private static final Map<Key, OsdFileSystem> OWN = new LinkedHashMap<>(MAX_CLIENTS, 0.75f, true);

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
        List<OsdFileSystem> leaving = new ArrayList<>();
        OsdFileSystem own;
        synchronized (OWN) {
            own = OWN.get(key);
            if (own == null || own.isClosed()) {
                own = (OsdFileSystem) FileSystem.newInstance(osd.getUri(), conf);
                OWN.put(key, own);
            }
            Iterator<OsdFileSystem> oldest = OWN.values().iterator();
            while (OWN.size() > MAX_CLIENTS) {
                leaving.add(oldest.next());
                oldest.remove();
            }
        }
        for (OsdFileSystem fs : leaving) {
            fs.retire();
        }
        return own;
    }

    /** Forgets {@code fs}, which is closing, so that it is never handed out again. */
    static void closing(OsdFileSystem fs) {
        synchronized (OWN) {
            OWN.values().removeIf(own -> own == fs);
        }
    }

    /** How many clients of their own are kept now. */
    static int kept() {
        synchronized (OWN) {
            return OWN.size();
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
