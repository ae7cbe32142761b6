package dev.ispd.offload.execute;

import dev.ispd.client.Drive;
import dev.ispd.client.DriveException;
import dev.ispd.client.ModuleInfo;
import dev.ispd.offload.plan.ModuleBinary;
import dev.ispd.offload.plan.TaskletSpec;
import java.nio.ByteBuffer;

/**
 * Creates a job's tasklet on a drive in its form: a built-in by name, a plan from its encoding,
 * or the job's module, loaded first unless the drive already holds the same bytes under its name
 * and version (by content hash), so a module crosses the link to a drive once. A drive that will
 * not load it (modules off, beyond its limits) fails here, and the caller falls back to the host
 * as for any drive error.
 */
final class TaskletInstances {
    private TaskletInstances() {
    }

    static long create(Drive drive, TaskletSpec tasklet) throws DriveException {
        return switch (tasklet.form()) {
            case BUILTIN -> drive.createTasklet(tasklet.name(), tasklet.params());
            case PLAN -> drive.createTasklet(tasklet.form(), tasklet.name(), tasklet.params(),
                    ByteBuffer.allocateDirect(tasklet.body().length).put(tasklet.body()).flip());
            case MODULE -> {
                ModuleBinary module = tasklet.module();
                if (!holds(drive, module)) {
                    drive.loadModule(module.name(), module.version(), module.wasm());
                }
                yield drive.createTasklet(tasklet.form(), tasklet.name(), tasklet.params(), null);
            }
        };
    }

    private static boolean holds(Drive drive, ModuleBinary module) throws DriveException {
        String sha = module.sha256();
        for (ModuleInfo m : drive.listModules()) {
            if (m.name().equals(module.name()) && m.version() == module.version() && m.sha256().equals(sha)) {
                return true;
            }
        }
        return false;
    }
}
