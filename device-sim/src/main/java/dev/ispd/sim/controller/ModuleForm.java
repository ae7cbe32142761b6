package dev.ispd.sim.controller;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.TaskletDefinition;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.TaskletLimitException;
import dev.ispd.tasklet.wasm.ModuleTrapException;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.util.HexFormat;

/**
 * Tasklets of form MODULE: the name is a loaded module's {@code name@version} and the request's
 * body is empty; the instance is created as a built-in's, its parameters judged by the module's
 * {@code init}. The stored body is the module's SHA-256, so an instance never runs another
 * module loaded later under the same name and version.
 */
final class ModuleForm {
    private ModuleForm() {
    }

    /** Checks the module and its parameters; returns the body to store (the module's SHA-256). */
    static byte[] check(ModuleCommands modules, String name, Params params, byte[] body) throws StatusException {
        if (body.length != 0) {
            throw new StatusException(Status.BAD_PARAMETER, "a module tasklet takes an empty body (the module is "
                    + "loaded with LOAD_MODULE), got " + body.length + " bytes");
        }
        WasmTaskletFactory f = modules.factory(name, null);
        answered(() -> {
            f.validate(params);
            return null;
        });
        return HexFormat.of().parseHex(f.module().digest());
    }

    /** A fresh instance of the module for one execution. */
    static Tasklet tasklet(ModuleCommands modules, TaskletDefinition def, Params runtime, ScanContext context)
            throws StatusException {
        WasmTaskletFactory f = modules.factory(def.name(), HexFormat.of().formatHex(def.body()));
        return answered(() -> f.create(def.params(), runtime, context));
    }

    /** What runs a module's {@code init}. */
    private interface InitCall<T> {
        T run() throws BadParameterException;
    }

    /** Runs {@code init}; refused parameters, a limit or a trap become the status that names them. */
    private static <T> T answered(InitCall<T> call) throws StatusException {
        try {
            return call.run();
        } catch (BadParameterException e) {
            throw new StatusException(Status.BAD_PARAMETER, e.getMessage());
        } catch (TaskletLimitException e) {
            throw new StatusException(Status.LIMIT_EXCEEDED, e.getMessage());
        } catch (ModuleTrapException e) {
            throw new StatusException(Status.TASKLET_FAILED, e.getMessage());
        }
    }
}
