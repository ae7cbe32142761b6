package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.Quickstart;
import dev.ispd.examples.bench.WallClockQ1;
import dev.ispd.examples.capacity.PlanCapacity;
import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.sim.daemon.DriveDaemon;
import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The workload options are declared once (WorkloadOptions) for every command that generates a workload on in-JVM
 * drives, the profiles once (ProfileOptions) for those and for query and plan-capacity.
 */
class WorkloadOptionsTest {
    private static final List<String> WORKLOAD = List.of("--entries", "--entry-size", "--drive-count", "--chunk-size",
            "--profile", "--host-profile", "--seed");

    @Test
    void theQuickstartAndTheWallClockBenchmarkTakeTheWorkloadOptionsFromTheMixin() {
        for (Object command : List.of(new Quickstart(), new WallClockQ1())) {
            for (String name : WORKLOAD) {
                assertSame(name.endsWith("profile") ? ProfileOptions.class : WorkloadOptions.class,
                        declaredIn(command, name), command.getClass().getSimpleName() + " " + name);
            }
        }
    }

    @Test
    void queryAndPlanCapacityTakeTheProfilesFromTheirMixin() {
        for (Object command : List.of(new QueryCommand(), new PlanCapacity())) {
            for (String name : List.of("--profile", "--host-profile")) {
                assertSame(ProfileOptions.class, declaredIn(command, name), command.getClass().getSimpleName() + " " + name);
            }
        }
        ProfileOptions defaults = new ProfileOptions();
        assertEquals(List.of(DriveDaemon.DEFAULT_PROFILE, OffloadKeys.OFFLOAD_HOST_PROFILE.defaultValue()),
                List.of(defaults.profile(), defaults.hostProfile()));
    }

    private static Class<?> declaredIn(Object command, String option) {
        OptionSpec spec = CommandLines.of(command).getCommandSpec().findOption(option);
        return ((Field) spec.userObject()).getDeclaringClass();
    }

    @Test
    void driveCountIsOneSpellingEverywhereAndDrivesStaysItsOtherName() {
        for (String spelling : List.of("--drive-count", "--drives")) {
            WorkloadOptions quickstart = workload(new Quickstart(), spelling, "3");
            assertEquals(3, quickstart.drives(), spelling);
        }
        assertEquals(3, parse(new QueryCommand(), "--drive-count", "3").driveCount);
    }

    @Test
    void eachCommandKeepsItsOwnDefaults() {
        WorkloadOptions quickstart = workload(new Quickstart());
        assertEquals(List.of(200_000L, 1, 8L << 20), List.of(quickstart.entries(), quickstart.drives(), quickstart.chunkSize()));
        WorkloadOptions bench = workload(new WallClockQ1());
        assertEquals(List.of(7_000_000L, 2, 64L << 20), List.of(bench.entries(), bench.drives(), bench.chunkSize()));
    }

    private static WorkloadOptions workload(Object command, String... args) {
        CommandLine cmd = CommandLines.of(command);
        cmd.parseArgs(args);
        return (WorkloadOptions) cmd.getCommandSpec().mixins().values().stream()
                .map(CommandSpec::userObject).filter(WorkloadOptions.class::isInstance).findFirst()
                .or(() -> cmd.getCommandSpec().mixins().values().stream().flatMap(m -> m.mixins().values().stream())
                        .map(CommandSpec::userObject).filter(WorkloadOptions.class::isInstance).findFirst())
                .orElseThrow();
    }

    private static <T> T parse(T command, String... args) {
        CommandLines.of(command).parseArgs(args);
        return command;
    }
}
