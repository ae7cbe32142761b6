package dev.ispd.hadoop.offload;

import dev.ispd.hadoop.conf.HadoopSettings;
import dev.ispd.offload.schedule.CorrectionBook;
import dev.ispd.offload.schedule.CorrectionStore;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The offload core's {@link CorrectionStore} of a DeviceJob or a Spark scan, on a Hadoop file
 * system: {@link OffloadKeys#OFFLOAD_CORRECTION_FILE}, by default {@value #DEFAULT_FILE} on the
 * osd:// file system of the input, beside the data and drives it describes, reachable from the
 * client and every task.
 */
public final class HadoopCorrections {
    public static final String DEFAULT_FILE = "/.ispd/offload-correction.json";

    private HadoopCorrections() {
    }

    /** The corrections a read of {@code input} plans with: its store's, or none with the correction off. */
    public static CorrectionBook forPlanning(OffloadSettings settings, Configuration conf, Path input)
            throws IOException {
        return settings.scheduler().correction() ? forInput(conf, settings.correctionFile(), input).load()
                : new CorrectionBook();
    }

    /** The store of a job reading {@code input} (any of its input files). */
    public static CorrectionStore forInput(Configuration conf, Path input) throws IOException {
        return forInput(conf, HadoopSettings.resolve(conf).correctionFile(), input);
    }

    /**
     * The store of a read of {@code input} whose settings name {@code configured} as the
     * correction file (empty: the default file on the input's file system).
     */
    public static CorrectionStore forInput(Configuration conf, String configured, Path input) throws IOException {
        HadoopSharedFiles.Located at = HadoopSharedFiles.locate(conf, configured, DEFAULT_FILE, input, (short) 0);
        return new CorrectionStore(at.files(), at.path());
    }
}
