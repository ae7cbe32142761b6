package dev.ispd.offload.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ispd.offload.Warnings;
import dev.ispd.profile.HostProfile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host profile file that is damaged, or measured on another machine, is a warning naming it, and the default prices. */
class MeasuredHostsTest {
    private static final int CORES = Runtime.getRuntime().availableProcessors();

    @TempDir
    Path dir;

    private Warnings warnings;

    @BeforeEach
    void listen() {
        warnings = Warnings.of(MeasuredHosts.class);
    }

    @AfterEach
    void stop() {
        warnings.close();
    }

    /** The shipped i5-2500 profile with its core count set to {@code cores} and its source to {@code source}. */
    private Path profile(String name, int cores, String source) throws IOException {
        String text;
        try (InputStream in = HostProfile.class.getResourceAsStream("/profiles/host/host-i5-2500.yaml")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        text = text.replace("name: host-i5-2500", "name: " + name).replaceFirst(
                "cores: \\{value: 4, source: \"[^\"]*\"}", "cores: {value: " + cores + ", source: \"" + source + "\"}");
        Path file = dir.resolve(name + ".yaml");
        Files.writeString(file, text);
        return file;
    }

    private static HostProfile resolve(Path file) {
        return OffloadSettings.of(Map.of(OffloadKeys.OFFLOAD_HOST_PROFILE.name(), file.toString())).scheduler()
                .hostProfile();
    }

    @Test
    void aProfileMeasuredHereIsUsed() throws IOException {
        Path file = profile("here", CORES, "measured 2026-11-26 on this machine by bin/ispd calibrate-host");
        assertEquals("here", resolve(file).name());
        assertEquals(List.of(), warnings.messages());
    }

    @Test
    void aProfileMeasuredOnAMachineWithOtherCoresIsAWarningAndTheDefaultPrices() throws IOException {
        Path file = profile("elsewhere", CORES + 1, "measured 2026-11-26 on node7 by bin/ispd calibrate-host");
        assertEquals("host-i5-2500", resolve(file).name());
        assertEquals(1, warnings.messages().size(), warnings.messages().toString());
        assertTrue(warnings.messages().get(0).contains(file.toString()) && warnings.messages().get(0).contains((CORES + 1) + " core(s)"),
                warnings.messages().get(0));
    }

    @Test
    void aProfileMeasuredBeforeTheInterpreterWasMeteredIsUsedWithAWarningThatItUnderPricesPlans() throws IOException {
        Path file = profile("older", CORES, "measured 2026-11-20 on this machine by bin/ispd calibrate-host");
        String text = Files.readString(file);
        Files.writeString(file, text.substring(0, text.indexOf("\ninterpreter:")) + text.substring(text.indexOf("\nio:")));
        assertEquals("older", resolve(file).name());
        assertEquals(1, warnings.messages().size(), warnings.messages().toString());
        assertTrue(warnings.messages().get(0).contains(file.toString())
                && warnings.messages().get(0).contains("run bin/ispd calibrate-host again"), warnings.messages().get(0));
    }

    @Test
    void aProfileMeasuredBeforeStringsAndTheRecordLoopWereMeteredNamesThoseUnits() throws IOException {
        Path file = profile("before-strings", CORES, "measured 2026-11-26 on this machine by bin/ispd calibrate-host");
        String text = Files.readString(file).replaceAll("\n  cyclesPer(StringOp|StringLeafCompare|RecordOneAtATime|RowOneAtATime): [^\n]*", "");
        Files.writeString(file, text);
        HostProfile p = resolve(file);
        assertEquals("before-strings", p.name());
        assertEquals(0, p.interpreter().cyclesPerStringOp() + p.interpreter().cyclesPerStringLeafCompare()
                + p.interpreter().cyclesPerRecordOneAtATime()
                + p.interpreter().cyclesPerRowOneAtATime());
        assertEquals(1, warnings.messages().size(), warnings.messages().toString());
        String warning = warnings.messages().get(0);
        assertTrue(warning.contains(file.toString()) && warning.contains(
                "[interpreter.cyclesPerStringOp, interpreter.cyclesPerStringLeafCompare, "
                + "interpreter.cyclesPerRecordOneAtATime, interpreter.cyclesPerRowOneAtATime]"), warning);
    }

    @Test
    void aProfileMeasuredBeforeParquetDecodingWasPricedByKindNamesThoseUnits() throws IOException {
        Path file = profile("before-kinds", CORES, "measured 2026-11-27 on this machine by bin/ispd calibrate-host");
        String text = Files.readString(file).replaceAll("\n  cyclesPer(DictionaryId|ByteArrayValue|DefinitionLevel"
                + "|SnappyByte|GzipByte|ZstdByte|PackedKey): [^\n]*", "");
        Files.writeString(file, text);
        HostProfile p = resolve(file);
        assertEquals("before-kinds", p.name());
        HostProfile.Interpreter i = p.interpreter();
        assertEquals(0, i.cyclesPerDictionaryId() + i.cyclesPerByteArrayValue() + i.cyclesPerDefinitionLevel()
                + i.cyclesPerSnappyByte() + i.cyclesPerGzipByte() + i.cyclesPerZstdByte() + i.cyclesPerPackedKey());
        assertEquals(1, warnings.messages().size(), warnings.messages().toString());
        String warning = warnings.messages().get(0);
        assertTrue(warning.contains(file.toString()) && warning.contains(
                "[interpreter.cyclesPerDictionaryId, interpreter.cyclesPerByteArrayValue, "
                + "interpreter.cyclesPerDefinitionLevel, interpreter.cyclesPerSnappyByte, interpreter.cyclesPerGzipByte, "
                + "interpreter.cyclesPerZstdByte, interpreter.cyclesPerPackedKey]"), warning);
    }

    @Test
    void aProfileFromAPaperKeepsItsCoresWhateverThisMachineHas() throws IOException {
        Path file = profile("paper", CORES + 1, "kang2013 V-A");
        assertEquals("paper", resolve(file).name());
        assertEquals(List.of(), warnings.messages());
    }

    @Test
    void aDamagedProfileIsAWarningAndTheDefaultPrices() throws IOException {
        Path file = dir.resolve("damaged.yaml");
        Files.writeString(file, "name: damaged\ncpu:\n  cores: {value: 4}\n");
        assertEquals("host-i5-2500", resolve(file).name());
        assertEquals(1, warnings.messages().size(), warnings.messages().toString());
        assertTrue(warnings.messages().get(0).contains(file.toString()) && warnings.messages().get(0).contains("damaged"), warnings.messages().get(0));
    }

    /**
     * A measured profile cut short (a disk that filled while calibrate-host wrote it) or with a
     * number that is no cost (negative, not a number): a warning naming the file, and the default
     * prices the splits, never a decision from garbage.
     */
    @Test
    void aMeasuredProfileCutShortOrWithANumberThatIsNoCostIsAWarningAndTheDefaultPrices() throws IOException {
        String source = "measured 2026-11-27 on this machine by bin/ispd calibrate-host";
        Path cut = profile("cut", CORES, source);
        String text = Files.readString(cut);
        Files.writeString(cut, text.substring(0, text.indexOf("\ninterpreter:") + 20));
        Path negative = profile("negative", CORES, source);
        Files.writeString(negative, Files.readString(negative).replaceFirst("(\n  cyclesPerRecord: \\{value: )[0-9.]+",
                "$1-40"));
        Path nan = profile("nan", CORES, source);
        Files.writeString(nan, Files.readString(nan).replaceFirst("(\n  cyclesPerRecord: \\{value: )[0-9.]+", "$1.nan"));
        for (Path file : List.of(cut, negative, nan)) {
            int before = warnings.messages().size();
            assertEquals("host-i5-2500", resolve(file).name(), file.toString());
            List<String> messages = warnings.messages();
            assertEquals(before + 1, messages.size(), messages.toString());
            assertTrue(messages.get(before).contains(file.toString()), messages.get(before));
        }
    }
}
