package dev.ispd.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.ispd.cli.CommandLines;
import dev.ispd.examples.Quickstart;
import dev.ispd.examples.bench.WallClockQ1;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The workload options are declared once (WorkloadOptions) for every command that generates a workload on in-JVM drives. */
class WorkloadOptionsTest {
    private static final List<String> WORKLOAD = List.of("--entries", "--entry-size", "--drive-count", "--chunk-size",
            "--profile", "--host-profile", "--seed");

    @Test
    void theQuickstartAndTheWallClockBenchmarkTakeTheWorkloadOptionsFromTheMixin() {
        for (Object command : List.of(new Quickstart(), new WallClockQ1())) {
            CommandSpec spec = CommandLines.of(command).getCommandSpec();
            for (String name : WORKLOAD) {
                OptionSpec option = spec.findOption(name);
                assertSame(WorkloadOptions.class, option.userObject() == null ? null
                        : ((java.lang.reflect.Field) option.userObject()).getDeclaringClass(),
                        command.getClass().getSimpleName() + " " + name);
            }
        }
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
