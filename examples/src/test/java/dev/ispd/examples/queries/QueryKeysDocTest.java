package dev.ispd.examples.queries;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/queries.md's table of job configuration keys is {@link QueryKeys#ALL}, row for row. */
class QueryKeysDocTest {
    @Test
    void theDocsListEveryKeyWithWhatItCarries() throws IOException {
        List<String> rows = Files.readAllLines(Path.of("..", "docs", "queries.md")).stream()
                .dropWhile(l -> !l.equals("## Job configuration keys"))
                .filter(l -> l.startsWith("| `ispd.")).toList();
        List<String> expected = QueryKeys.ALL.stream()
                .map(k -> "| `" + k.name() + "` | " + k.description() + " |").toList();
        assertEquals(String.join("\n", expected), String.join("\n", rows));
    }
}
