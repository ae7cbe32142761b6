package dev.ispd.spark.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.ConfigKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/spark.md's table of options against {@link IspdOptions#ALL}; on failure, the table to paste. */
class IspdOptionsDocTest {
    private static final Path DOC = Path.of("..", "docs", "spark.md");
    private static final String BEGIN = "<!-- options table: generated from IspdOptions.ALL, checked by IspdOptionsDocTest -->\n";
    private static final String END = "<!-- end of options table -->";

    @Test
    void theDocsListEveryOptionWithItsDefault() throws IOException {
        String doc = Files.readString(DOC);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertTrue(begin >= 0 && end > begin, DOC + " has no options table between " + BEGIN.trim() + " and " + END);
        assertEquals(table(), doc.substring(begin + BEGIN.length(), end));
    }

    private static String table() {
        StringBuilder s = new StringBuilder("| option | default | meaning |\n|---|---|---|\n");
        for (ConfigKey k : IspdOptions.ALL) {
            String value = k.defaultValue().isEmpty() ? "(none)" : "`" + k.defaultValue() + "`";
            s.append("| `").append(k.name()).append("` | ").append(value).append(" | ").append(k.description()).append(" |\n");
        }
        return s.toString();
    }
}
