package dev.ispd.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.cli.CommandLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code bin/ispd help} and {@code bin/ispd --version}, run as an operator runs them (neither builds anything). */
class BinIspdTest {
    private static final Path SCRIPT = Path.of("..", "bin", "ispd");

    private record Run(int exit, String out) {
    }

    private static Run ispd(String arg) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("bash", SCRIPT.toString(), arg).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Run(p.waitFor(), out);
    }

    @Test
    void helpListsEveryDriveCliSubcommand() throws Exception {
        Run help = ispd("help");
        assertEquals(0, help.exit(), help.out());
        String driveCli = help.out().substring(help.out().indexOf("bin/ispd drive-cli"),
                help.out().indexOf("bin/ispd generate"));
        for (String sub : CommandLines.of(new DriveCli()).getSubcommands().keySet()) {
            assertTrue(driveCli.matches("(?s).*\\b" + sub + "\\b.*"), sub + " is not listed: " + driveCli);
        }
    }

    @Test
    void versionNamesTheProjectVersion() throws Exception {
        Run version = ispd("--version");
        assertEquals(0, version.exit(), version.out());
        assertTrue(version.out().matches("ispd \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?( \\(commit [0-9a-f]+\\))?\\n"),
                version.out());
    }
}
