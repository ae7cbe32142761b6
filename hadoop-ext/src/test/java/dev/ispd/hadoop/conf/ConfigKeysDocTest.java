package dev.ispd.hadoop.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.hadoop.worldcup.WorldCupKeys;
import dev.ispd.offload.settings.ConfigKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/hadoop.md's table of configuration keys ("Offload scheduler", "Configuration keys") against
 * {@link #KEYS}: every key listed once, with its default and description, and nothing else.
 * On failure the message carries the table to paste into the docs.
 */
class ConfigKeysDocTest {
    static final Path DOC = Path.of("..", "docs", "hadoop.md");
    /** The generic keys, then the WorldCup98 DeviceMappers' keys: the docs' table in order. */
    static final List<ConfigKey> KEYS = Stream.concat(IspdKeys.ALL.stream(), WorldCupKeys.ALL.stream()).toList();
    static final String BEGIN = "<!-- keys table: generated from IspdKeys.ALL and WorldCupKeys.ALL, checked by ConfigKeysDocTest -->";
    static final String END = "<!-- end of keys table -->";

    /** The table as the docs should have it. */
    static String table() {
        StringBuilder sb = new StringBuilder("| key | default | meaning |\n|---|---|---|\n");
        for (ConfigKey k : KEYS) {
            String def = k.defaultValue().isEmpty() ? "(none)" : "`" + k.defaultValue() + "`";
            sb.append("| `").append(k.name()).append("` | ").append(def).append(" | ").append(k.description()).append(" |\n");
        }
        return sb.toString();
    }

    /** key -> default as the docs' table lists them, in its order. */
    private static Map<String, String> documented(String tableText) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String line : tableText.split("\n")) {
            String[] cells = line.split("\\|");
            if (cells.length < 4 || !cells[1].trim().startsWith("`")) {
                continue;
            }
            String key = cells[1].trim().replace("`", "");
            String def = cells[2].trim();
            def = def.equals("(none)") ? "" : def.replace("`", "");
            assertTrue(out.put(key, def) == null, "key " + key + " is listed twice in " + DOC);
        }
        return out;
    }

    private static String docTable() throws Exception {
        String doc = Files.readString(DOC);
        int begin = doc.indexOf(BEGIN);
        int end = doc.indexOf(END);
        assertTrue(begin >= 0 && end > begin, DOC + " has no keys table between '" + BEGIN + "' and '" + END + "'");
        return doc.substring(begin + BEGIN.length(), end).strip() + "\n";
    }

    @Test
    void everyKeyIsDocumentedWithItsDefault() throws Exception {
        Map<String, String> docs = documented(docTable());
        Map<String, String> code = KEYS.stream()
                .collect(Collectors.toMap(ConfigKey::name, ConfigKey::defaultValue, (a, b) -> a, LinkedHashMap::new));
        List<String> problems = new ArrayList<>();
        code.forEach((k, v) -> {
            if (!docs.containsKey(k)) {
                problems.add(k + " is missing");
            } else if (!docs.get(k).equals(v)) {
                problems.add(k + " has default '" + docs.get(k) + "' in the docs but '" + v + "' in IspdKeys");
            }
        });
        docs.keySet().stream().filter(k -> !code.containsKey(k)).forEach(k -> problems.add(k + " is not in IspdKeys.ALL or WorldCupKeys.ALL"));
        assertEquals(List.of(), problems, DOC + "'s keys table is out of date; the table from the keys classes:\n" + table());
    }

    @Test
    void theTableIsTheGeneratedOne() throws Exception {
        assertEquals(table(), docTable(), DOC + "'s keys table differs from the one generated from the keys classes");
    }
}
