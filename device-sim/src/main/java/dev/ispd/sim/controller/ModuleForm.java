package dev.ispd.sim.controller;

import dev.ispd.protocol.BadParameterException;
import dev.ispd.protocol.Params;
import dev.ispd.protocol.Status;
import dev.ispd.sim.hostif.StatusException;
import dev.ispd.sim.store.TaskletDefinition;
import dev.ispd.tasklet.ScanContext;
import dev.ispd.tasklet.Tasklet;
import dev.ispd.tasklet.wasm.WasmTaskletFactory;
import java.util.HexFormat;

/**
 * Tasklets of form MODULE: the name is a loaded module's {@code name@version} and the request's
 * body is empty; the instance is created as a built-in's, its parameters judged by the module's
 * {@code init}, which runs on the execution's first turn in the runner, under the module's limits
 * (never on a connection's thread). The stored body is the module's SHA-256, so an instance never
 * runs another module loaded later under the same name and version.
 */
final class ModuleForm {
    private ModuleForm() {
    }

    /**
     * Checks that the module is loaded; returns the body to store (the module's SHA-256). Its
     * parameters are judged by its {@code init} when an execution starts.
     */
    static byte[] check(ModuleCommands modules, String name, byte[] body) throws StatusException {
        if (body.length != 0) {
            throw new StatusException(Status.BAD_PARAMETER, "a module tasklet takes an empty body (the module is "
                    + "loaded with LOAD_MODULE), got " + body.length + " bytes");
        }
        return HexFormat.of().parseHex(modules.factory(name, null).module().digest());
    }

    /** The loaded module an instance names (the very bytes it was created for). */
    static WasmTaskletFactory factory(ModuleCommands modules, TaskletDefinition def) throws StatusException {
        return modules.factory(def.name(), HexFormat.of().formatHex(def.body()));
    }

    /**
     * A fresh instance of the module for one execution: runs its {@code init}. Refused
     * parameters are BAD_PARAMETER; a limit ({@link dev.ispd.tasklet.TaskletLimitException}) or a
     * trap ({@link dev.ispd.tasklet.wasm.ModuleTrapException}) is thrown as it is, for the runner
     * to end the execution with as it does for a scan.
     */
    static Tasklet tasklet(WasmTaskletFactory f, TaskletDefinition def, Params runtime, ScanContext context)
            throws StatusException {
        try {
            return f.create(def.params(), runtime, context);
        } catch (BadParameterException e) {
            throw new StatusException(Status.BAD_PARAMETER, e.getMessage());
        }
    }
}
