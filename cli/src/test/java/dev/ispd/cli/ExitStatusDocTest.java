package dev.ispd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/cli.md's table of exit statuses is {@link ExitStatus}, row for row. */
class ExitStatusDocTest {
    private static final Path DOC = Path.of("..", "docs", "cli.md");

    @Test
    void theDocsListEveryExitStatusWithItsMeaning() throws IOException {
        List<String> rows = Files.readAllLines(DOC).stream()
                .dropWhile(l -> !l.equals("## Exit statuses"))
                .filter(l -> l.matches("\\| [0-9]+ \\|.*")).toList();
        List<String> expected = Arrays.stream(ExitStatus.values())
                .map(s -> "| " + s.code() + " | " + s.meaning() + " |").toList();
        assertEquals(String.join("\n", expected), String.join("\n", rows), "docs/cli.md's exit status table");
    }
}
