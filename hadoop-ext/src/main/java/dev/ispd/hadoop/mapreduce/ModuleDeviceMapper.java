package dev.ispd.hadoop.mapreduce;

import dev.ispd.offload.plan.ModuleBinary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A DeviceMapper whose tasklet is a user WebAssembly module (docs/tasklets.md, "User tasklets")
 * shipped in the job's resources: the module file travels on the job's class path, each drive
 * that runs a split loads it once (by content hash; a drive that already holds it is not sent
 * it again), and the host side of a split runs the same bytes in the same runtime. A drive that
 * will not load it fails that split over to the host, as for any drive error.
 */
public abstract class ModuleDeviceMapper extends DeviceMapper {

    /** The module file as a class path resource of this mapper, e.g. {@code /wasm/q1.wasm}. */
    public abstract String moduleResource();

    /** The name the module is loaded under. */
    public abstract String moduleName();

    /** The version it is loaded under, 1 or more. */
    public abstract int moduleVersion();

    @Override
    public final String tasklet() {
        return moduleName() + "@" + moduleVersion();
    }

    @Override
    protected final ModuleBinary module() {
        try (InputStream in = getClass().getResourceAsStream(moduleResource())) {
            if (in == null) {
                throw new IllegalArgumentException(getClass().getName() + ": module resource " + moduleResource()
                        + " is not on the job's class path");
            }
            return new ModuleBinary(moduleName(), moduleVersion(), in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(getClass().getName() + ": reading module resource " + moduleResource(), e);
        }
    }
}
