package dev.ispd.offload.plan;

import dev.ispd.client.DeviceInfo;
import dev.ispd.client.Drive;
import dev.ispd.offload.storage.ChunkExtent;
import dev.ispd.offload.storage.DriveDirectory;
import dev.ispd.offload.storage.OffloadStorage;
import dev.ispd.offload.storage.Replica;
import dev.ispd.protocol.BadParameterException;
import dev.ispd.tasklet.TaskletFactory;
import dev.ispd.tasklet.wasm.Calibration;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.IntFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The estimate of a module's splits before they run (docs/model.md, "User tasklet modules"): at
 * planning, the module runs on the host over the first {@link #SAMPLE_BYTES} of the job's first
 * non-empty file, read from a drive that holds it, metered as every run is ({@link Calibration});
 * its splits are then estimated from what it executed per byte. Calibration that cannot run (no
 * replica answers, the sample holds fewer than two records) leaves the estimate to the scan alone,
 * as before, and says so in the log; it never fails the plan.
 */
final class ModuleCalibration {
    private static final Logger LOG = LoggerFactory.getLogger(ModuleCalibration.class);
    /** Bytes of the sample: a few milliseconds of a module's work on the host, one read from a drive. */
    static final int SAMPLE_BYTES = 256 * 1024;

    private ModuleCalibration() {
    }

    /**
     * {@code module} calibrated on {@code files}' first bytes, or {@code module} itself if that
     * cannot be done; {@code infos} gives a drive's DEVICE_INFO, null for one that did not answer.
     */
    static TaskletFactory calibrate(TaskletSpec tasklet, WasmTaskletFactory module, OffloadStorage storage,
                                    List<InputFile> files, int recordSize, IntFunction<DeviceInfo> infos) {
        InputFile first = files.stream().filter(f -> f.length() > 0).findFirst().orElse(null);
        if (first == null) {
            return module;
        }
        int unit = Math.max(1, recordSize);
        long length = Math.min(first.length(), SAMPLE_BYTES) / unit * unit;
        try {
            ChunkExtent chunk = storage.locate(first.path(), length).get(0);
            long bytes = Math.min(length, chunk.length()) / unit * unit;
            if (bytes < 2L * unit) {
                LOG.info("module {}: {} begins with fewer than two records in one chunk; estimating its splits from "
                        + "the scan alone", tasklet.name(), first.path());
                return module;
            }
            for (Replica r : chunk.replicas()) {
                DeviceInfo info = infos.apply(r.drive());
                if (info == null) {
                    continue;
                }
                ByteBuffer sample = read(storage.drives(), r, chunk.objectOffset(), (int) bytes);
                Calibration c = Calibration.measure(module, tasklet.params(), sample, recordSize, info.pageSize(),
                        info.pagesPerBatch());
                LOG.info("module {} calibrated on the first {} bytes of {}: {} instructions in {} records",
                        tasklet.name(), bytes, first.path(), c.whole().instructions(), c.whole().records());
                return module.calibrated(c);
            }
            LOG.warn("module {}: no drive holding the first bytes of {} answered; estimating its splits from the scan "
                    + "alone", tasklet.name(), first.path());
        } catch (IOException | BadParameterException | RuntimeException e) {
            LOG.warn("module {}: calibration on {} failed ({}); estimating its splits from the scan alone",
                    tasklet.name(), first.path(), e.toString());
        }
        return module;
    }

    private static ByteBuffer read(DriveDirectory drives, Replica r, long offset, int bytes) throws IOException {
        ByteBuffer sample = ByteBuffer.allocateDirect(bytes);
        try (Drive drive = drives.open(r.drive())) {
            drive.read(r.objectId(), offset, sample);
        }
        return sample.flip();
    }
}
