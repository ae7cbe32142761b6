package dev.ispd.hadoop.conf;

import dev.ispd.offload.settings.OffloadSettings;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The offload settings of a MapReduce job: the one place they are read from a Hadoop
 * Configuration. Precedence: the job's own value (set on its Configuration) over the cluster's
 * (core-site.xml, mapred-site.xml: Hadoop loads them into every Configuration, and a job's set()
 * overrides them) over the documented default ({@link dev.ispd.offload.settings.OffloadKeys}).
 */
public final class HadoopSettings {
    private HadoopSettings() {
    }

    public static OffloadSettings resolve(Configuration conf) {
        return OffloadSettings.resolve(List.of(conf::get));
    }
}
