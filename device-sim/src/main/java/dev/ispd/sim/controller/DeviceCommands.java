package dev.ispd.sim.controller;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.protocol.Limits;
import dev.ispd.sim.model.DriveModel;
import dev.ispd.sim.hostif.PayloadWriter;
import dev.ispd.sim.hostif.Responses;
import dev.ispd.protocol.Params;
import dev.ispd.tasklet.TaskletRegistry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** DEVICE_INFO and DEVICE_LOG. */
final class DeviceCommands {
    /** The capability key listing the built-in tasklets (docs/protocol.md DEVICE_INFO). */
    static final String TASKLETS_KEY = "tasklets";

    private final Responses.DeviceInfo info;
    private final DriveModel model;
    private final ExecutionTable executions;
    private final DriveCounters counters;

    DeviceCommands(String driveName, DeviceProfile profile, TaskletRegistry registry, Map<String, String> limits,
                   DriveModel model, ExecutionTable executions, DriveCounters counters) {
        Map<String, String> caps = new TreeMap<>(profile.capabilities());
        caps.put(TASKLETS_KEY, String.join(",", registry.names()));
        caps.putAll(limits);
        this.info = new Responses.DeviceInfo(driveName, profile.name(), profile.capacityBytes(),
                profile.pageSizeBytes(), profile.pagesPerBatch(), Limits.MAX_IO, executions.maxInflight(),
                new Params(caps));
        this.model = model;
        this.executions = executions;
        this.counters = counters;
    }

    void info(PayloadWriter out) {
        info.encode(out);
    }

    void log(PayloadWriter out) {
        DriveModel.LogSnapshot snap = model.snapshot();
        List<Responses.ComponentLog> components = new ArrayList<>(Limits.MAX_COMPONENTS);
        for (DriveModel.ComponentLog c : fit(snap.components(), Limits.MAX_COMPONENTS)) {
            components.add(new Responses.ComponentLog(c.name(), c.busyNs(), c.energyNj()));
        }
        long[] qr = executions.queuedAndRunning();
        new Responses.DeviceLog(snap.nowNs(), qr[0], qr[1], counters.commands.get(), counters.bytesWritten.get(),
                counters.bytesToHost.get(), counters.bytesReadInternal.get(), snap.energyNj(), components).encode(out);
    }

    /**
     * At most {@code max} components, in the model's order: every top-level part (a name without
     * a dot), then, part by part, all of a part's sub-components ({@code flash.channel.3}) if they
     * all still fit, or none of them. A client holds {@link Limits#MAX_COMPONENTS}; the totals
     * (energy_nj) count every component either way.
     */
    static List<DriveModel.ComponentLog> fit(List<DriveModel.ComponentLog> all, int max) {
        if (all.size() <= max) {
            return all;
        }
        List<String> parts = new ArrayList<>();
        for (DriveModel.ComponentLog c : all) {
            if (c.name().indexOf('.') < 0 && parts.size() < max) {
                parts.add(c.name());
            }
        }
        Set<String> kept = new HashSet<>(parts);
        for (String part : parts) {
            List<String> group = all.stream().map(DriveModel.ComponentLog::name)
                    .filter(n -> n.startsWith(part + ".")).toList();
            if (kept.size() + group.size() <= max) {
                kept.addAll(group);
            }
        }
        return all.stream().filter(c -> kept.contains(c.name())).toList();
    }
}
