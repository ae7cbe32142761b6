package dev.ispd.examples.reproduce;

import dev.ispd.profile.DeviceProfile;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Parameter;
import dev.ispd.profile.Profiles;
import dev.ispd.sim.daemon.EmbeddedDrives;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the paper's experiments on one in-JVM drive of the device profile against the host
 * profile: the microbenchmark and the filter through the native client, the log analysis as
 * Hadoop jobs; then derives Fig. 8, 9 and 10, checks the claims and lists the assumptions.
 */
public final class Reproducer {
    public Reproduction run(Settings settings, Consumer<String> progress) throws Exception {
        DeviceProfile device = Profiles.device(settings.deviceProfile());
        HostProfile host = Profiles.host(settings.hostProfile());
        CostModel costs = new CostModel(device, host);
        Fig6Microbench.Result fig6;
        FilterExperiment.Result filter;
        HostBench hostBench = new HostBench(device, host);
        try (EmbeddedDrives drives = EmbeddedDrives.builder().drives(1).profile(device.name()).start();
             DriveBench drive = new DriveBench(drives.address(0))) {
            progress.accept("Fig. 6 microbenchmark");
            fig6 = Fig6Microbench.run(settings, device, drive, hostBench);
            progress.accept("filter");
            filter = FilterExperiment.run(settings, device, drive, hostBench);
        }
        Path work = Files.createTempDirectory("ispd-reproduce-");
        QueryExperiments.Result queries;
        try {
            queries = QueryExperiments.run(settings, costs, work, progress);
        } finally {
            deleteTree(work);
        }
        List<Fig8Queries.Row> fig8 = Fig8Queries.rows(queries);
        List<Fig9Cpu.Row> fig9 = Fig9Cpu.rows(queries, host.cpu().cores());
        Fig10Power.Result fig10 = Fig10Power.compute(queries, host, costs);

        Map<Figure, List<Claim>> claims = new EnumMap<>(Figure.class);
        claims.put(Figure.FIG6, Claims.fig6(fig6));
        claims.put(Figure.FIG8, Claims.fig8(fig8));
        claims.put(Figure.FIG9, Claims.fig9(fig9));
        claims.put(Figure.FIG10, Claims.fig10(fig10));
        claims.put(Figure.FILTER, Claims.filter(filter));
        return new Reproduction(settings, fig6, fig8, fig9, fig10, filter, claims, assumptions(device, host));
    }

    /** Per figure, the assumption-marked numbers of both profiles it depends on. */
    static Map<Figure, List<Assumption>> assumptions(DeviceProfile device, HostProfile host) {
        Map<Figure, List<Assumption>> out = new EnumMap<>(Figure.class);
        for (Figure f : Figure.values()) {
            List<Assumption> list = new ArrayList<>();
            for (Parameter p : device.assumptions()) {
                if (f.dependsOnDeviceKey(p.key())) {
                    list.add(Assumption.of(device.name(), p));
                }
            }
            for (Parameter p : host.assumptions()) {
                if (f.dependsOnHostKey(p.key())) {
                    list.add(Assumption.of(host.name(), p));
                }
            }
            out.put(f, List.copyOf(list));
        }
        return out;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
