package dev.ispd.examples.calibrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.settings.OffloadKeys;
import dev.ispd.offload.settings.OffloadSettings;
import dev.ispd.profile.HostProfile;
import dev.ispd.profile.Parameter;
import dev.ispd.profile.Profiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** calibrate-host measures this machine and writes a profile the scheduler takes, each number naming its source. */
class CalibrateHostCommandTest {
    private static final List<String> MEASURED = List.of("cpu.cores", "cpu.clockHz", "cpu.cyclesPerRecord",
            "cpu.cyclesPerDramAccess", "cpu.cyclesPerCompare", "cpu.cyclesPerHashUpdate", "cpu.cyclesPerByteOut",
            "interpreter.cyclesPerEvaluation", "interpreter.cyclesPerWideOp", "interpreter.cyclesPerStringOp",
            "interpreter.cyclesPerStringLeafCompare", "interpreter.cyclesPerDecodedValue",
            "interpreter.cyclesPerRecordOneAtATime", "interpreter.cyclesPerRowOneAtATime",
            "interpreter.cyclesPerDictionaryId", "interpreter.cyclesPerByteArrayValue",
            "interpreter.cyclesPerDefinitionLevel", "interpreter.cyclesPerSnappyByte", "interpreter.cyclesPerGzipByte",
            "interpreter.cyclesPerZstdByte", "interpreter.cyclesPerPackedKey", "interpreter.cyclesPerStringByte",
            "io.readEfficiency", "io.kernelCyclesPerByte");

    @TempDir
    Path dir;

    @Test
    void writesAProfileOfThisMachineThatTheSchedulerTakes() {
        Path out = dir.resolve("here.yaml");
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        int status = new CommandLine(new CalibrateHostCommand(new PrintStream(printed, true, StandardCharsets.UTF_8)))
                .execute("--out", out.toString(), "--megabytes", "1", "--check");
        String text = printed.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, text);

        HostProfile p = Profiles.loadHost(out);
        assertEquals(Runtime.getRuntime().availableProcessors(), p.cpu().cores());
        String today = "measured " + LocalDate.now();
        for (Parameter q : p.parameters()) {
            if (MEASURED.contains(q.key())) {
                assertTrue(q.source() != null && q.source().startsWith(today), q.toString());
            } else {
                assertTrue(q.isAssumption() && q.assumption().startsWith("from host-i5-2500 ("), q.toString());
            }
        }
        assertTrue(p.cpu().cyclesPerRecord() + p.cpu().cyclesPerHashUpdate() + p.cpu().cyclesPerDramAccess() > 0,
                "q1's work costs something here: " + p.cpu());
        assertTrue(text.contains("q1 256 B") && text.contains("plan q1 32 B") && text.contains("tpch q6 parquet")
                && text.contains("plan min 32 B") && text.contains("tpch strings like")
                && text.contains("osd:// read"), text);
        // a verdict either way: this test's 1 MB runs on a busy machine may well be too noisy to judge (ProfileCheckTest)
        assertTrue(text.contains("check: the plans over other data") && text.contains("predicted ms")
                && text.contains("spread") && (text.contains("\nlargest error ")
                        || text.contains("\ntoo noisy to judge: the rounds of ")), text);

        HostProfile taken = OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), out.toString()))
                .scheduler().hostProfile();
        assertEquals(p, taken);
    }

    @Test
    void aClockThatStandsStillIsAWarningNamingTheFileWhichIsNotWritten() {
        Path out = dir.resolve("spoiled.yaml");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cmd = new CommandLine(new CalibrateHostCommand(new PrintStream(new ByteArrayOutputStream()), () -> 42));
        cmd.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(1, cmd.execute("--out", out.toString(), "--megabytes", "1"));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("warning: " + out + " not written") && text.contains("clock jumped")
                && text.contains("host-i5-2500"), text);
        assertTrue(!java.nio.file.Files.exists(out), "nothing written");
    }

    @Test
    void badOptionsNameTheOption() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CommandLine cmd = new CommandLine(new CalibrateHostCommand());
        cmd.setErr(new java.io.PrintWriter(err, true, StandardCharsets.UTF_8));
        assertEquals(2, cmd.execute("--megabytes", "0", "--out", dir.resolve("x.yaml").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--megabytes"), err.toString(StandardCharsets.UTF_8));
    }
}
