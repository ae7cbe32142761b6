package dev.ispd.sim.daemon;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every option of {@code bin/ispd drive} is described in the README or in docs/*.md. */
class DriveDaemonOptionsDocTest {
    @Test
    void everyDaemonOptionIsDocumented() throws IOException {
        StringBuilder docs = new StringBuilder(Files.readString(Path.of("..", "README.md")));
        try (Stream<Path> files = Files.list(Path.of("..", "docs"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                docs.append(Files.readString(f));
            }
        }
        List<String> missing = new ArrayList<>();
        for (CommandLine.Model.OptionSpec o : new CommandLine(new DriveDaemon()).getCommandSpec().options()) {
            String name = o.longestName();
            if (!o.usageHelp() && !o.versionHelp()
                    && !Pattern.compile(Pattern.quote(name) + "(?![a-z-])").matcher(docs).find()) {
                missing.add(name);
            }
        }
        assertEquals(List.of(), missing, "DriveDaemon options no doc names");
    }
}
